import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, moneyTotal } from '../common.js';
import { reportFormat } from './common.js';

// Tax returns and tax payments (decisions ACC-35, ACC-36): the spec has none; SST payable (2120) must be
// reported and paid by taxable period (two months for SST), as Xero's, QuickBooks' and Odoo's returns are.
// A VAT or GST company's recoverable input tax (1180) is netted in the return (ACC-39); the period's length is a
// company setting (ACC-40); the return is a file too, as the reports are (REP-35, REP-95).

export const TAX_RETURN_STATUSES = ['draft', 'filed', 'paid'] as const;
export const TaxReturnStatus = z.enum(TAX_RETURN_STATUSES);
export type TaxReturnStatus = z.infer<typeof TaxReturnStatus>;

/** One tax code's figures in a return, in the company's currency. */
export const TaxReturnLine = z.object({
  /** The tax code (see `GET /tax-codes`). */
  taxCode: z.string(),
  /** The code's name. */
  name: z.string(),
  /** `sales` (MyInvois type 01), `service` (02) or `other`. */
  taxType: z.enum(['sales', 'service', 'other']),
  /** Percent: 10 means 10%. */
  rate: z.number(),
  /** Net amount of the documents' lines under the code: invoices and debit notes less credit notes and cancellations. */
  taxableAmount: moneyTotal(),
  /** The tax those documents posted to tax payable, net of credit notes and cancellations. */
  taxAmount: moneyTotal(),
});
export type TaxReturnLine = z.infer<typeof TaxReturnLine>;

/** What a return's period holds, by kind of document, in tax. */
export const TaxReturnAdjustments = z.object({
  /** Tax on invoices dated in the period. */
  invoices: moneyTotal(),
  /** Tax on debit notes dated in the period. */
  debitNotes: moneyTotal(),
  /** Tax given back by credit notes dated in the period (negative). */
  creditNotes: moneyTotal(),
  /** Tax reversed by cancellations and voids dated in the period (negative). */
  cancellations: moneyTotal(),
});
export type TaxReturnAdjustments = z.infer<typeof TaxReturnAdjustments>;

export const TaxPayment = z.object({
  id: z.string(),
  /** When the money moved. */
  paymentDate: isoDate(),
  /** Positive: paid to the authority; on a return that is owed money back, the refund received. */
  amount: money(),
  /** The bank account the money moved through. */
  accountId: z.string(),
  /** The entry: Dr tax payable / Cr the bank, or the other way for a refund. */
  journalEntryId: z.string(),
  reference: z.string().nullable(),
  createdAt: isoDateTime(),
});
export type TaxPayment = z.infer<typeof TaxPayment>;

export const TaxReturn = z.object({
  /** Null on a draft (`GET /tax-returns/preview`), which is computed and not kept. */
  id: z.string().nullable(),
  /** `TR-000001`; null on a draft. */
  returnNumber: z.string().nullable(),
  periodFrom: isoDate(),
  periodTo: isoDate(),
  status: TaxReturnStatus,
  currency: z.string(),
  lines: z.array(TaxReturnLine),
  adjustments: TaxReturnAdjustments,
  /** Output tax: the tax of the lines, what the period's sales documents moved on tax payable. */
  outputTax: moneyTotal(),
  /**
   * Input tax: the recoverable tax the period's purchase documents moved on tax recoverable (1180), netted
   * against the output tax (ACC-39); 0 for an SST company, whose purchase tax is a cost.
   */
  inputTax: moneyTotal(),
  /** Net tax of the period, `outputTax` less `inputTax`: what it owes the authority (negative when the authority owes the company). */
  totalTax: moneyTotal(),
  /** The movement of tax payable (2120) by the period's entries: equal to `outputTax` (the return ties to the ledger). */
  taxPayableMovement: moneyTotal(),
  /** The movement of tax recoverable (1180) by the period's entries: equal to `inputTax`. */
  taxRecoverableMovement: moneyTotal(),
  /** What the payments so far settled (refunds received count on a negative return). */
  amountPaid: moneyTotal(),
  /** `totalTax` less `amountPaid`. */
  amountDue: moneyTotal(),
  payments: z.array(TaxPayment),
  filedAt: isoDateTime().nullable(),
  filedBy: z.string().nullable(),
});
export type TaxReturn = z.infer<typeof TaxReturn>;

const period = {
  /** The first day of the taxable period, `YYYY-MM-DD`. */
  periodFrom: isoDate(),
  /** The last day of the taxable period, `YYYY-MM-DD`, not before `periodFrom`. */
  periodTo: isoDate(),
};

/**
 * The period of a draft return (query of `GET /tax-returns/preview`), and its file format. Without a period:
 * the next one to file (the company's `taxPeriodMonths` from the day after the last filed return; before the
 * first, the last whole period ended by today, counted from the fiscal year's start); `periodFrom` alone: the
 * company's length from it (ACC-40).
 */
export const TaxReturnPreviewParams = z.object({
  periodFrom: period.periodFrom.optional(),
  /** Needs `periodFrom`. */
  periodTo: period.periodTo.optional(),
  format: reportFormat(),
});
export type TaxReturnPreviewParams = z.input<typeof TaxReturnPreviewParams>;

/** Query of `GET /tax-returns/{taxReturnId}`: the filed return as JSON, or as a file (`format` csv, pdf, excel). */
export const TaxReturnRetrieveParams = z.object({ format: reportFormat() });
export type TaxReturnRetrieveParams = z.input<typeof TaxReturnRetrieveParams>;

