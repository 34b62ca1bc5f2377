/**
 * Events the spec does not name (HOOK-6): the documents that correct a posted invoice,
 * which document 3's e-invoice types 02, 03 and 04 need (SALES-52), and the stock alert types that
 * have no event of their own in document 1 (INV-31), an approved bill voided (PUR-54), a tax return filed
 * and paid (ACC-35), a purchase return made and voided (PUR-62), a currency revaluation posted (ACC-37), and a
 * supplier's credit and debit notes (PUR-58).
 */
export const IMPLIED_WEBHOOK_EVENTS = [
  'credit_note.created',
  'debit_note.created',
  'refund.created',
  'inventory.overstock',
  'inventory.reorder_point',
  'inventory.expiry_warning',
  'bill.voided',
  'tax_return.filed',
  'tax_return.paid',
  'purchase_return.created',
  'purchase_return.voided',
  'currency_revaluation.created',
  'supplier_credit_note.created',
  'supplier_credit_note.applied',
  'supplier_credit_note.refunded',
  'supplier_debit_note.created',
] as const;

/**
 * Every event a webhook subscription may name: the names of spec document 1, "Events" (the webhook
 * table and the stream channels) and document 3, "Events". Free of zod on purpose, so `acs-sdk/webhooks`
 * (verification only) can import it without pulling the schemas into an edge bundle.
 */
export const WEBHOOK_EVENTS = [
  // Sales and CRM: the stream channels and the general examples.
  'invoice.created',
  'invoice.updated',
  'invoice.sent',
  'payment.received',
  'customer.created',
  'order.status_changed',
  ...IMPLIED_WEBHOOK_EVENTS,
  // Inventory.
  'stock.updated',
  'inventory.low_stock',
  'inventory.out_of_stock',
  'inventory.adjustment',
  'inventory.transfer',
  // Purchasing.
  'purchase_order.created',
  'purchase_order.sent',
  'purchase_order.approved',
  'purchase_order.received',
  'purchase_order.cancelled',
  'bill.created',
  'bill.approved',
  'bill.paid',
  'supplier.created',
  'supplier.updated',
  'requisition.created',
  'requisition.approved',
  // E-invoicing (document 3, "Events"): one per status change.
  'einvoice.created',
  'einvoice.validated',
  'einvoice.submitted',
  'einvoice.accepted',
  'einvoice.rejected',
  'einvoice.cancelled',
  // Reports (stream channel).
  'report.generated',
  // Integration webhooks (document 3): records synced from a connected store or marketplace.
  'order.created',
  'order.updated',
  'product.updated',
  'inventory.updated',
] as const;

/** The name of an event in the catalogue, `invoice.created`, ... */
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];
