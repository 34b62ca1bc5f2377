import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, rate } from '../common.js';
import { currencyCode } from '../currencies.js';

// The company's exchange-rate table (decision ACC-41): the spec has none; a currency revaluation (ACC-37, ACC-42)
// reads a currency's latest rate on or before its date when the call gives none.

/** One currency's rate on one date, against the company's base currency. */
export const ExchangeRate = z.object({
  id: z.string(),
  /** The foreign currency, ISO 4217. */
  currency: z.string().length(3),
  /** The company's currency, which the rate is in. */
  baseCurrency: z.string().length(3),
  /** The day the rate is for. */
  date: isoDate(),
  /** Units of `baseCurrency` per unit of `currency`: positive, at most 8 decimal places. */
  rate: z.number(),
  createdAt: isoDateTime(),
  /** When the rate was last set; `createdAt` until a second set of the same currency and date. */
  updatedAt: isoDateTime(),
});
export type ExchangeRate = z.infer<typeof ExchangeRate>;

/** Body of `PUT /exchange-rates`: the currency and date say which rate, as `itemId` and `locationId` say which stock record. */
export const ExchangeRateSetParams = z.object({
  /** An active ISO 4217 code other than the company's own. */
  currency: currencyCode(),
  /** `YYYY-MM-DD`: the day the rate holds for. */
  date: isoDate(),
  /** Units of the company's currency per unit of `currency` (`4.21`): positive, at most 8 decimal places. */
  rate: rate(),
});
export type ExchangeRateSetParams = z.input<typeof ExchangeRateSetParams>;

export const ExchangeRateListParams = z.object({
  /** Only this currency's rates. */
  currency: currencyCode().optional(),
  /** Rates dated on or after this day. */
  dateFrom: isoDate().optional(),
  /** Rates dated on or before this day. */
  dateTo: isoDate().optional(),
  ...cursorPageQuery,
});
export type ExchangeRateListParams = z.input<typeof ExchangeRateListParams>;

export const exchangeRatesSet = endpoint({
  id: 'exchangeRates.set',
  method: 'PUT',
  path: '/exchange-rates',
  scope: 'write:accounts',
  source: 'implied',
  summary: "Set a currency's exchange rate on a date",
  description:
    "Sets the company's rate of `currency` on `date`, in units of the company's currency per unit (`PUT " +
    '/v1/exchange-rates`); a second set of the same currency and date replaces the rate. A currency revaluation ' +
    "reads a currency's latest rate on or before its date when its call gives none. A currency outside ISO 4217 " +
    "or the company's own, a malformed date, or a rate that is not positive rejects with `ValidationError` and " +
    'changes nothing.',
  example: "const usd = await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-31', rate: 4.21 });",
  exampleCall: { body: { currency: 'USD', date: '2026-10-31', rate: 4.21 } },
  body: ExchangeRateSetParams,
  response: ExchangeRate,
});

export const exchangeRatesList = endpoint({
  id: 'exchangeRates.list',
  method: 'GET',
  path: '/exchange-rates',
  scope: 'read:accounts',
  source: 'implied',
  summary: "List the company's exchange rates",
  description:
    "The company's rates, latest date first (currency by currency within a day), cursor-paged; filter by " +
    '`currency`, `dateFrom` and `dateTo`.',
  example: "for await (const r of acs.exchangeRates.list({ currency: 'USD', dateFrom: '2026-10-01' })) console.log(r.date, r.rate);",
  exampleCall: { query: { currency: 'USD' } },
  query: ExchangeRateListParams,
  response: ExchangeRate,
  list: { paging: 'cursor', defaultSort: 'date:desc,currency:asc', defaultLimit: 50, maxLimit: 100 },
});
