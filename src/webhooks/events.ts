import type {
  CreditNote,
  Customer,
  DebitNote,
  InventoryAlert,
  Invoice,
  PurchaseOrder,
  Payment,
  Refund,
  SalesOrder,
  SalesOrderStatus,
  StockAdjustment,
  StockTransfer,
  StockUpdatedData,
  Supplier,
} from '../generated/index.js';
import type { WebhookEventName } from '../contract/platform/webhook-events.js';

export { WEBHOOK_EVENTS, type WebhookEventName } from '../contract/platform/webhook-events.js';

/** `data` of `order.status_changed`: the sales order as the API shows it, and the status it left. */
export type OrderStatusChange = SalesOrder & { previousStatus: SalesOrderStatus };

/** `data` of the e-invoice events (spec document 3, "Events"); a rejection carries `errors`. */
export interface EInvoiceEventData {
  einvoiceId: string;
  invoiceId: string;
  uuid: string | null;
  status: 'created' | 'validated' | 'submitted' | 'accepted' | 'rejected' | 'cancelled';
  government: { portal: string; submissionId: string | null; longId: string | null } | null;
  errors?: Record<string, unknown>[];
}

/**
 * `data` of each event whose record the SDK types. Events of modules not built yet (purchasing,
 * inventory documents, reports, integrations) carry `Record<string, unknown>` until their records are declared.
 */
export interface WebhookEventDataMap {
  'invoice.created': Invoice;
  'invoice.updated': Invoice;
  'invoice.sent': Invoice;
  'payment.received': Payment;
  'customer.created': Customer;
  'order.status_changed': OrderStatusChange;
  'credit_note.created': CreditNote;
  'debit_note.created': DebitNote;
  'refund.created': Refund;
  'inventory.adjustment': StockAdjustment;
  'inventory.transfer': StockTransfer;
  'einvoice.created': EInvoiceEventData;
  'einvoice.validated': EInvoiceEventData;
  'einvoice.submitted': EInvoiceEventData;
  'einvoice.accepted': EInvoiceEventData;
  'einvoice.rejected': EInvoiceEventData;
  'einvoice.cancelled': EInvoiceEventData;
  'stock.updated': StockUpdatedData;
  'inventory.low_stock': InventoryAlert;
  'inventory.out_of_stock': InventoryAlert;
  'inventory.overstock': InventoryAlert;
  'inventory.reorder_point': InventoryAlert;
  'inventory.expiry_warning': InventoryAlert;
  'supplier.created': Supplier;
  'supplier.updated': Supplier;
  'purchase_order.created': PurchaseOrder;
  'purchase_order.sent': PurchaseOrder;
  'purchase_order.approved': PurchaseOrder;
  'purchase_order.received': PurchaseOrder;
  'purchase_order.cancelled': PurchaseOrder;
}

/** `data` of event `K`. */
export type WebhookEventData<K extends WebhookEventName> = K extends keyof WebhookEventDataMap
  ? WebhookEventDataMap[K]
  : Record<string, unknown>;

/** One delivery body: `{ id, event, timestamp, companyId, data }` (spec document 1, "Webhooks"). */
export interface WebhookEventOf<K extends WebhookEventName> {
  /** Event id (`evt_...`): the same in every delivery of this event, to every subscription and on every retry. */
  id: string;
  event: K;
  /** When the event happened (ISO 8601); a retry keeps it. */
  timestamp: string;
  /** The company whose record changed. */
  companyId: string;
  data: WebhookEventData<K>;
}

/**
 * Every event of the catalogue as a union discriminated by `event`, so a `switch (event.event)` narrows
 * `data` to the record (`Invoice` for `invoice.created`, ...).
 */
export type WebhookEvent = { [K in WebhookEventName]: WebhookEventOf<K> }[WebhookEventName];
