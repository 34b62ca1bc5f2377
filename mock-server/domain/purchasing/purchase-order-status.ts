import type { PurchaseOrderStatus } from '../../../src/contract/index.js';
import { stateMachine } from '../shared/transitions.js';

const AFTER_SENDING = ['sent', 'confirmed', 'partially_received', 'received'] as const;

/**
 * The purchase order's moves (spec document 2 lists the states, not the moves; PUR-11 to PUR-15):
 * a draft is changed, approved and sent; the supplier confirms a sent order; goods arrive against a sent
 * or confirmed order, in parts; an order is cancelled until everything arrived (a partly received one
 * keeps what arrived and cancels the rest).
 */
export const PURCHASE_ORDER_MOVES = stateMachine<PurchaseOrderStatus, 'update' | 'send' | 'confirm' | 'receive' | 'cancel'>({
  update: { from: ['draft'], rule: 'only a draft purchase order can be changed; this one is {status}' },
  send: {
    from: ['draft'],
    rule: 'only a draft purchase order can be sent; this one is {status}',
    codes: Object.fromEntries(AFTER_SENDING.map((s) => [s, 'PO_ALREADY_SENT'])),
    refusals: Object.fromEntries(AFTER_SENDING.map((s) => [s, 'the purchase order was already sent; it is {status}'])),
  },
  confirm: {
    from: ['sent'],
    rule: 'only a sent purchase order can be confirmed by the supplier; this one is {status}',
    refusals: { confirmed: 'the supplier has already confirmed this purchase order' },
  },
  receive: {
    from: ['sent', 'confirmed', 'partially_received'],
    rule: 'goods are received against a sent or confirmed purchase order; this one is {status}',
    codes: { received: 'PO_ITEMS_FULLY_RECEIVED' },
    refusals: { received: 'every item of the purchase order has been received' },
  },
  cancel: {
    from: ['draft', 'sent', 'confirmed', 'partially_received'],
    rule: 'a purchase order can be cancelled until all its goods arrive; this one is {status}',
    refusals: { cancelled: 'the purchase order is already cancelled' },
  },
});
