import type { TaxCode } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { notFound } from '../../kernel/errors.js';
import { findTaxCode, type TaxCodeRow } from '../shared/tax-codes.js';

// The endpoints of the tax table (GET /tax-codes); the table and its look-ups are domain/shared/tax-codes.ts.
export * from '../shared/tax-codes.js';

/** Plain filters of `GET /tax-codes`. */
export interface TaxCodeFilters {
  active?: boolean;
}

/** The wire shape is the row itself; a copy, so a caller cannot reach into the store. */
export const presentTaxCode = (row: TaxCodeRow): TaxCode => ({ ...row });

/** `GET /tax-codes/{code}`: active or not, so old documents can still show theirs. */
export function retrieveTaxCode(ctx: CompanyContext, code: string): TaxCodeRow {
  const row = findTaxCode(ctx, code);
  if (!row) throw notFound('tax_code', code, 'NOT_FOUND', 'code');
  return row;
}

export function taxCodeMatches(filters: TaxCodeFilters): (row: TaxCodeRow) => boolean {
  return (row) => filters.active === undefined || row.isActive === filters.active;
}
