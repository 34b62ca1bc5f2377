import { JSONPath } from 'jsonpath-plus';
import type { CompanyContext } from '../../../store/context.js';
import { customConnectorsTable, type CustomConnectorRow } from '../custom-connectors.js';
import { mappingError } from '../mapping.js';
import type { IntegrationRow } from '../tables.js';
import { upstreamOrders, type UpstreamOrder } from './store.js';

/** Targets an orders endpoint's mapping must give (spec document 3, "Integrations": mapping target -> JSON path). */
export const REQUIRED_ORDER_TARGETS = ['externalId', 'customer.email', 'items', 'items.sku', 'items.quantity', 'items.price'] as const;

/** The simulated store's order as its own API shows it (snake case, prices as strings): what a custom connector maps. */
const rawOrderJson = (order: UpstreamOrder) => ({
  id: order.externalId,
  name: order.orderNumber,
  created_at: order.createdAt,
  updated_at: order.updatedAt,
  financial_status: order.status,
  fulfillment_status: order.fulfillmentStatus,
  currency: order.currency,
  buyer: { email: order.customer.email, first_name: order.customer.firstName, last_name: order.customer.lastName },
  line_items: order.items.map((l) => ({
    product_id: l.productId,
    variant_id: l.variantId,
    sku: l.sku,
    title: l.name,
    quantity: l.quantity,
    price: l.price.toFixed(2),
  })),
  shipping_lines: order.shipping > 0 ? [{ title: 'Standard', price: order.shipping.toFixed(2) }] : [],
  discount_percent: order.discountPercent,
});

/** The first value at a JSON path (no script evaluation). */
const at = (json: unknown, path: string | undefined): unknown =>
  path ? (JSONPath({ path, json: json as object, eval: false, wrap: true }) as unknown[])[0] : undefined;
const text = (value: unknown): string | undefined => (value === undefined || value === null ? undefined : String(value));
const num = (value: unknown): number => Number(value);

/** A raw order through the connector's mapping; a value a path does not find makes the order a failure of its own. */
function mapOrder(raw: ReturnType<typeof rawOrderJson>, mapping: Record<string, string>): UpstreamOrder {
  const lines = at(raw, mapping.items);
  const items = (Array.isArray(lines) ? lines : []).map((line) => ({
    productId: text(at(line, mapping['items.productId'])) ?? '',
    variantId: text(at(line, mapping['items.variantId'])) ?? '',
    sku: text(at(line, mapping['items.sku'])) ?? '',
    name: text(at(line, mapping['items.name'])) ?? text(at(line, mapping['items.sku'])) ?? 'Item',
    quantity: num(at(line, mapping['items.quantity'])),
    price: num(at(line, mapping['items.price'])),
  }));
  const createdAt = text(at(raw, mapping.createdAt)) ?? raw.created_at;
  const order: UpstreamOrder = {
    externalId: text(at(raw, mapping.externalId)) ?? '',
    version: text(at(raw, mapping.updatedAt)) ?? createdAt,
    orderNumber: text(at(raw, mapping.orderNumber)) ?? text(at(raw, mapping.externalId)) ?? '',
    date: createdAt.slice(0, 10),
    customer: {
      id: '',
      email: text(at(raw, mapping['customer.email'])) ?? '',
      firstName: text(at(raw, mapping['customer.firstName'])) ?? 'Store',
      lastName: text(at(raw, mapping['customer.lastName'])) ?? 'customer',
    },
    items,
    shipping: num(at(raw, mapping.shipping) ?? 0) || 0,
    discountPercent: num(at(raw, mapping.discountPercent) ?? 0) || 0,
    currency: text(at(raw, mapping.currency)) ?? 'MYR',
    status: (text(at(raw, mapping.status)) ?? 'paid') as UpstreamOrder['status'],
    fulfillmentStatus: (text(at(raw, mapping.fulfillmentStatus)) ?? 'fulfilled') as UpstreamOrder['fulfillmentStatus'],
    createdAt,
    updatedAt: text(at(raw, mapping.updatedAt)) ?? createdAt,
  };
  const broken =
    !order.externalId || !order.customer.email || items.length === 0 || items.some((l) => !l.sku || !(l.quantity > 0) || !(l.price >= 0));
  return broken
    ? { ...order, externalId: order.externalId || raw.id, problem: 'the mapping found no id, email or valid lines in this order' }
    : order;
}

/** The custom connector of an integration, if it is one. */
export const customConnectorOf = (ctx: CompanyContext, integration: IntegrationRow): CustomConnectorRow | undefined =>
  customConnectorsTable(ctx).get(integration.connectorId);

/** Orders a custom connector reads from its `/orders` endpoint: the simulated store's JSON, mapped with its JSON paths. */
export function customOrders(
  ctx: CompanyContext,
  integration: IntegrationRow,
  connector: CustomConnectorRow,
  from: string,
  to: string,
): UpstreamOrder[] {
  const endpoint = connector.endpoints.find((e) => e.path === '/orders');
  if (!endpoint) throw mappingError('connector.endpoints', 'the connector has no /orders endpoint');
  const missing = REQUIRED_ORDER_TARGETS.filter((target) => !endpoint.mapping[target]);
  if (missing.length) throw mappingError(`connector.endpoints.${endpoint.name}.mapping`, `maps no ${missing.join(', ')}`);
  return upstreamOrders(ctx, integration, from, to).map((order) => mapOrder(rawOrderJson(order), endpoint.mapping));
}
