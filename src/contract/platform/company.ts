import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { Address, isoDate, isoDateTime } from '../common.js';

/** The company profile; the spec does not show it (decision PLAT-1). */
export const Company = z.object({
  id: z.string(),
  name: z.string(),
  legalName: z.string(),
  registrationNumber: z.string().nullable(),
  taxNumber: z.string().nullable(),
  /** SST registration number; null when not registered. */
  sstRegistrationNumber: z.string().nullable(),
  currency: z.string().length(3),
  country: z.string().length(2),
  timezone: z.string(),
  fiscalYearStart: z.string().regex(/^\d{2}-\d{2}$/),
  plan: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: Address,
  /** How the ledger values stock and costs what is sold (INV-19; MFRS 102 allows both). */
  inventoryValuationMethod: z.enum(['fifo', 'average']),
  /**
   * Whether stock may go below zero (spec document 2, alert `negative_stock`): true, the service's
   * behaviour, lets a sale or a write-off take more than is held; false refuses it with `INSUFFICIENT_STOCK`.
   */
  allowNegativeStock: z.boolean(),
  /**
   * Nothing dated on or before it posts, voids or reverses, for anyone (decision ACC-32, as Xero's
   * "end of year" lock); null when the books are open.
   */
  lockDate: isoDate().nullable(),
  /** A stricter lock for every credential without the `admin` scope (the adviser), on or after `lockDate` (ACC-32). */
  periodLockDate: isoDate().nullable(),
  /**
   * How many months one tax return covers (decision ACC-40): 2, SST's taxable period, unless set to 1, 3, 4, 6
   * or 12; filing a return needs a period of exactly this length, and the preview's default period has it.
   */
  taxPeriodMonths: z.number().int(),
  createdAt: isoDateTime(),
});
export type Company = z.infer<typeof Company>;

export const companyRetrieve = endpoint({
  id: 'company.retrieve',
  method: 'GET',
  path: '/company',
  summary: 'The company chosen by X-Company-Id',
  description:
    'The company profile: names, registration and tax numbers, currency, country, timezone, fiscal-year ' +
    'start, plan, contact details and address.',
  example: 'const { currency, fiscalYearStart } = await acs.company.retrieve();',
  exampleCall: {},
  response: Company,
});

/** The lengths a taxable period may have, in months: each a whole fraction of a year, so periods tile it (ACC-40). */
export const TAX_PERIOD_MONTHS = [1, 2, 3, 4, 6, 12] as const;

/**
 * The company's settable settings (the spec shows no settings endpoint, decision PLAT-2):
 * a partial, strict so that a misspelt or read-only field is refused rather than silently dropped.
 */
export const CompanyUpdateParams = z.strictObject({
  /** False refuses every outflow beyond what is held, on any date, with 422 `INSUFFICIENT_STOCK`. */
  allowNegativeStock: z.boolean().optional(),
  /** The lock for everyone; null opens the books again (ACC-32). Moving it is written to the audit trail. */
  lockDate: isoDate().nullable().optional(),
  /** The lock for everyone but `admin` credentials; null removes it; never before `lockDate` (ACC-32). */
  periodLockDate: isoDate().nullable().optional(),
  /** The length of the taxable period in months, a whole fraction of a year: 1, 2 (SST's, the default), 3, 4, 6 or 12 (ACC-40). */
  taxPeriodMonths: z.literal(TAX_PERIOD_MONTHS).optional(),
});
export type CompanyUpdateParams = z.input<typeof CompanyUpdateParams>;

// Changing how the company's books behave is administration: `admin`, as webhook subscriptions.
export const companyUpdate = endpoint({
  id: 'company.update',
  method: 'PATCH',
  path: '/company',
  scope: 'admin',
  source: 'implied',
  summary: "Change the company's settings: whether stock may go below zero, the lock dates of its books, the tax period",
  description:
    "Changes the company's settings (needs the `admin` scope) and resolves to the profile as `retrieve` " +
    'shows it. `allowNegativeStock`: false refuses a sale or write-off beyond what is held with ' +
    '`INSUFFICIENT_STOCK`. `lockDate` closes the books on and before a date for everyone, `periodLockDate` ' +
    'for every credential without the `admin` scope: a posting, void or reversal dated then rejects with ' +
    '`PERIOD_LOCKED` (422). null opens them again. `taxPeriodMonths` sets how many months a tax return covers. An unknown field rejects with `ValidationError` and ' +
    'changes nothing.',
  example: "await acs.company.update({ lockDate: '2026-09-30' });",
  exampleCall: { body: { allowNegativeStock: false } },
  body: CompanyUpdateParams,
  response: Company,
});
