import type { SyncOrdersParams } from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { createItem, findItemByCode } from '../inventory/index.js';
import {
  createCreditNote,
  createCustomer,
  createInvoice,
  createSalesOrder,
  findCustomersByEmail,
  retrieveInvoice,
  sendInvoice,
  type LineInput,
} from '../sales/index.js';
import type { ActingContext } from '../shared/actor.js';
import { mappedAccount, mappingError } from './mapping.js';
import { customConnectorOf, customOrders } from './upstream/custom.js';
import { integrationPeriod, syncRule } from './sync-period.js';
import { defineSyncOperation, syncedRecordId, syncItems } from './sync-runs.js';
import type { IntegrationRow } from './tables.js';
import { pagesOf, spendUpstreamRequests } from './upstream-quota.js';
import { upstreamOrders, type UpstreamOrder } from './upstream/store.js';

/** Orders a sync reads per upstream request unless `batchSize` says otherwise. */
export const DEFAULT_BATCH_SIZE = 50;
export type OrderSyncRequest = Omit<SyncOrdersParams, 'credentials' | 'integrationId'>;

/** The range a commerce sync reads: its `dateRange`, by default the last week. */
export const syncRange = (ctx: CompanyContext, range: { from: string; to: string } | undefined): { from: string; to: string } =>
  integrationPeriod(ctx, range, syncRule(7));

/** The customer of an upstream order: the one with its email, or a new one. */
function customerFor(ctx: CompanyContext, order: UpstreamOrder): string {
  const found = findCustomersByEmail(ctx, order.customer.email)[0];
  if (found) return found.id;
  return createCustomer(ctx, { name: `${order.customer.firstName} ${order.customer.lastName}`, email: order.customer.email } as never).id;
}

/** Shipping posts to the mapped shippingAccount through a service item of that income account (else as the invoice's shipping, on sales). */
function shippingItem(ctx: CompanyContext, integration: IntegrationRow): string | undefined {
  const account = mappedAccount(ctx, integration.mapping, 'shippingAccount');
  if (!account) return undefined;
  const code = `SHIP-${account.accountNumber}`;
  const found = findItemByCode(ctx, code);
  if (found) return found.id;
  return createItem(ctx, {
    itemCode: code,
    name: `Shipping (${account.name})`,
    type: 'service',
    accounting: { incomeAccountId: account.id },
  } as never).id;
}

/**
 * The order's items by SKU (decision INT-29): an order naming a SKU no item has is refused, into the
 * sync's failures with the SKUs named, rather than booked as a line without an item, which would sell
 * goods with no stock movement and no cost.
 */
function itemsBySku(ctx: CompanyContext, order: UpstreamOrder): Map<string, string> {
  const found = new Map<string, string>();
  const missing: string[] = [];
  for (const { sku } of order.items) {
    const item = findItemByCode(ctx, sku);
    if (item) found.set(sku, item.id);
    else if (!missing.includes(sku)) missing.push(sku);
  }
  if (missing.length) {
    const skus = `${missing.length === 1 ? 'SKU' : 'SKUs'} ${missing.join(', ')}`;
    throw mappingError(
      'items.sku',
      `order ${order.orderNumber} names ${skus}, which no item has: sync products or create the items, then retry`,
      {
        value: missing,
      },
    );
  }
  return found;
}

/** Order lines: each the item of its SKU (INT-29); the mapped tax code when set, else the item's. */
function linesOf(ctx: CompanyContext, integration: IntegrationRow, order: UpstreamOrder): { items: LineInput[]; shippingCost: number } {
  const taxCode = integration.mapping.defaultTaxCode;
  const discountPercent = order.discountPercent || undefined;
  const itemIds = itemsBySku(ctx, order);
  const items: LineInput[] = order.items.map((line) => ({
    itemId: itemIds.get(line.sku),
    description: `${line.name} (${line.sku})`,
    quantity: line.quantity,
    unitPrice: line.price,
    discountPercent,
    ...(taxCode ? { taxCode } : {}),
  }));
  const shipping = order.shipping > 0 ? shippingItem(ctx, integration) : undefined;
  if (shipping) items.push({ itemId: shipping, description: 'Shipping', quantity: 1, unitPrice: order.shipping, taxCode: taxCode ?? null });
  return { items, shippingCost: shipping ? 0 : order.shipping };
}