/**
 * Body of `POST /tax-returns`: the period to file, exactly the company's `taxPeriodMonths` long, starting the
 * day after the last filed one (the first return may start anywhere).
 */
export const TaxReturnCreateParams = z.object(period);
export type TaxReturnCreateParams = z.input<typeof TaxReturnCreateParams>;

/** Body of `POST /tax-returns/{taxReturnId}/payments`. */
export const TaxPaymentCreateParams = z.object({
  /** Above zero, at most the return's `amountDue` (its size, on a return the authority pays back). */
  amount: money().pipe(z.number().gt(0, 'amount must be above zero')),
  /** `YYYY-MM-DD`, not after the company's today; defaults to today. */
  paymentDate: isoDate().optional(),
  /** The bank account the money moves through (an active cash or bank account); defaults to the company's main bank account. */
  accountId: z.string().min(1).optional(),
  /** The authority's or the bank's reference, at most 100 characters. */
  reference: z.string().max(100).optional(),
});
export type TaxPaymentCreateParams = z.input<typeof TaxPaymentCreateParams>;

export const TaxReturnIdParams = z.object({ taxReturnId: z.string() });

export const TaxReturnListParams = z.object({ ...cursorPageQuery });
export type TaxReturnListParams = z.input<typeof TaxReturnListParams>;

export const taxReturnsPreview = endpoint({
  id: 'taxReturns.preview',
  method: 'GET',
  path: '/tax-returns/preview',
  scope: 'read:accounts',
  source: 'implied',
  summary: 'Compute the tax return of a period without filing it',
  description:
    'The return of a taxable period computed from the ledger: each tax code with its taxable amount and tax, ' +
    'invoices and debit notes less credit notes and cancellations dated in the period, tied to the movement of ' +
    'tax payable, less the recoverable input tax on tax recoverable (a VAT or GST company). Nothing is kept. ' +
    'Without a period, the next one to file. `.download({ format })` gives it as a CSV, PDF or Excel file.',
  example: "const draft = await acs.taxReturns.preview({ periodFrom: '2026-09-01', periodTo: '2026-10-31' });",
  query: TaxReturnPreviewParams,
  response: TaxReturn,
  files: ['csv', 'pdf', 'excel'],
});

export const taxReturnsCreate = endpoint({
  id: 'taxReturns.create',
  method: 'POST',
  path: '/tax-returns',
  scope: 'write:accounts',
  source: 'implied',
  status: 201,
  summary: 'File the tax return of a period',
  description:
    'Files the return of a period, as computed then, and locks the period for tax: a later document or void ' +
    'that would move tax payable (or tax recoverable) on a date in it rejects with 422 `PERIOD_LOCKED`. A period ' +
    "that does not start the day after the last filed one, or is not the company's `taxPeriodMonths` long, " +
    'rejects with 422 `VALIDATION_ERROR`.',
  example: "const filed = await acs.taxReturns.create({ periodFrom: '2026-09-01', periodTo: '2026-10-31' });",
  body: TaxReturnCreateParams,
  response: TaxReturn,
});

export const taxReturnsList = endpoint({
  id: 'taxReturns.list',
  method: 'GET',
  path: '/tax-returns',
  scope: 'read:accounts',
  source: 'implied',
  summary: 'List filed tax returns',
  description: 'The filed returns, newest period first, cursor-paged.',
  example: 'for await (const taxReturn of acs.taxReturns.list()) console.log(taxReturn.returnNumber, taxReturn.amountDue);',
  query: TaxReturnListParams,
  response: TaxReturn,
  list: { paging: 'cursor', defaultSort: 'periodFrom:desc', defaultLimit: 20, maxLimit: 100 },
});

export const taxReturnsRetrieve = endpoint({
  id: 'taxReturns.retrieve',
  method: 'GET',
  path: '/tax-returns/{taxReturnId}',
  scope: 'read:accounts',
  source: 'implied',
  summary: 'Get one filed tax return',
  description:
    'One filed return with its payments; with `format` csv, pdf or excel, the same as a file (`acs.taxReturns.download`). ' +
    'Rejects with `NotFoundError` (`TAX_RETURN_NOT_FOUND`) for an unknown id.',
  exampleCall: { params: { taxReturnId: { fixture: 'filedTaxReturn' } } },
  params: TaxReturnIdParams,
  query: TaxReturnRetrieveParams,
  response: TaxReturn,
  files: ['csv', 'pdf', 'excel'],
});

export const taxReturnsPay = endpoint({
  id: 'taxReturns.pay',
  method: 'POST',
  path: '/tax-returns/{taxReturnId}/payments',
  scope: 'write:accounts',
  source: 'implied',
  status: 201,
  summary: 'Record a payment of a filed tax return',
  description:
    'Records money paid to the authority for a filed return (Dr tax payable / Cr the bank on `paymentDate`), or, ' +
    'on a return the authority owes back, the refund received (Dr the bank / Cr tax payable); the first one also ' +
    "clears the return's input tax from tax recoverable to tax payable in the same entry. More than " +
    '`amountDue` rejects with 422 `VALIDATION_ERROR`; the return is `paid` once nothing is due.',
  example: 'const paid = await acs.taxReturns.pay(filed.id!, { amount: filed.amountDue });',
  params: TaxReturnIdParams,
  body: TaxPaymentCreateParams,
  response: TaxReturn,
});
