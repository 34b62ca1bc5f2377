import { accountBalance, accountsTable, controlAccount, type SystemRole } from '../../../mock-server/domain/accounting/index.js';
import {
  createCustomer,
  creditNotesTable,
  type CustomerRow,
  customersTable,
  debitNotesTable,
  invoicesTable,
  retrieveCustomer,
  toBase,
} from '../../../mock-server/domain/sales/index.js';
import { createItem, type ItemRow } from '../../../mock-server/domain/inventory/index.js';
import * as money from '../../../mock-server/domain/shared/money.js';
import { defineOutboxTable, OUTBOX } from '../../../mock-server/domain/shared/outbox.js';
import { seedChart } from '../../../mock-server/seed/chart.js';
import { world, type World } from './domain.js';

/** A domain world with helpers to make customers and items of one's own, and to read the books. */
export interface SalesWorld extends World {
  customer(fields?: Record<string, unknown>): CustomerRow;
  item(fields?: Record<string, unknown>): ItemRow;
  /** The customer as stored now. */
  reload(customerId: string): CustomerRow;
  /** Net balance of a control account (debit-normal for assets). */
  net(role: SystemRole): number;
  /** Journal entries written so far. */
  journalCount(): number;
}

let serial = 0;

/**
 * The demo seed (chart, tax codes, demo documents) or the empty seed plus the demo chart; customers
 * and items made by a test are its own, so its assertions do not depend on the demo data.
 */
export function salesWorld(kind: 'demo' | 'empty' = 'demo'): SalesWorld {
  const w = world(kind);
  // The service declares the outbox beside the domain's tables; a domain-only world declares it here.
  if (!w.store.hasTable(OUTBOX)) defineOutboxTable(w.store);
  if (kind === 'empty') w.store.transaction(() => seedChart(w.ctx, 'Maybank'));
  return {
    ...w,
    customer(fields = {}) {
      serial++;
      return createCustomer(w.ctx, { name: `Customer ${serial}`, email: `buyer${serial}@example.my`, paymentTerms: 30, ...fields });
    },
    item(fields = {}) {
      serial++;
      return createItem(w.ctx, {
        itemCode: `T-${serial}`,
        name: `Test item ${serial}`,
        type: 'service',
        pricing: { sellingPrice: 100 },
        tax: { salesTaxCode: 'SST10', taxable: true },
        ...fields,
      } as never);
    },
    reload: (customerId) => retrieveCustomer(w.ctx, customerId),
    net: (role) => accountBalance(w.ctx, controlAccount(w.ctx, role)).net,
    journalCount: () => w.store.table(w.ctx.companyId, 'journalEntries').size,
  };
}

/** The three figures that must agree, and whether the trial balance balances (the receivables property test). */
export function receivableBooks(w: World): {
  receivable: string;
  customers: string;
  openInvoices: string;
  trialDebit: string;
  trialCredit: string;
} {
  const ctx = w.ctx;
  const ar = accountBalance(ctx, controlAccount(ctx, 'accounts_receivable')).net;
  const customers = money.sum(
    customersTable(ctx)
      .all()
      .map((c) => c.currentBalance),
  );
  // Open amounts due less the customers' unapplied credit (SALES-40), in the company's currency.
  const open = money
    .sum(
      invoicesTable(ctx)
        .all()
        .filter((i) => i.status === 'sent')
        .map((i) => i.baseAmountDue),
    )
    .minus(
      money.sum(
        creditNotesTable(ctx)
          .all()
          .map((n) => n.baseRemainingCredit),
      ),
    );
  let debit = money.ZERO;
  let credit = money.ZERO;
  for (const account of accountsTable(ctx).all()) {
    const balance = accountBalance(ctx, account);
    debit = debit.plus(balance.debit);
    credit = credit.plus(balance.credit);
  }
  return {
    receivable: money.toFixed(ar),
    customers: money.toFixed(customers),
    openInvoices: money.toFixed(open),
    trialDebit: money.toFixed(debit),
    trialCredit: money.toFixed(credit),
  };
}

/**
 * Tax payable against the tax on the documents that owe it (ACC-27): posted invoices and debit notes
 * less credit notes, in the company's currency at each document's rate.
 */
export function taxBooks(w: World): { taxPayable: string; taxOnDocuments: string } {
  const ctx = w.ctx;
  const posted = invoicesTable(ctx)
    .all()
    .filter((i) => i.status === 'sent' || i.status === 'paid');
  const taxOf = (docs: readonly { totalTax: number; exchangeRate: number }[]) =>
    money.sum(docs.map((d) => toBase(d.totalTax, d.exchangeRate)));
  return {
    taxPayable: money.toFixed(accountBalance(ctx, controlAccount(ctx, 'tax_payable')).net),
    taxOnDocuments: money.toFixed(
      taxOf(posted)
        .plus(taxOf(debitNotesTable(ctx).all()))
        .minus(taxOf(creditNotesTable(ctx).all())),
    ),
  };
}
