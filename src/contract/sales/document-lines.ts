import { z } from 'zod';
import { decimalPlaces, EMAIL_MAX_LENGTH, MAX_QUANTITY, money, nonNegativeMoney, percentage } from '../common.js';

// Shared by the sales documents: sales orders, quotes and invoices (spec document 2, "Document line",
// "Sales order", "Quote", "Invoice"): the line schemas and the field helpers their schemas share.

/** A quantity: above zero, at most 1,000,000,000 and four decimals (a unit may be a kilogram or an hour). */
export const quantity = () =>
  z
    .number()
    .positive()
    .max(MAX_QUANTITY)
    .refine((v) => decimalPlaces(v) <= 4, { message: 'must have at most four decimal places', params: { code: 'INVALID_FORMAT' } });

export { currencyCode } from '../currencies.js';
export const text = (max: number) => z.string().max(max);

/** `dateB` on or after `dateA` when both are given: a DATE_CONSTRAINT on `dateB` otherwise. */
export function dateOrder<T extends Record<string, unknown>>(first: keyof T & string, second: keyof T & string) {
  return (value: T, ctx: z.RefinementCtx) => {
    const a = value[first];
    const b = value[second];
    if (typeof a === 'string' && typeof b === 'string' && b < a) {
      ctx.addIssue({
        code: 'custom',
        path: [second],
        input: b,
        message: `${second} cannot be before ${first} ${a}`,
        params: { code: 'DATE_CONSTRAINT', constraint: { min: a } },
      });
    }
  };
}

/** Paging of the document lists. */
export const documentList = { paging: 'cursor', defaultLimit: 50, maxLimit: 100 } as const;

/** One line as a caller writes it (spec document 2, the `items` of the create payloads). */
export const DocumentLineCreate = z.object({
  /** An item of the catalogue: gives the default description, unit price, tax code and income account. */
  itemId: z.string().min(1).optional(),
  /** Required when there is no `itemId`. */
  description: text(1000).optional(),
  /** How many units: above zero, at most 1,000,000,000, with at most four decimals. */
  quantity: quantity(),
  /** Required when there is no `itemId`; default the item's selling price. */
  unitPrice: nonNegativeMoney().optional(),
  /** Line discount in percent, 0 to 100 (four decimals); default 0. Taken off quantity x unitPrice. */
  discountPercent: percentage().optional(),
  /** A tax code of the company (`SST10`, `SVC8`, `ZR`, ...); default the item's sales tax code; null: no tax. */
  taxCode: z.string().trim().min(1).max(20).nullable().optional(),
});
export type DocumentLineCreate = z.input<typeof DocumentLineCreate>;

/**
 * One priced line. Relations (spec document 2): `discountAmount` = quantity x unitPrice x
 * discountPercent / 100; `lineTotal` = quantity x unitPrice - discountAmount; `taxAmount` = lineTotal x
 * taxRate / 100; each rounded half-up to cents.
 */
export const DocumentLine = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  itemCode: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: money(),
  discountPercent: z.number(),
  discountAmount: money(),
  lineTotal: money(),
  taxCode: z.string().nullable(),
  taxRate: z.number(),
  taxAmount: money(),
});
export type DocumentLine = z.infer<typeof DocumentLine>;

/** The customer as a document shows it (spec document 2: `customer` {`id`, `name`, `email`}). */
export const CustomerRef = z.object({ id: z.string(), name: z.string(), email: z.string().nullable() });
export type CustomerRef = z.infer<typeof CustomerRef>;

export const Attachment = z.object({ id: z.string(), filename: z.string(), url: z.string() });

/** What `send` takes (spec document 2, quotes and invoices `send`). */
export const sendFields = {
  /** Default: the customer's email. */
  to: z.array(z.email().max(EMAIL_MAX_LENGTH)).min(1).max(20).optional(),
  cc: z.array(z.email().max(EMAIL_MAX_LENGTH)).max(20).optional(),
  subject: text(200).optional(),
  message: text(5000).optional(),
  /** Default true. */
  attachPDF: z.boolean().optional(),
};

/** The totals every priced sales document shows (spec document 2, "Document line" relations). */
export const documentAmounts = {
  subtotal: money(),
  totalDiscount: money(),
  totalTax: money(),
  shippingCost: money(),
  total: money(),
};
