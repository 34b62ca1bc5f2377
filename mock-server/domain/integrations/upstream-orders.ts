import { parse, round, sum } from '../shared/money.js';
import type { IntegrationRow } from './tables.js';
import { customerOf, SHOPPERS, upstreamProducts } from './upstream/store.js';
import { upstreamRandom } from './upstream-random.js';

/** A simulated upstream's order as its webhook carries it (spec document 3, "Integration webhook delivery body"). */
export interface UpstreamWebhookOrder {
  id: string;
  orderNumber: string;
  customer: { id: string; email: string; firstName: string; lastName: string };
  items: { productId: string; variantId: string | null; sku: string; name: string; quantity: number; price: number }[];
  total: number;
  currency: string;
  status: string;
}

/** The upstream's order number `sequence` of an integration: the same order on every run (seeded by the integration id). */
export function upstreamWebhookOrder(integration: Pick<IntegrationRow, 'id' | 'createdAt'>, sequence: number): UpstreamWebhookOrder {
  // The store's own catalogue and shoppers: a webhook's order is one the store could sync.
  const random = upstreamRandom(integration.id, `webhook-order:${sequence}`);
  const products = upstreamProducts(integration);
  const customer = customerOf(random.int(0, SHOPPERS - 1));
  const items = Array.from({ length: random.int(1, 3) }, () => {
    const product = random.pick(products);
    const variant = random.pick(product.variants);
    return {
      productId: product.id,
      variantId: variant.id,
      sku: variant.sku,
      name: variant.name,
      quantity: random.int(1, 3),
      price: variant.price,
    };
  });
  const total = round(sum(items.map((item) => parse(item.price).times(item.quantity)))).toNumber();
  return {
    id: `ord_${9000 + sequence}`,
    orderNumber: `#${1000 + sequence}`,
    customer,
    items,
    total,
    currency: 'MYR',
    status: 'paid',
  };
}

/** How an earlier webhook order moves on: shipped, or now and then refunded (seeded, as the order itself). */
export function upstreamOrderUpdate(integration: Pick<IntegrationRow, 'id' | 'createdAt'>, sequence: number): UpstreamWebhookOrder {
  const refunded = upstreamRandom(integration.id, `webhook-order-update:${sequence}`).chance(0.1);
  return { ...upstreamWebhookOrder(integration, sequence), status: refunded ? 'refunded' : 'fulfilled' };
}
