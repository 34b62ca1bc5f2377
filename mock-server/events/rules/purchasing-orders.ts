import { presentPurchaseOrder, PURCHASE_ORDERS, type PurchaseOrderRow } from '../../domain/purchasing/index.js';
import type { Change } from '../../store/index.js';
import { onFieldChange, onInsert, type EventRule } from '../bus.js';

const before = (change: Change) => change.before as unknown as PurchaseOrderRow;
const after = (change: Change) => change.after as unknown as PurchaseOrderRow;
const present = (change: Change) => presentPurchaseOrder(after(change));

/**
 * The purchase order events (spec document 1, "Events", purchasing), each with the order as the API
 * shows it: `.approved` when its approval turns `approved` (whoever approves it), `.received` once per
 * receipt (the newest is the last of `receipts`), `.sent` and `.cancelled` on those moves.
 */
export const purchaseOrderEventRules: EventRule[] = [
  { table: PURCHASE_ORDERS, event: 'purchase_order.created', when: onInsert, present },
  { table: PURCHASE_ORDERS, event: 'purchase_order.sent', when: onFieldChange('status', ['sent']), present },
  {
    table: PURCHASE_ORDERS,
    event: 'purchase_order.approved',
    when: (change) =>
      change.before !== null && after(change)?.approval.status === 'approved' && before(change).approval.status !== 'approved',
    present,
  },
  {
    table: PURCHASE_ORDERS,
    event: 'purchase_order.received',
    when: (change) => change.before !== null && change.after !== null && after(change).receipts.length > before(change).receipts.length,
    present,
  },
  { table: PURCHASE_ORDERS, event: 'purchase_order.cancelled', when: onFieldChange('status', ['cancelled']), present },
];
