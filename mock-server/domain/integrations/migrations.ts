import {
  CustomerCreateParams,
  SupplierCreateParams,
  type ExportCoaParams,
  type FullMigrationParams,
  type FullMigrationResult,
  type MigrateCustomersParams,
  type MigrateTransactionsParams,
  type MigrateTransactionsResult,
} from '../../../src/contract/index.js';
import { businessRule } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { createAccount, createJournalEntry, postJournalEntry } from '../accounting/index.js';
import { createCustomer, recordPayment } from '../sales/index.js';
import { approveBill, createBill, createSupplier, suppliersTable } from '../purchasing/index.js';
import { addMonths, companyToday } from '../shared/calendar.js';
import * as money from '../shared/money.js';
import { FINANCE_PAGE, presentFinanceRun, syncDays } from './finance-access.js';
import { pagesOf, spendUpstreamRequests } from './upstream-quota.js';
import { migratedAccount, migratedInvoice, openingBalanceAccount, standardAccount } from './migration-books.js';
import { defineSyncOperation, emptyTally, mergeTallies, syncedRecordId, syncItems, wanted } from './sync-runs.js';
import type { IntegrationRow, IntegrationSyncRow } from './tables.js';
import {
  SOURCE_CHART,
  sourceCustomers,
  sourceTransactions,
  type SourceTransaction,
  type SourceTransactionType,
} from './upstream/accounting-source.js';

/** The source's conversion date, which its opening balances are owed on: the first of the month three months back. */
const conversionDate = (ctx: CompanyContext): string => addMonths(`${companyToday(ctx).slice(0, 8)}01`, -3);

/** `export-coa` (spec document 3): the source's chart, created here through the accounting domain, or linked to ours. */
export const exportCoaOperation = defineSyncOperation({
  operation: 'export-coa',
  sync(ctx, integration, request, retry) {
    const body = request as ExportCoaParams;
    const accounts = SOURCE_CHART.filter((a) => a.active || body.options?.includeInactive);
    spendUpstreamRequests(ctx, integration, pagesOf(accounts.length, FINANCE_PAGE));
    let mapped = 0;
    const tally = syncItems(ctx, integration, 'account', wanted(accounts, retry), {
      create: (source) => {
        const ours = standardAccount(ctx, source, body.options?.mapToStandard === true);
        if (ours) {
          mapped += 1;
          return ours.id;
        }
        return createAccount(ctx, {
          accountNumber: source.number,
          name: source.name,
          type: source.type,
          category: source.category,
          isActive: source.active,
        }).id;
      },
    });
    const counters = {
      accountsProcessed: accounts.length,
      accountsCreated: tally.created - mapped,
      accountsMapped: mapped,
      accountsFailed: tally.failed,
    };
    return { counters, processed: accounts.length, tally };
  },
});

/** `migrate-customers` (payload not shown in the spec): the source's customers, each with its opening balance as one posted opening-balance invoice. */
export const migrateCustomersOperation = defineSyncOperation({
  operation: 'migrate-customers',
  sync(ctx, integration, request, retry) {
    const body = request as MigrateCustomersParams;
    const customers = sourceCustomers(integration);
    spendUpstreamRequests(ctx, integration, pagesOf(customers.length, FINANCE_PAGE));
    const withOpening = body.includeOpeningBalances !== false;
    const opened: number[] = [];
    const tally = syncItems(ctx, integration, 'customer', wanted(customers, retry), {
      create: (source) => {
        const customer = createCustomer(
          ctx,
          CustomerCreateParams.parse({
            name: source.name,
            email: source.email,
            notes: `Migrated from ${integration.name} (${source.externalId})`,
          }),
        );
        if (withOpening && source.openingBalance > 0) {
          const line = {
            description: `Opening balance from ${integration.name}`,
            amount: source.openingBalance,
            accountId: openingBalanceAccount(ctx).id,
          };
          migratedInvoice(ctx, customer.id, { date: conversionDate(ctx), reference: `Opening ${source.externalId}`, lines: [line] });
          opened.push(source.openingBalance);
        }
        return customer.id;
      },
    });
    const counters = {
      customersProcessed: customers.length,
      customersCreated: tally.created,
      customersFailed: tally.failed,
      openingBalancesPosted: opened.length,
      openingBalanceTotal: money.toNumber(money.sum(opened)),
    };
    return { counters, processed: customers.length, tally };
  },
});

const linked = (ctx: CompanyContext, integration: IntegrationRow, type: string, externalId: string | undefined, what: string): string => {
  const id = externalId ? syncedRecordId(ctx, integration, type, externalId) : undefined;
  if (!id) throw businessRule(`${what} ${externalId ?? ''} is not migrated yet; migrate it first`, { externalId: externalId ?? null });
  return id;
};

