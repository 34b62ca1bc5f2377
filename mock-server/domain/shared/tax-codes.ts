import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { businessRule, conflict, validationError } from '../../kernel/errors.js';

// The company's tax table: reference data that sales documents, items (inventory), bills and e-invoices all
// name by code, so it sits below every module; the sales module serves its endpoints (GET /tax-codes).

export const TAX_CODES = 'taxCodes';

export interface TaxCodeRow {
  id: string;
  code: string;
  name: string;
  /** Percent: 10 means 10%. */
  rate: number;
  myinvoisTaxType: string;
  peppolCategory: string;
  /** Whether tax charged on purchases under this code is recovered from the authority (PUR-55); else it is a cost. */
  purchaseTaxRecoverable: boolean;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export function defineTaxCodeTable(store: Store): void {
  store.defineTable(TAX_CODES, { prefix: 'tax', indexes: ['code'] });
}

export const taxCodesTable = (ctx: CompanyContext): Table<TaxCodeRow> => ctx.store.table<TaxCodeRow>(ctx.companyId, TAX_CODES);

/** A tax code as the seed (or a later settings module) defines it. */
export interface NewTaxCode {
  code: string;
  name: string;
  rate: number;
  myinvoisTaxType: string;
  peppolCategory: string;
  /** False unless said: Malaysian SST is single-stage, so a buyer recovers none of it (PUR-55). */
  purchaseTaxRecoverable?: boolean;
  isActive?: boolean;
}

export const findTaxCode = (ctx: CompanyContext, code: string): TaxCodeRow | undefined => taxCodesTable(ctx).byIndex('code', code)[0];

/**
 * Whether tax charged on a purchase under `code` goes to tax recoverable (PUR-55); a code the table
 * no longer has, or one without tax, is not recoverable, so its tax stays with the cost.
 */
export const isPurchaseTaxRecoverable = (ctx: CompanyContext, code: string | null): boolean =>
  code !== null && findTaxCode(ctx, code)?.purchaseTaxRecoverable === true;

/** Codes a new line or item may name, in code order. */
export const activeTaxCodes = (ctx: CompanyContext): string[] =>
  taxCodesTable(ctx)
    .all()
    .filter((row) => row.isActive)
    .map((row) => row.code)
    .sort();

/**
 * The active tax code a line or an item names (SALES-17: a line's `taxCode` must name one of the
 * company's codes); anything else is a 422 VALIDATION_ERROR `INVALID_CHOICE` listing the codes.
 */
export function resolveTaxCode(ctx: CompanyContext, code: string, field: string): TaxCodeRow {
  const row = findTaxCode(ctx, code);
  if (row?.isActive) return row;
  const known = activeTaxCodes(ctx);
  const why = row ? `tax code ${code} is inactive` : `no tax code ${code}`;
  throw validationError([
    {
      field,
      code: 'INVALID_CHOICE',
      message: known.length ? `${why}; the company's tax codes are ${known.join(', ')}` : `${why}; the company has no tax codes`,
      value: code,
      constraint: known,
    },
  ]);
}

/**
 * The company's not-taxable code: rate 0 and PEPPOL category `O` (outside the scope of tax), active
 * first. Document 3 needs a tax code on every line, so a line with no tax names this one.
 */
export function notTaxableCode(ctx: CompanyContext): TaxCodeRow {
  const outside = taxCodesTable(ctx)
    .all()
    .filter((row) => row.rate === 0 && row.peppolCategory === 'O')
    .sort((a, b) => Number(b.isActive) - Number(a.isActive));
  if (outside.length === 0)
    throw businessRule('the company has no not-taxable tax code (rate 0, PEPPOL category O) for lines without tax', {});
  return outside[0];
}

/** Adds a code to the company's tax table; a code already there is a 409 CONFLICT. */
export function createTaxCode(ctx: CompanyContext, input: NewTaxCode): TaxCodeRow {
  return ctx.store.transaction(() => {
    const existing = findTaxCode(ctx, input.code);
    if (existing) throw conflict('tax_code', 'code', input.code, existing.id);
    if (!(input.rate >= 0 && input.rate <= 100)) {
      throw validationError([{ field: 'rate', code: 'INVALID_FORMAT', message: 'a rate is a percent from 0 to 100', value: input.rate }]);
    }
    const table = taxCodesTable(ctx);
    const now = ctx.clock.iso();
    return table.insert({
      id: table.newId(),
      code: input.code,
      name: input.name,
      rate: input.rate,
      myinvoisTaxType: input.myinvoisTaxType,
      peppolCategory: input.peppolCategory,
      purchaseTaxRecoverable: input.purchaseTaxRecoverable ?? false,
      isActive: input.isActive ?? true,
      createdAt: now,
      updatedAt: now,
    });
  });
}
