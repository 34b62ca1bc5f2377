import type { TaxReturn } from '../../../../src/contract/index.js';
import { notFound } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import type { Store, Table } from '../../../store/index.js';

// The filed tax returns' table (decision ACC-35), which filing and the payments both write.
export const TAX_RETURNS = 'taxReturns';

export type TaxReturnRow = TaxReturn & { id: string; returnNumber: string };

export function defineTaxReturnTables(store: Store): void {
  store.defineTable(TAX_RETURNS, { prefix: 'txr' });
}

export const taxReturnsTable = (ctx: CompanyContext): Table<TaxReturnRow> => ctx.store.table<TaxReturnRow>(ctx.companyId, TAX_RETURNS);

/** The stored return as the API shows it. */
export const presentTaxReturn = (row: TaxReturn): TaxReturn => ({ ...row, lines: [...row.lines], payments: [...row.payments] });

/** The filed return with this id, or 404 TAX_RETURN_NOT_FOUND. */
export function retrieveTaxReturn(ctx: CompanyContext, taxReturnId: string): TaxReturnRow {
  const row = taxReturnsTable(ctx).get(taxReturnId);
  if (!row) throw notFound('tax return', taxReturnId, 'TAX_RETURN_NOT_FOUND', 'taxReturnId');
  return row;
}
