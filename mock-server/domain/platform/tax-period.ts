import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';

// The length of the company's taxable period (decision ACC-40): a company's own record, as the lock dates
// are, so a change is a write of a tenant table that the audit trail records.

export const TAX_SETTINGS = 'taxSettings';

/** SST's taxable period is two months (Sales Tax Act 2018 s. 2; Service Tax Act 2018 s. 2). */
export const DEFAULT_TAX_PERIOD_MONTHS = 2;

/** The company's tax settings; its id is the company id. No row means the default. */
interface TaxSettingsRow {
  id: string;
  taxPeriodMonths: number;
}

export function defineTaxSettingsTable(store: Store): void {
  store.defineTable(TAX_SETTINGS, { prefix: 'txs' });
}

const taxSettingsTable = (ctx: CompanyContext): Table<TaxSettingsRow> => ctx.store.table<TaxSettingsRow>(ctx.companyId, TAX_SETTINGS);

/** How many months one tax return covers (ACC-40): two unless the company set another. */
export const taxPeriodMonthsOf = (ctx: CompanyContext): number =>
  taxSettingsTable(ctx).get(ctx.companyId)?.taxPeriodMonths ?? DEFAULT_TAX_PERIOD_MONTHS;

/** Sets the length of the taxable period; writes only a change. */
export function setTaxPeriodMonths(ctx: CompanyContext, months: number): void {
  if (months === taxPeriodMonthsOf(ctx)) return;
  const table = taxSettingsTable(ctx);
  if (table.has(ctx.companyId)) table.update(ctx.companyId, { taxPeriodMonths: months });
  else table.insert({ id: ctx.companyId, taxPeriodMonths: months });
}
