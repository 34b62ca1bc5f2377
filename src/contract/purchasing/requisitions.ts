import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, nonNegativeMoney, searchQuery, sortQuery } from '../common.js';
import { dateOrder, documentList, quantity, text } from '../sales/document-lines.js';
import { PurchaseOrder } from './purchase-orders.js';

// Spec document 2, "Procurement workflows": paths only; the record is ours (PUR-46, PUR-47), as
// an ERP's purchase request (Odoo purchase requests): raised, approved or rejected, then converted.

/**
 * `pending_approval` (raised, waiting), `approved`, `rejected` (changing it resubmits it), `converted`
 * (its purchase orders exist).
 */
export const REQUISITION_STATUSES = ['pending_approval', 'approved', 'rejected', 'converted'] as const;
export const RequisitionStatus = z.enum(REQUISITION_STATUSES);
export type RequisitionStatus = z.infer<typeof RequisitionStatus>;

export const RequisitionLineCreate = z.object({
  /** An item of the catalogue: default description and estimated price (its cost price). */
  itemId: z.string().min(1).max(100).optional(),
  /** Required without `itemId`. */
  description: text(1000).optional(),
  /** Above zero, four decimals at most; what a conversion orders. */
  quantity: quantity(),
  /** Company currency; required without `itemId`. */
  estimatedUnitPrice: nonNegativeMoney().optional(),
  /** The supplier the requester suggests; conversion orders from it unless told otherwise. */
  suggestedSupplierId: z.string().min(1).max(100).nullable().optional(),
  /** Free text for the line, up to 1,000 characters; trimmed, blank stores null. */
  notes: text(1000).nullable().optional(),
});
export type RequisitionLineCreate = z.input<typeof RequisitionLineCreate>;

export const RequisitionLine = z.object({
  id: z.string(),
  itemId: z.string().nullable(),
  itemCode: z.string().nullable(),
  description: z.string(),
  quantity: z.number(),
  estimatedUnitPrice: money(),
  estimatedTotal: money(),
  suggestedSupplierId: z.string().nullable(),
  notes: z.string().nullable(),
  /** The purchase order the line went to, once converted. */
  purchaseOrderId: z.string().nullable(),
});
export type RequisitionLine = z.infer<typeof RequisitionLine>;

