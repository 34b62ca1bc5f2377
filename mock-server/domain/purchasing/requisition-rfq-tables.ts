import type { RequisitionStatus, RfqStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import type { NumberFormat } from '../shared/numbering.js';

/** The sourcing tables of the purchasing module (PUR-46, PUR-48): requisitions and requests for quotation. */
export const PURCHASE_REQUISITIONS = 'purchaseRequisitions';
export const RFQS = 'rfqs';

export const REQUISITION_NUMBER: NumberFormat = { sequence: 'purchaseRequisition', prefix: 'PR', digits: 6 };
export const RFQ_NUMBER: NumberFormat = { sequence: 'rfq', prefix: 'RFQ', digits: 6 };

export interface RequisitionLineRow {
  id: string;
  itemId: string | null;
  itemCode: string | null;
  description: string;
  quantity: number;
  estimatedUnitPrice: number;
  estimatedTotal: number;
  suggestedSupplierId: string | null;
  notes: string | null;
  purchaseOrderId: string | null;
}

export interface RequisitionRow {
  id: string;
  requisitionNumber: string;
  requestedBy: string;
  department: string | null;
  requestDate: string;
  requiredDate: string | null;
  status: RequisitionStatus;
  currency: string;
  lines: RequisitionLineRow[];
  estimatedTotal: number;
  notes: string | null;
  approvedBy: string | null;
  approvedAt: string | null;
  approvalNotes: string | null;
  rejectedBy: string | null;
  rejectedAt: string | null;
  rejectionReason: string | null;
  purchaseOrderIds: string[];
  convertedAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export interface RfqLineRow {
  id: string;
  itemId: string | null;
  itemCode: string | null;
  description: string;
  quantity: number;
  notes: string | null;
  /** The requisition line it was copied from, so an award marks that line ordered. */
  requisitionLineId: string | null;
}

export interface RfqResponseRow {
  supplierId: string;
  supplierName: string;
  lines: { lineId: string; unitPrice: number; leadTimeDays: number | null; notes: string | null }[];
  validUntil: string | null;
  notes: string | null;
  receivedAt: string;
}

export interface RfqRow {
  id: string;
  rfqNumber: string;
  title: string;
  rfqDate: string;
  requisitionId: string | null;
  /** As stored: `closed` is read from the clock (a sent RFQ past its deadline). */
  status: Exclude<RfqStatus, 'closed'>;
  currency: string;
  supplierIds: string[];
  lines: RfqLineRow[];
  responseDeadline: string;
  notes: string | null;
  responses: RfqResponseRow[];
  awardedSupplierId: string | null;
  purchaseOrderId: string | null;
  awardedAt: string | null;
  sentAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export const requisitionsTable = (ctx: CompanyContext): Table<RequisitionRow> =>
  ctx.store.table<RequisitionRow>(ctx.companyId, PURCHASE_REQUISITIONS);
export const rfqsTable = (ctx: CompanyContext): Table<RfqRow> => ctx.store.table<RfqRow>(ctx.companyId, RFQS);

export function defineSourcingTables(store: Store): void {
  store.defineTable(PURCHASE_REQUISITIONS, { prefix: 'preq', indexes: ['status'] });
  store.defineTable(RFQS, { prefix: 'rfq', indexes: ['status'] });
}