/** An order as a sent invoice (it posts) or a sales order (settings.createAs). */
function createFromOrder(ctx: ActingContext, integration: IntegrationRow, order: UpstreamOrder): string {
  if (order.problem) throw mappingError('mapping', order.problem);
  const customerId = customerFor(ctx, order);
  const { items, shippingCost } = linesOf(ctx, integration, order);
  const fields = {
    customerId,
    items,
    reference: `${integration.connectorId} ${order.orderNumber}`,
    notes: `Order ${order.externalId} of ${integration.name}`,
  };
  if (integration.settings.createAs === 'sales_order')
    return createSalesOrder(ctx, { ...fields, orderDate: order.date, shippingCost } as never).id;
  const invoice = createInvoice(ctx, { ...fields, invoiceDate: order.date, dueDate: order.date, shippingCost });
  return sendInvoice(ctx, invoice.id, {}, { recordMessage: false }).id;
}

/** An order refunded upstream: its invoice is credited in full (a credit note); a sales order is left for the user. */
function updateFromOrder(ctx: ActingContext, integration: IntegrationRow, order: UpstreamOrder, recordId: string): void {
  if (order.status !== 'refunded' || integration.settings.createAs === 'sales_order') return;
  const invoice = retrieveInvoice(ctx, recordId);
  if (invoice.status === 'cancelled') return;
  createCreditNote(ctx, invoice.id, {
    reason: `Refunded in ${integration.name} (${order.orderNumber})`,
    creditNoteDate: order.updatedAt.slice(0, 10),
  });
}

/** 409 DUPLICATE_RECORD: the caller asked to create orders that were synced before. */
function refuseDuplicates(ctx: CompanyContext, integration: IntegrationRow, orderIds: readonly string[]): void {
  const synced = orderIds.filter((id) => syncedRecordId(ctx, integration, 'order', id));
  if (synced.length) {
    throw new ServiceError(
      'DUPLICATE_RECORD',
      `${synced.length} of these orders were synced before`,
      synced.slice(0, 20).map((id) => ({
        field: 'orderIds',
        message: `order ${id} is already in the books as ${syncedRecordId(ctx, integration, 'order', id)}`,
        code: 'DUPLICATE_RECORD',
      })),
    );
  }
}

/** The orders a sync reads: of the range, with the statuses asked (an order synced before is always read, so a refund lands). */
function ordersToSync(
  ctx: CompanyContext,
  integration: IntegrationRow,
  request: OrderSyncRequest,
  only?: ReadonlySet<string>,
): UpstreamOrder[] {
  const { from, to } = syncRange(ctx, request.dateRange);
  const statuses = new Set<string>(request.orderStatus ?? [integration.settings.orderStatus ?? 'paid']);
  const fulfilment = request.fulfillmentStatus ? new Set<string>(request.fulfillmentStatus) : undefined;
  const asked = request.orderIds ? new Set(request.orderIds) : undefined;
  const custom = customConnectorOf(ctx, integration);
  return (custom ? customOrders(ctx, integration, custom, from, to) : upstreamOrders(ctx, integration, from, to)).filter(
    (order) =>
      (!only || only.has(order.externalId)) &&
      (!asked || asked.has(order.externalId)) &&
      (syncedRecordId(ctx, integration, 'order', order.externalId) !== undefined ||
        (statuses.has(order.status) && (!fulfilment || fulfilment.has(order.fulfillmentStatus)))),
  );
}

// Spec document 3, "Integrations": POST /v1/integrations/{connector}/sync-orders.
export const syncOrders = defineSyncOperation({
  operation: 'sync-orders',
  sync(ctx, integration, request, retry) {
    const asked = request as OrderSyncRequest;
    if (asked.mode === 'create' && asked.orderIds) refuseDuplicates(ctx, integration, asked.orderIds);
    const orders = ordersToSync(ctx, integration, asked, retry?.only);
    spendUpstreamRequests(ctx, integration, pagesOf(orders.length, asked.batchSize ?? DEFAULT_BATCH_SIZE));
    const tally = syncItems(ctx, integration, 'order', orders, {
      create: (order) => createFromOrder(ctx, integration, order),
      update: (order, id) => updateFromOrder(ctx, integration, order, id),
    });
    const counters = {
      ordersToProcess: orders.length,
      ordersProcessed: orders.length,
      ordersCreated: tally.created,
      ordersUpdated: tally.updated,
      ordersFailed: tally.failed,
    };
    return { counters, processed: orders.length, tally };
  },
});