export const Requisition = z.object({
  id: z.string(),
  requisitionNumber: z.string(),
  requestedBy: z.string(),
  department: z.string().nullable(),
  requestDate: isoDate(),
  requiredDate: isoDate().nullable(),
  status: RequisitionStatus,
  /** The company's currency: estimates are in it. */
  currency: z.string().length(3),
  lines: z.array(RequisitionLine),
  estimatedTotal: money(),
  notes: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: isoDateTime().nullable(),
  approvalNotes: z.string().nullable(),
  rejectedBy: z.string().nullable(),
  rejectedAt: isoDateTime().nullable(),
  rejectionReason: z.string().nullable(),
  purchaseOrderIds: z.array(z.string()),
  convertedAt: isoDateTime().nullable(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Requisition = z.infer<typeof Requisition>;

const requisitionFields = {
  /** Default the caller. */
  requestedBy: text(100).optional(),
  /** The requesting department, up to 100 characters (a list filter); trimmed, blank or null stores null. */
  department: text(100).nullable().optional(),
  /** Default the company's today. */
  requestDate: isoDate().optional(),
  /** `YYYY-MM-DD`, on or after `requestDate`: when the goods are needed; null clears it. */
  requiredDate: isoDate().nullable().optional(),
  /** Free text, up to 5,000 characters; trimmed, blank or null stores null. */
  notes: text(5000).nullable().optional(),
};

export const RequisitionCreateParams = z
  .object({
    ...requisitionFields,
    /** 1 to 200 lines, estimated in the company's currency. */
    lines: z.array(RequisitionLineCreate).min(1).max(200),
  })
  .superRefine(dateOrder('requestDate', 'requiredDate'));
export type RequisitionCreateParams = z.input<typeof RequisitionCreateParams>;

/** Any field; `lines` replaces every line. Changing a rejected requisition resubmits it for approval. */
export const RequisitionUpdateParams = z
  .object({
    ...requisitionFields,
    /** 1 to 200 lines replacing every line, estimated again. */
    lines: z.array(RequisitionLineCreate).min(1).max(200).optional(),
  })
  .superRefine(dateOrder('requestDate', 'requiredDate'));
export type RequisitionUpdateParams = z.input<typeof RequisitionUpdateParams>;

export const RequisitionListParams = z.object({
  status: RequisitionStatus.optional(),
  department: z.string().optional(),
  /** Request dates from, inclusive. */
  fromDate: isoDate().optional(),
  toDate: isoDate().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});
export type RequisitionListParams = z.input<typeof RequisitionListParams>;

export const RequisitionApproveParams = z.object({ notes: text(1000).nullable().optional() });
export type RequisitionApproveParams = z.input<typeof RequisitionApproveParams>;

export const RequisitionRejectParams = z.object({ reason: text(1000).nullable().optional() });
export type RequisitionRejectParams = z.input<typeof RequisitionRejectParams>;

export const RequisitionConvertParams = z.object({
  /** The supplier of a line that neither names one here nor has a suggested supplier. */
  supplierId: z.string().min(1).max(100).optional(),
  /** A supplier per line, over the line's suggested supplier. */
  lines: z
    .array(z.object({ lineId: z.string().min(1).max(100), supplierId: z.string().min(1).max(100) }))
    .min(1)
    .max(200)
    .optional(),
  /** Default the company's today. */
  orderDate: isoDate().optional(),
  locationId: z.string().min(1).max(100).optional(),
});
export type RequisitionConvertParams = z.input<typeof RequisitionConvertParams>;

/** What a conversion answers: the converted requisition and its draft orders, one per supplier. */
export const RequisitionConversion = z.object({ requisition: Requisition, purchaseOrders: z.array(PurchaseOrder) });
export type RequisitionConversion = z.infer<typeof RequisitionConversion>;

const RequisitionIdParams = z.object({ requisitionId: z.string() });

export const requisitionsList = endpoint({
  id: 'requisitions.list',
  method: 'GET',
  path: '/purchase-requisitions',
  scope: 'read:inventory',
  summary: 'List purchase requisitions',
  description: 'Lists requisitions, newest first; filters `status`, `department`, `fromDate`/`toDate` (request ' + 'date).',
  example:
    "for await (const requisition of acs.requisitions.list({ status: 'pending_approval' })) console.log(requisition.requisitionNumber);",
  exampleCall: { query: { status: 'pending_approval' } },
  query: RequisitionListParams,
  response: Requisition,
  list: {
    ...documentList,
    defaultSort: 'requestDate:desc,requisitionNumber:desc',
    filters: { requisitionNumber: 'string', requestDate: 'date', requiredDate: 'date', estimatedTotal: 'number', createdAt: 'datetime' },
    search: ['requisitionNumber', 'requestedBy', 'department', 'notes'],
    sort: ['requestDate', 'requiredDate', 'requisitionNumber', 'estimatedTotal', 'createdAt'],
  },
});

export const requisitionsCreate = endpoint({
  id: 'requisitions.create',
  method: 'POST',
  path: '/purchase-requisitions',
  scope: 'write:inventory',
  status: 201,
  summary: 'Raise a purchase requisition (it waits for approval)',
  description:
    "Raises a requisition; it waits for approval. Item lines are estimated at the item's cost price " +
    'unless `estimatedUnitPrice` says otherwise.',
  example: `const requisition = await acs.requisitions.create({
  department: 'Warehouse', requiredDate: '2026-12-15',
  lines: [{ itemId: chair.id, quantity: 20, suggestedSupplierId: supplier.id }],
});`,
  exampleCall: {
    body: {
      department: 'Warehouse',
      lines: [{ itemId: { first: 'items.list', query: { type: 'inventory', tracked: true } }, quantity: 5 }],
    },
  },
  body: RequisitionCreateParams,
  response: Requisition,
});

export const requisitionsRetrieve = endpoint({
  id: 'requisitions.retrieve',
  method: 'GET',
  path: '/purchase-requisitions/{requisitionId}',
  scope: 'read:inventory',
  summary: 'Get one purchase requisition',
  description: 'One requisition. `NotFoundError` (`REQUISITION_NOT_FOUND`) for an unknown id.',
  exampleCall: { params: { requisitionId: { fixture: 'pendingRequisition' } } },
  params: RequisitionIdParams,
  response: Requisition,
});

export const requisitionsUpdate = endpoint({
  id: 'requisitions.update',
  method: 'PUT',
  path: '/purchase-requisitions/{requisitionId}',
  scope: 'write:inventory',
  summary: 'Change a requisition waiting for approval or rejected (which resubmits it)',
  description: 'Changes a requisition waiting for approval; changing a rejected one resubmits it. `lines` replaces ' + 'every line.',
  exampleCall: { params: { requisitionId: { fixture: 'pendingRequisition' } }, body: { department: 'Warehouse' } },
  params: RequisitionIdParams,
  body: RequisitionUpdateParams,
  response: Requisition,
});

export const requisitionsApprove = endpoint({
  id: 'requisitions.approve',
  method: 'POST',
  path: '/purchase-requisitions/{requisitionId}/approve',
  scope: 'write:inventory',
  summary: 'Approve a requisition waiting for approval',
  description: 'Approves a requisition waiting for approval; `REQUISITION_ALREADY_APPROVED` when it already is.',
  exampleCall: { params: { requisitionId: { fixture: 'pendingRequisition' } } },
  params: RequisitionIdParams,
  body: RequisitionApproveParams,
  response: Requisition,
});

export const requisitionsReject = endpoint({
  id: 'requisitions.reject',
  method: 'POST',
  path: '/purchase-requisitions/{requisitionId}/reject',
  scope: 'write:inventory',
  summary: 'Reject a requisition waiting for approval',
  description: 'Rejects a requisition waiting for approval, with an optional `reason`.',
  exampleCall: { params: { requisitionId: { fixture: 'pendingRequisition' } }, body: { reason: 'Not this quarter' } },
  params: RequisitionIdParams,
  body: RequisitionRejectParams,
  response: Requisition,
});

export const requisitionsConvertToPurchaseOrders = endpoint({
  id: 'requisitions.convertToPurchaseOrders',
  method: 'POST',
  path: '/purchase-requisitions/{requisitionId}/convert-to-po',
  scope: 'write:inventory',
  status: 201,
  summary: 'Turn an approved requisition into draft purchase orders, one per supplier, once',
  description:
    "Turns an approved requisition into draft purchase orders, one per supplier (each line's suggested " +
    'supplier unless `lines` or `supplierId` chooses), once.',
  example: 'const { purchaseOrders } = await acs.requisitions.convertToPurchaseOrders(requisition.id, { supplierId: supplier.id });',
  exampleCall: { params: { requisitionId: { fixture: 'approvedRequisition' } } },
  params: RequisitionIdParams,
  body: RequisitionConvertParams,
  response: RequisitionConversion,
});
