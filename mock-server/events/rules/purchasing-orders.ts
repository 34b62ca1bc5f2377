import { presentPurchaseOrder, PURCHASE_ORDERS, type PurchaseOrderRow } from '../../domain/purchasing/index.js';
import { onFieldChange, onInsert, tableRule, type EventRule, type TableChange } from '../bus.js';

type OrderChange = TableChange<PurchaseOrderRow>;
const present = (change: OrderChange) => presentPurchaseOrder(change.after!);
const rule = tableRule<PurchaseOrderRow>;

/**
 * The purchase order events (spec document 1, "Events", purchasing), each with the order as the API
 * shows it: `.approved` when its approval turns `approved` (whoever approves it), `.received` once per
 * receipt (the newest is the last of `receipts`), `.sent` and `.cancelled` on those moves.
 */
export const purchaseOrderEventRules: EventRule[] = [
  rule({ table: PURCHASE_ORDERS, event: 'purchase_order.created', when: onInsert, present }),
  rule({ table: PURCHASE_ORDERS, event: 'purchase_order.sent', when: onFieldChange('status', ['sent']), present }),
  rule({
    table: PURCHASE_ORDERS,
    event: 'purchase_order.approved',
    when: ({ before, after }: OrderChange) =>
      before !== null && after?.approval.status === 'approved' && before.approval.status !== 'approved',
    present,
  }),
  rule({
    table: PURCHASE_ORDERS,
    event: 'purchase_order.received',
    when: ({ before, after }: OrderChange) => before !== null && after !== null && after.receipts.length > before.receipts.length,
    present,
  }),
  rule({ table: PURCHASE_ORDERS, event: 'purchase_order.cancelled', when: onFieldChange('status', ['cancelled']), present }),
];
