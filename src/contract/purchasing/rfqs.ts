import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  cursorPageQuery,
  EMAIL_MAX_LENGTH,
  isoDate,
  isoDateTime,
  money,
  moneyTotal,
  nonNegativeMoney,
  rate,
  searchQuery,
  sortQuery,
} from '../common.js';
import { currencyCode, documentList, quantity, text } from '../sales/document-lines.js';
import { PurchaseOrder } from './purchase-orders.js';

// Spec document 2, "Procurement workflows": paths only; the record is ours (PUR-48 to PUR-50), as
// an ERP's request for quotation: invited suppliers quote per line, the buyer compares and awards.

/**
 * `draft`; `sent` (suppliers invited, responses taken); `closed` (sent, and the response deadline has
 * passed by the clock: not stored); `awarded` (a purchase order was made from the winning response).
 */
export const RFQ_STATUSES = ['draft', 'sent', 'closed', 'awarded'] as const;
export const RfqStatus = z.enum(RFQ_STATUSES);
export type RfqStatus = z.infer<typeof RfqStatus>;

export const RfqLineCreate = z.object({
  /** An item of the catalogue: default description. */
  itemId: z.string().min(1).max(100).optional(),
  /** Required without `itemId`. */
  description: text(1000).optional(),
  /** Above zero, four decimals at most: the quantity suppliers quote for. */
  quantity: quantity(),
  /** Free text for the line, up to 1,000 characters; trimmed, blank stores null. */
  notes: text(1000).nullable().optional(),
});
export type RfqLineCreate = z.input<typeof RfqLineCreate>;

export const RfqLine = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  itemCode: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  notes: z.string().nullable(),
});
export type RfqLine = z.infer<typeof RfqLine>;

/** One supplier's quote: a price and lead time per line it quotes (a line left out is not offered). */
export const RfqResponse = z.object({
  supplierId: z.string(),
  supplierName: z.string(),
  lines: z.array(
    z.object({ lineId: z.string(), unitPrice: money(), leadTimeDays: z.number().int().nullable(), notes: z.string().nullable() }),
  ),
  /** The last day the quoted prices hold. */
  validUntil: isoDate().nullable(),
  notes: z.string().nullable(),
  receivedAt: isoDateTime(),
});
export type RfqResponse = z.infer<typeof RfqResponse>;

/**
 * The responses side by side, computed on read, in the RFQ's currency: per line every quote with the
 * lowest price flagged; per invited supplier its total, average lead time and rank (complete quotes
 * first, then by total; null without a response).
 */
export const RfqComparison = z.object({
  lines: z.array(
    z.object({
      lineId: z.string(),
      description: z.string(),
      quantity: z.number(),
      quotes: z.array(
        z.object({
          supplierId: z.string(),
          unitPrice: money(),
          lineTotal: money(),
          leadTimeDays: z.number().int().nullable(),
          lowestPrice: z.boolean(),
        }),
      ),
    }),
  ),
  suppliers: z.array(
    z.object({
      supplierId: z.string(),
      supplierName: z.string(),
      responded: z.boolean(),
      /** Lines it quoted, of the RFQ's lines. */
      quotedLines: z.number().int(),
      total: moneyTotal().nullable(),
      averageLeadTimeDays: z.number().nullable(),
      rank: z.number().int().nullable(),
    }),
  ),
});
export type RfqComparison = z.infer<typeof RfqComparison>;

