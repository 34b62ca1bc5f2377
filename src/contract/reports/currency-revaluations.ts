import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, moneyTotal, rate } from '../common.js';

// Currency revaluations (decisions ACC-37, ACC-38): the spec has none; IAS 21.23 restates foreign-currency
// monetary items (open invoices and bills, foreign bank balances) at the closing rate, as Xero's and Odoo's
// revaluations do, with the unrealised difference reversed the next day.

export const REVALUED_KINDS = ['invoice', 'credit_note', 'bill', 'account'] as const;

/** One restated item: an open invoice, a credit note's unused credit, an open bill or a foreign-currency bank or cash account. */
export const CurrencyRevaluationLine = z.object({
  /** `invoice` and `credit_note` (receivables), `bill` (payables) or `account` (a bank or cash account kept in the currency). */
  kind: z.enum(REVALUED_KINDS),
  /** The invoice's, bill's or account's id. */
  documentId: z.string(),
  /** `INV-000042`, `CN-000003`, `BILL-000007`, or the account number. */
  documentNumber: z.string(),
  /** The foreign currency, ISO 4217. */
  currency: z.string().length(3),
  /** What was open (or held) at the date, in `currency`; a credit note's unused credit is negative (it lowers receivables). */
  openAmount: moneyTotal(),
  /** The rate the books carry it at: the document's rate, or the account's balance over its foreign amount. */
  historicalRate: z.number(),
  /** The books' amount in the company's currency (what receivables, payables or the account hold for it). */
  historicalAmount: moneyTotal(),
  /** The date's rate, company units per unit of `currency`. */
  newRate: z.number(),
  /** `openAmount` at `newRate`, in the company's currency. */
  revaluedAmount: moneyTotal(),
  /** `revaluedAmount` less `historicalAmount`: what the control or bank account moves by. */
  difference: moneyTotal(),
  /** The unrealised gain (positive) or loss (negative): `difference`, the other way for a bill. */
  gainLoss: moneyTotal(),
});
export type CurrencyRevaluationLine = z.infer<typeof CurrencyRevaluationLine>;

/** One currency's rate a run used. */
export const CurrencyRevaluationRate = z.object({
  currency: z.string().length(3),
  rate: z.number(),
  /** `request`: given in the call; `table`: the company's exchange-rate table's latest on or before the date (ACC-42). */
  source: z.enum(['request', 'table']),
  /** The date of the table's rate used; null for a rate given in the call. */
  rateDate: isoDate().nullable(),
});
export type CurrencyRevaluationRate = z.infer<typeof CurrencyRevaluationRate>;

export const CurrencyRevaluation = z.object({
  id: z.string(),
  /** `FXR-000001`. */
  revaluationNumber: z.string(),
  /** The date restated at: the entry's date. */
  date: isoDate(),
  /** The day after `date`: the reversing entry's date. */
  reversalDate: isoDate(),
  /** The company's currency, of every amount but `openAmount`. */
  currency: z.string(),
  rates: z.array(CurrencyRevaluationRate),
  lines: z.array(CurrencyRevaluationLine),
  /** Net differences by what they restate, company currency. */
  totals: z.object({
    receivables: moneyTotal(),
    payables: moneyTotal(),
    accounts: moneyTotal(),
    /** Posted to unrealised exchange gain/loss: positive a gain. */
    gainLoss: moneyTotal(),
  }),
  /** The entry on `date`: the control and bank accounts against unrealised exchange gain/loss. */
  journalEntryId: z.string(),
  /** The same entry reversed on `reversalDate`, so the books return to the historical rates. */
  reversalJournalEntryId: z.string(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
});
export type CurrencyRevaluation = z.infer<typeof CurrencyRevaluation>;

/** Body of `POST /currency-revaluations`. */
export const CurrencyRevaluationCreateParams = z.object({
  /** `YYYY-MM-DD`, not after the company's today; defaults to today. One run per date. */
  date: isoDate().optional(),
  /**
   * The date's rate of a foreign currency the books hold, company units per unit (`{ USD: 4.21 }`). A currency held
   * and not named here takes the exchange-rate table's latest rate on or before `date`; one with neither rejects
   * with 422 `VALIDATION_ERROR` on `rates.<CUR>` (ACC-42).
   */
  rates: z.record(z.string().regex(/^[A-Z]{3}$/, 'a currency is three capital letters (ISO 4217)'), rate()).optional(),
});
export type CurrencyRevaluationCreateParams = z.input<typeof CurrencyRevaluationCreateParams>;

export const CurrencyRevaluationIdParams = z.object({ currencyRevaluationId: z.string() });

export const CurrencyRevaluationListParams = z.object({ ...cursorPageQuery });
export type CurrencyRevaluationListParams = z.input<typeof CurrencyRevaluationListParams>;

export const currencyRevaluationsCreate = endpoint({
  id: 'currencyRevaluations.create',
  method: 'POST',
  path: '/currency-revaluations',
  scope: 'write:accounts',
  source: 'implied',
  status: 201,
  summary: 'Restate foreign-currency balances at a date',
  description:
    'Restates open foreign-currency invoices (receivables), approved bills (payables) and bank or cash accounts kept ' +
    "in a foreign currency on `date`, each currency at the rate given, else at the exchange-rate table's latest on " +
    'or before `date`: one balanced entry moves the control and bank accounts against unrealised exchange ' +
    'gain/loss, and its reversal on the next day returns them to the historical rates. A currency with neither ' +
    'rate, a second run for a date, or a foreign settlement dated after `date` rejects with ' +
    '422; a locked date with 422 `PERIOD_LOCKED`.',
  example: "const run = await acs.currencyRevaluations.create({ date: '2026-10-31', rates: { USD: 4.21 } });",
  body: CurrencyRevaluationCreateParams,
  response: CurrencyRevaluation,
});

export const currencyRevaluationsList = endpoint({
  id: 'currencyRevaluations.list',
  method: 'GET',
  path: '/currency-revaluations',
  scope: 'read:accounts',
  source: 'implied',
  summary: 'List currency revaluations',
  description: 'The revaluation runs, latest date first, cursor-paged.',
  example: 'for await (const run of acs.currencyRevaluations.list()) console.log(run.date, run.totals.gainLoss);',
  query: CurrencyRevaluationListParams,
  response: CurrencyRevaluation,
  list: { paging: 'cursor', defaultSort: 'date:desc', defaultLimit: 20, maxLimit: 100 },
});

export const currencyRevaluationsRetrieve = endpoint({
  id: 'currencyRevaluations.retrieve',
  method: 'GET',
  path: '/currency-revaluations/{currencyRevaluationId}',
  scope: 'read:accounts',
  source: 'implied',
  summary: 'Get one currency revaluation',
  description:
    'One run with its lines, document by document. Rejects with `NotFoundError` (`CURRENCY_REVALUATION_NOT_FOUND`) for an unknown id.',
  params: CurrencyRevaluationIdParams,
  response: CurrencyRevaluation,
});
