import type { ExchangeRate, ExchangeRateListParams, ExchangeRateSetParams } from '../../../src/contract/index.js';
import { validationError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { companyCurrency } from '../platform/index.js';
import { exchangeRatesTable, type ExchangeRateRow } from './tables.js';

/** The stored rate as the API shows it. */
export const presentExchangeRate = (row: ExchangeRateRow): ExchangeRate => ({ ...row });

/**
 * `PUT /exchange-rates` (decision ACC-41): the company's rate of a currency on a date, one row per currency and
 * date, so a second set replaces the rate. The company's own currency has no rate to it: 422 on `currency`.
 */
export function setExchangeRate(ctx: CompanyContext, input: ExchangeRateSetParams): ExchangeRateRow {
  const baseCurrency = companyCurrency(ctx);
  if (input.currency === baseCurrency) {
    throw validationError([
      {
        field: 'currency',
        code: 'INVALID_CHOICE',
        value: input.currency,
        message: `${baseCurrency} is the company's own currency: its rate is 1, and the table holds the others`,
      },
    ]);
  }
  const table = exchangeRatesTable(ctx);
  const now = ctx.clock.iso();
  const existing = table.byIndex('currency', input.currency).find((row) => row.date === input.date);
  // The same rate again changes nothing, so the audit trail records only a change.
  if (existing) return existing.rate === input.rate ? existing : table.update(existing.id, { rate: input.rate, updatedAt: now });
  return table.insert({
    id: table.newId(),
    currency: input.currency,
    baseCurrency,
    date: input.date,
    rate: input.rate,
    createdAt: now,
    updatedAt: now,
  });
}

/** The list's filters: `currency`, `dateFrom`, `dateTo`. */
export function exchangeRateMatches(filters: ExchangeRateListParams): (row: ExchangeRateRow) => boolean {
  return (row) =>
    (filters.currency === undefined || row.currency === filters.currency) &&
    (filters.dateFrom === undefined || row.date >= filters.dateFrom) &&
    (filters.dateTo === undefined || row.date <= filters.dateTo);
}

/** The table's latest rate of `currency` dated on or before `date`, or undefined when it holds none (decision ACC-42). */
export function latestExchangeRate(ctx: CompanyContext, currency: string, date: string): ExchangeRateRow | undefined {
  let latest: ExchangeRateRow | undefined;
  for (const row of exchangeRatesTable(ctx).byIndex('currency', currency)) {
    if (row.date <= date && (!latest || row.date > latest.date)) latest = row;
  }
  return latest;
}
