import type { PurchaseOrderStatus, PurchaseReturn, PurchaseReturnStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { fromCents } from '../inventory/index.js';
import type { NumberFormat } from '../shared/numbering.js';
import { stateMachine } from '../shared/transitions.js';
import type { PurchaseOrderRow } from './tables.js';

/** Purchase returns of received goods (PUR-62): one table, indexed by order, supplier and status. */
export const PURCHASE_RETURNS = 'purchaseReturns';
export const PURCHASE_RETURN_NUMBER: NumberFormat = { sequence: 'purchaseReturn', prefix: 'PRT', digits: 6 };

export interface PurchaseReturnLineRow {
  lineId: string;
  receiptId: string;
  receiptNumber: string;
  itemId: string;
  description: string;
  quantity: number;
  /** Company-currency cents that left stock: the receipt's cost of the units (INV-33). */
  valueCents: number;
  /** Cents the return took off goods received not invoiced for these units (PUR-61); a void gives them back. */
  grniCents: number;
  /** Of `quantity`, what was billed already when it went back (PUR-61). */
  billedQuantity: number;
  lotNumber: string | null;
  expiryDate: string | null;
  locationId: string;
}

export interface PurchaseReturnRow {
  id: string;
  returnNumber: string;
  purchaseOrderId: string;
  poNumber: string;
  receiptId: string | null;
  supplierId: string;
  supplier: PurchaseOrderRow['supplier'];
  date: string;
  status: PurchaseReturnStatus;
  reason: string;
  items: PurchaseReturnLineRow[];
  /** Company currency, the lines' value. */
  total: number;
  journalEntryId: string | null;
  notes: string | null;
  voidDate: string | null;
  voidReason: string | null;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export function definePurchaseReturnTables(store: Store): void {
  store.defineTable(PURCHASE_RETURNS, { prefix: 'prt', indexes: ['purchaseOrderId', 'supplierId', 'status'] });
}

export const purchaseReturnsTable = (ctx: CompanyContext): Table<PurchaseReturnRow> =>
  ctx.store.table<PurchaseReturnRow>(ctx.companyId, PURCHASE_RETURNS);

/** A return is written posted and may be voided once (PUR-62). */
export const PURCHASE_RETURN_MOVES = stateMachine<PurchaseReturnStatus, 'void'>({
  void: { from: ['posted'], rule: 'only a posted purchase return can be voided; this one is {status}' },
});

/** The orders goods can go back from: those that received some, a cancelled one keeping what arrived (PUR-62). */
export const ORDER_RETURN_MOVES = stateMachine<PurchaseOrderStatus, 'return'>({
  return: {
    from: ['partially_received', 'received', 'cancelled'],
    rule: 'goods go back only from a purchase order that received them; this one is {status}',
  },
});

export function presentPurchaseReturn(row: PurchaseReturnRow): PurchaseReturn {
  return {
    ...row,
    supplier: { ...row.supplier },
    items: row.items.map(({ valueCents, grniCents: _g, expiryDate: _e, ...line }) => ({ ...line, value: fromCents(valueCents) })),
  };
}

export interface PurchaseReturnFilters {
  status?: PurchaseReturnStatus;
  supplierId?: string;
  purchaseOrderId?: string;
  fromDate?: string;
  toDate?: string;
}

export const purchaseReturnMatches =
  (filters: PurchaseReturnFilters) =>
  (row: PurchaseReturnRow): boolean =>
    (filters.status === undefined || row.status === filters.status) &&
    (filters.supplierId === undefined || row.supplierId === filters.supplierId) &&
    (filters.purchaseOrderId === undefined || row.purchaseOrderId === filters.purchaseOrderId) &&
    (filters.fromDate === undefined || row.date >= filters.fromDate) &&
    (filters.toDate === undefined || row.date <= filters.toDate);