export const Rfq = z.object({
  id: z.string(),
  rfqNumber: z.string(),
  title: z.string(),
  rfqDate: isoDate(),
  requisitionId: z.string().nullable(),
  status: RfqStatus,
  /** What the suppliers quote in. */
  currency: z.string().length(3),
  /** The invited suppliers. */
  supplierIds: z.array(z.string()),
  lines: z.array(RfqLine),
  responseDeadline: isoDate(),
  notes: z.string().nullable(),
  responses: z.array(RfqResponse),
  comparison: RfqComparison,
  awardedSupplierId: z.string().nullable(),
  purchaseOrderId: z.string().nullable(),
  awardedAt: isoDateTime().nullable(),
  sentAt: isoDateTime().nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Rfq = z.infer<typeof Rfq>;

const supplierIds = z.array(z.string().min(1).max(100)).min(1).max(20);
const rfqFields = {
  /** Up to 200 characters; default `Requisition <number>` or the first line's description; blank on update keeps it. */
  title: text(200).optional(),
  /** Default 7 days after the company's today; not before today. */
  responseDeadline: isoDate().optional(),
  /** Free text, up to 5,000 characters; trimmed, blank or null stores null. */
  notes: text(5000).nullable().optional(),
};

export const RfqCreateParams = z.object({
  ...rfqFields,
  /** An approved requisition to source: its lines are the RFQ's when `lines` is not given. */
  requisitionId: z.string().min(1).max(100).optional(),
  /** Default the company's currency. */
  currency: currencyCode().optional(),
  /** 1 to 20 active suppliers to invite (a repeat counts once); each needs an email before the RFQ can be sent. */
  supplierIds,
  /** Required without `requisitionId`. */
  lines: z.array(RfqLineCreate).min(1).max(200).optional(),
});
export type RfqCreateParams = z.input<typeof RfqCreateParams>;

/** A draft changes any field; a sent RFQ only its title, notes and deadline (a later deadline reopens a closed one). */
export const RfqUpdateParams = z.object({
  ...rfqFields,
  /** What the suppliers quote in; drafts only (a sent RFQ refuses it). */
  currency: currencyCode().optional(),
  /** 1 to 20 active suppliers replacing the invited ones; drafts only. */
  supplierIds: supplierIds.optional(),
  /** 1 to 200 lines replacing every line (their link to requisition lines is dropped); drafts only. */
  lines: z.array(RfqLineCreate).min(1).max(200).optional(),
});
export type RfqUpdateParams = z.input<typeof RfqUpdateParams>;

export const RfqListParams = z.object({
  status: RfqStatus.optional(),
  /** RFQs that invited this supplier. */
  supplierId: z.string().optional(),
  requisitionId: z.string().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});
export type RfqListParams = z.input<typeof RfqListParams>;

/** The message to every invited supplier, each at its own email. */
export const RfqSendParams = z.object({
  cc: z.array(z.email().max(EMAIL_MAX_LENGTH)).max(20).optional(),
  subject: text(200).optional(),
  message: text(5000).optional(),
});
export type RfqSendParams = z.input<typeof RfqSendParams>;

/** A supplier's quote, recorded by the buyer; a second response of the same supplier replaces its first. */
export const RfqRespondParams = z.object({
  supplierId: z.string().min(1).max(100),
  lines: z
    .array(
      z.object({
        lineId: z.string().min(1).max(100),
        unitPrice: nonNegativeMoney(),
        leadTimeDays: z.number().int().min(0).max(3650).optional(),
        notes: text(1000).nullable().optional(),
      }),
    )
    .min(1)
    .max(200),
  validUntil: isoDate().optional(),
  notes: text(5000).nullable().optional(),
});
export type RfqRespondParams = z.input<typeof RfqRespondParams>;

export const RfqAwardParams = z.object({
  supplierId: z.string().min(1).max(100),
  /** Company currency per unit of the RFQ's currency; required for a foreign currency. */
  exchangeRate: rate().optional(),
  /** Default the company's today. */
  orderDate: isoDate().optional(),
  requiredDate: isoDate().optional(),
  locationId: z.string().min(1).max(100).optional(),
});
export type RfqAwardParams = z.input<typeof RfqAwardParams>;

/** What an award answers: the awarded RFQ and its draft purchase order at the quoted prices. */
export const RfqAward = z.object({ rfq: Rfq, purchaseOrder: PurchaseOrder });
export type RfqAward = z.infer<typeof RfqAward>;

const RfqIdParams = z.object({ rfqId: z.string() });

export const rfqsList = endpoint({
  id: 'rfqs.list',
  method: 'GET',
  path: '/rfqs',
  scope: 'read:inventory',
  summary: 'List requests for quotation',
  description: 'Lists RFQs, newest first; filters `status`, `supplierId` (invited), `requisitionId`.',
  exampleCall: { query: { status: 'sent' } },
  query: RfqListParams,
  response: Rfq,
  list: {
    ...documentList,
    defaultSort: 'rfqDate:desc,rfqNumber:desc',
    filters: { rfqNumber: 'string', rfqDate: 'date', responseDeadline: 'date', createdAt: 'datetime' },
    search: ['rfqNumber', 'title', 'notes'],
    sort: ['rfqDate', 'rfqNumber', 'responseDeadline', 'createdAt'],
  },
});

export const rfqsCreate = endpoint({
  id: 'rfqs.create',
  method: 'POST',
  path: '/rfqs',
  scope: 'write:inventory',
  status: 201,
  summary: 'Create a request for quotation (a draft)',
  description: 'Creates a draft RFQ to the invited suppliers; from an approved requisition it takes the ' + "requisition's lines.",
  example:
    "const rfq = await acs.rfqs.create({ title: 'Office chairs Q1', supplierIds: [a.id, b.id], lines: [{ itemId: chair.id, quantity: 50 }], responseDeadline: '2026-12-10' });",
  exampleCall: {
    body: {
      supplierIds: [{ first: 'suppliers.list' }],
      lines: [{ itemId: { first: 'items.list', query: { type: 'inventory', tracked: true } }, quantity: 5 }],
    },
  },
  body: RfqCreateParams,
  response: Rfq,
});

export const rfqsRetrieve = endpoint({
  id: 'rfqs.retrieve',
  method: 'GET',
  path: '/rfqs/{rfqId}',
  scope: 'read:inventory',
  summary: 'Get one request for quotation with its responses and their comparison',
  description: 'One RFQ with its responses and their `comparison`. `NotFoundError` (`RFQ_NOT_FOUND`) for an unknown ' + 'id.',
  exampleCall: { params: { rfqId: { fixture: 'quotedRfq' } } },
  params: RfqIdParams,
  response: Rfq,
});

export const rfqsUpdate = endpoint({
  id: 'rfqs.update',
  method: 'PUT',
  path: '/rfqs/{rfqId}',
  scope: 'write:inventory',
  summary: 'Change a draft request for quotation, or the deadline, title and notes of a sent one',
  description: 'Changes a draft; a sent RFQ takes only a new title, notes or deadline.',
  exampleCall: { params: { rfqId: { fixture: 'draftRfq' } }, body: { title: 'Pallets for the warehouse' } },
  params: RfqIdParams,
  body: RfqUpdateParams,
  response: Rfq,
});

export const rfqsSend = endpoint({
  id: 'rfqs.send',
  method: 'POST',
  path: '/rfqs/{rfqId}/send',
  scope: 'write:inventory',
  summary: 'Send a draft request for quotation to every invited supplier (one message each in the outbox)',
  description: 'Sends a draft: one message to each invited supplier.',
  exampleCall: { params: { rfqId: { fixture: 'draftRfq' } } },
  params: RfqIdParams,
  body: RfqSendParams,
  response: Rfq,
});

export const rfqsRespond = endpoint({
  id: 'rfqs.respond',
  method: 'POST',
  path: '/rfqs/{rfqId}/responses',
  scope: 'write:inventory',
  status: 201,
  summary: "Record an invited supplier's quote for a sent request for quotation",
  description: "Records an invited supplier's quote (a second one replaces its first), until the deadline.",
  example:
    "await acs.rfqs.respond(rfq.id, { supplierId: a.id, lines: [{ lineId: rfq.lines[0].id, unitPrice: 145, leadTimeDays: 14 }], validUntil: '2026-12-31' });",
  params: RfqIdParams,
  body: RfqRespondParams,
  response: Rfq,
});

export const rfqsAward = endpoint({
  id: 'rfqs.award',
  method: 'POST',
  path: '/rfqs/{rfqId}/award',
  scope: 'write:inventory',
  source: 'implied',
  status: 201,
  summary: 'Award a request for quotation to a supplier that responded: a draft purchase order at its quoted prices',
  description: 'Awards the RFQ to a supplier that responded: a draft purchase order at its quoted prices.',
  example: `const best = rfq.comparison.suppliers.find((s) => s.rank === 1)!;
const { purchaseOrder } = await acs.rfqs.award(rfq.id, { supplierId: best.supplierId });`,
  params: RfqIdParams,
  body: RfqAwardParams,
  response: RfqAward,
});
