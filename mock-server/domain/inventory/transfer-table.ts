import type { StockTransferStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import type { NumberFormat } from '../shared/numbering.js';
import { stateMachine } from '../shared/transitions.js';

/** Stock transfers between two locations of a company (spec document 2, "Stock transfer"; INV-27). */
export const STOCK_TRANSFERS = 'stockTransfers';

/** `TRF-000001`. */
export const TRANSFER_NUMBER: NumberFormat = { sequence: 'stockTransfer', prefix: 'TRF', digits: 6 };

export interface StockTransferLineRow {
  id: string;
  itemId: string;
  itemCode: string;
  itemName: string;
  quantityRequested: number;
  quantityShipped: number;
  quantityReceived: number;
  /** What left the source, in cents: the cost these goods carry until they arrive (INV-27). */
  shippedValueCents: number;
  /** The part of `shippedValueCents` that has reached the destination (or gone back to the source). */
  receivedValueCents: number;
  notes: string | null;
}

export interface StockTransferApproval {
  step: number;
  approvedBy: string;
  approvedAt: string;
  notes: string | null;
}

export interface StockTransferRow {
  id: string;
  transferNumber: string;
  date: string;
  status: StockTransferStatus;
  fromLocationId: string;
  toLocationId: string;
  reference: string | null;
  notes: string | null;
  items: StockTransferLineRow[];
  shipping: {
    method: string | null;
    trackingNumber: string | null;
    shippedAt: string | null;
    estimatedDelivery: string | null;
    actualDelivery: string | null;
  };
  approvals: StockTransferApproval[];
  statusHistory: { status: StockTransferStatus; changedAt: string; changedBy: string; notes: string | null }[];
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export function defineStockTransferTable(store: Store): void {
  store.defineTable(STOCK_TRANSFERS, { prefix: 'trf', indexes: ['status', 'fromLocationId', 'toLocationId'] });
}

export const stockTransfersTable = (ctx: CompanyContext): Table<StockTransferRow> =>
  ctx.store.table<StockTransferRow>(ctx.companyId, STOCK_TRANSFERS);

/** The actions of `PATCH /inventory/transfers/{id}/status`. */
export type TransferAction = 'approved' | 'shipped' | 'partially_received' | 'completed' | 'cancelled';

/**
 * The transfer state machine (decision INV-27): one approval step takes a
 * `pending_approval` transfer to `approved`; a `requested` or `approved` one ships; a shipped one is
 * received in part or in full; any state before `completed` can be cancelled, and what is then in
 * transit goes back to the source at the cost it carries.
 */
export const TRANSFER_MOVES = stateMachine<StockTransferStatus, TransferAction>({
  approved: { from: ['pending_approval'], rule: 'only a transfer awaiting approval can be approved; this one is {status}' },
  shipped: {
    from: ['requested', 'approved'],
    rule: 'a {status} transfer cannot be shipped; only a requested or approved one can',
    refusals: { pending_approval: 'a transfer awaiting approval cannot be shipped; approve it first' },
  },
  partially_received: { from: ['shipped', 'partially_received'], rule: 'a {status} transfer cannot be received; ship it first' },
  completed: { from: ['shipped', 'partially_received'], rule: 'a {status} transfer cannot be completed; only a shipped one can' },
  cancelled: {
    from: ['pending_approval', 'requested', 'approved', 'shipped', 'partially_received'],
    rule: 'a {status} transfer cannot be cancelled',
  },
});