/** One source transaction through the domain's own function for its kind. */
function migrateTransaction(ctx: CompanyContext, integration: IntegrationRow, t: SourceTransaction): string {
  if (t.type === 'invoice') {
    const customerId = linked(ctx, integration, 'customer', t.customerId, 'customer');
    const lines = t.lines.map((l) => ({
      description: l.description,
      amount: l.amount,
      accountId: migratedAccount(ctx, integration, l.accountNumber).id,
    }));
    return migratedInvoice(ctx, customerId, { date: t.date, reference: t.externalId, lines }).id;
  }
  if (t.type === 'payment') {
    const invoiceId = linked(ctx, integration, 'transaction', t.invoiceId, 'invoice');
    return recordPayment(ctx, invoiceId, { amount: t.amount, paymentDate: t.date, paymentMethod: 'bank_transfer', reference: t.externalId })
      .id;
  }
  if (t.type === 'journal_entry') {
    const lines = t.lines.map((l) => ({
      accountId: migratedAccount(ctx, integration, l.accountNumber).id,
      description: l.description,
      ...(l.amount >= 0 ? { debit: l.amount } : { credit: -l.amount }),
    }));
    const entry = createJournalEntry(ctx, {
      date: t.date,
      reference: t.externalId,
      description: `Migrated from ${integration.name}`,
      lines,
    });
    return postJournalEntry(ctx, entry.id).id;
  }
  // A bill: its supplier found by name or created, the bill created and approved (posted) through purchasing.
  const name = t.supplierName!;
  const supplier =
    suppliersTable(ctx)
      .all()
      .find((s) => s.name === name) ?? createSupplier(ctx, SupplierCreateParams.parse({ name }));
  const items = t.lines.map((l) => ({
    description: l.description,
    quantity: 1,
    unitPrice: l.amount,
    taxCode: null,
    accountCode: migratedAccount(ctx, integration, l.accountNumber).accountNumber,
  }));
  const bill = createBill(ctx, { supplierId: supplier.id, supplierInvoiceNumber: t.externalId, billDate: t.date, dueDate: t.date, items });
  return approveBill(ctx, bill.id).id;
}

const TYPES: readonly SourceTransactionType[] = ['invoice', 'bill', 'payment', 'journal_entry'];

/** `migrate-transactions` (spec document 3): the source's transactions of the range and types, oldest first, each through its domain. */
export const migrateTransactionsOperation = defineSyncOperation({
  operation: 'migrate-transactions',
  sync(ctx, integration, request, retry) {
    const body = request as MigrateTransactionsParams;
    const types = new Set(body.transactionTypes ?? TYPES);
    const transactions = sourceTransactions(integration, syncDays(ctx, body.dateRange), types);
    spendUpstreamRequests(ctx, integration, pagesOf(transactions.length, body.batchSize ?? 100));
    const tally = emptyTally();
    const byType: Record<string, number> = {};
    for (const type of TYPES.filter((t) => types.has(t))) {
      const items = transactions.filter((t) => t.type === type);
      const part = syncItems(ctx, integration, 'transaction', wanted(items, retry), {
        create: (t) => migrateTransaction(ctx, integration, t),
      });
      Object.assign(byType, { [`${type}.processed`]: items.length, [`${type}.created`]: part.created, [`${type}.failed`]: part.failed });
      mergeTallies(tally, [part]);
    }
    const counters = {
      transactionsProcessed: transactions.length,
      transactionsCreated: tally.created,
      transactionsFailed: tally.failed,
      ...byType,
    };
    return { counters, processed: transactions.length, tally };
  },
});

/** A migrate-transactions run's answer: its counters by type (kept flat on the run, `invoice.created`) as `byType`. */
export function presentTransactionsRun(run: IntegrationSyncRow): MigrateTransactionsResult {
  const { counters } = run;
  const byType: MigrateTransactionsResult['byType'] = {};
  for (const type of TYPES) {
    if (counters[`${type}.processed`] === undefined) continue;
    byType[type] = {
      processed: Number(counters[`${type}.processed`]),
      created: Number(counters[`${type}.created`]),
      failed: Number(counters[`${type}.failed`]),
    };
  }
  return {
    syncId: run.id,
    status: run.status,
    startedAt: run.startedAt,
    transactionsProcessed: Number(counters.transactionsProcessed),
    transactionsCreated: Number(counters.transactionsCreated),
    transactionsFailed: Number(counters.transactionsFailed),
    byType,
  };
}

/** `full-migration` (payload not shown in the spec): the chart, the customers, then the transactions; each part is its own sync run (retry-failed retries a part). */
export function fullMigration(ctx: CompanyContext, integration: IntegrationRow, body: FullMigrationParams): FullMigrationResult {
  const base = { integrationId: integration.id };
  const chartOfAccounts = presentFinanceRun<FullMigrationResult['chartOfAccounts']>(
    exportCoaOperation.run(ctx, integration, { ...base, options: body.options }),
  );
  const customers = presentFinanceRun<FullMigrationResult['customers']>(migrateCustomersOperation.run(ctx, integration, base));
  const transactions = presentTransactionsRun(
    migrateTransactionsOperation.run(ctx, integration, { ...base, dateRange: body.dateRange, transactionTypes: body.transactionTypes }),
  );
  const parts = [chartOfAccounts.status, customers.status, transactions.status];
  const status = parts.every((s) => s === 'completed')
    ? 'completed'
    : parts.every((s) => s === 'failed')
      ? 'failed'
      : 'completed_with_errors';
  return { status, chartOfAccounts, customers, transactions };
}
