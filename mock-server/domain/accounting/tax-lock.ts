import type { CompanyContext } from '../../store/context.js';
import type { Table } from '../../store/index.js';
import { ServiceError } from '../../kernel/errors.js';
import { accountsTable, TAX_LOCKS, type JournalEntryRow } from './tables.js';

/**
 * The tax lock (decision ACC-36): the last day of the last filed tax return. A posting, void or reversal
 * with a tax payable line dated on or before it is refused, so a filed return stays what the ledger
 * says; the return's own payments are the exception, since settling it is what they are for.
 */
interface TaxLockRow {
  /** The company's id: one row per company. */
  id: string;
  filedThrough: string;
}

/** The source type of a tax payment's entry, which the tax lock lets through. */
export const TAX_PAYMENT_SOURCE = 'tax_payment';

const taxLocksTable = (ctx: CompanyContext): Table<TaxLockRow> => ctx.store.table<TaxLockRow>(ctx.companyId, TAX_LOCKS);

/** The last day of the last filed tax period, or null before the first return. */
export const taxFiledThrough = (ctx: CompanyContext): string | null => taxLocksTable(ctx).get(ctx.companyId)?.filedThrough ?? null;

/** Moves the tax lock to the end of a return just filed. */
export function lockTaxThrough(ctx: CompanyContext, date: string): void {
  const table = taxLocksTable(ctx);
  if (table.get(ctx.companyId)) table.update(ctx.companyId, { filedThrough: date });
  else table.insert({ id: ctx.companyId, filedThrough: date });
}

/**
 * Refuses an entry that moves tax payable, or tax recoverable (the input tax a VAT or GST return nets,
 * ACC-39), on a date a filed return covers: 422 PERIOD_LOCKED, lock `taxReturn`.
 */
export function assertTaxPeriodOpen(
  ctx: CompanyContext,
  entry: Pick<JournalEntryRow, 'date' | 'source' | 'reversalOfEntryId' | 'lines'>,
): void {
  const filedThrough = taxFiledThrough(ctx);
  if (filedThrough === null || entry.date > filedThrough || entry.source?.type === TAX_PAYMENT_SOURCE) return;
  const accounts = accountsTable(ctx);
  const taxAccounts = new Set(
    [...accounts.byIndex('systemRole', 'tax_payable'), ...accounts.byIndex('systemRole', 'tax_recoverable')].map((a) => a.id),
  );
  if (!entry.lines.some((line) => taxAccounts.has(line.accountId))) return;
  const what = entry.reversalOfEntryId ? 'a reversal' : entry.source ? `a ${entry.source.type}'s entry` : 'an entry';
  throw new ServiceError(
    'PERIOD_LOCKED',
    `Tax is filed to ${filedThrough}: ${what} dated ${entry.date} moves tax payable or tax recoverable in a filed tax period; date it after ${filedThrough}`,
    [
      {
        field: entry.reversalOfEntryId ? 'voidDate' : 'date',
        date: entry.date,
        lockDate: filedThrough,
        lock: 'taxReturn',
        ...(entry.source ? { source: { type: entry.source.type, id: entry.source.id } } : {}),
      },
    ],
  );
}
