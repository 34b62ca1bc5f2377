import type { CompanyContext } from '../../store/context.js';
import { businessRule } from '../../kernel/errors.js';
import { accountsTable, controlAccount, findAccountByNumber, type AccountRow } from '../accounting/index.js';
import { createInvoiceWithLines, priceLines, sendInvoice, type InvoiceRow } from '../sales/index.js';
import type { ActingContext } from '../shared/actor.js';
import { syncedRecordId } from './sync-runs.js';
import type { IntegrationRow } from './tables.js';
import { CONTROL_STANDARDS, type SourceAccount } from './upstream/accounting-source.js';

/**
 * Our account for one of the source's: its control accounts are always ours (a second receivables
 * account would split the subledger); with `mapToStandard`, one of ours of the same type with the
 * same number, the same name, or the same role.
 */
export function standardAccount(ctx: CompanyContext, source: SourceAccount, mapToStandard: boolean): AccountRow | undefined {
  if (source.standard && CONTROL_STANDARDS.includes(source.standard)) return controlAccount(ctx, source.standard);
  if (!mapToStandard) return undefined;
  const sameType = (row: AccountRow | undefined) => (row && row.type === source.type ? row : undefined);
  const name = source.name.toLowerCase();
  return (
    sameType(findAccountByNumber(ctx, source.number)) ??
    accountsTable(ctx)
      .all()
      .find((row) => row.type === source.type && row.isActive && row.name.toLowerCase() === name) ??
    (source.standard ? sameType(accountsTable(ctx).byIndex('systemRole', source.standard)[0]) : undefined)
  );
}

/** Our account a source account number became (export-coa runs first); 422 when the chart was not brought over. */
export function migratedAccount(ctx: CompanyContext, integration: IntegrationRow, sourceNumber: string): AccountRow {
  const id = syncedRecordId(ctx, integration, 'account', `acct_${sourceNumber}`);
  const account = id ? accountsTable(ctx).get(id) : undefined;
  if (!account)
    throw businessRule(`source account ${sourceNumber} is not in the chart; run export-coa first`, { accountNumber: sourceNumber });
  return account;
}

/**
 * An invoice brought over from the source, posted at once (no message to the customer): each line
 * credits the account given, the receivable is the customer's. An opening balance credits Opening
 * Balance Equity, so receivables equal the open invoices and the entry balances.
 */
export function migratedInvoice(
  ctx: ActingContext,
  customerId: string,
  input: { date: string; reference: string; lines: { description: string; amount: number; accountId: string }[] },
): InvoiceRow {
  const priced = priceLines(
    ctx,
    input.lines.map((line) => ({ description: line.description, quantity: 1, unitPrice: line.amount, taxCode: null })),
  );
  const lines = priced.map((line, i) => ({ ...line, incomeAccountId: input.lines[i]!.accountId, salesOrderLineId: null }));
  const draft = createInvoiceWithLines(
    ctx,
    customerId,
    { invoiceDate: input.date, dueDate: input.date, reference: input.reference },
    lines,
  );
  return sendInvoice(ctx, draft.id, {}, { recordMessage: false });
}

/** The account an opening balance's other side posts to (the chart's opening balance equity). */
export const openingBalanceAccount = (ctx: CompanyContext): AccountRow => controlAccount(ctx, 'opening_balance');
