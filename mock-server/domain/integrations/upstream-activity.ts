// What a simulated store does while a webhook subscription listens, one step per interval of mock time:
// it takes an order (selling stock), moves the previous order on, and restocks a product once a day.
import type { CompanyContext } from '../../store/context.js';
import type { IntegrationRow } from './tables.js';
import { moveUpstreamStock, upstreamProductNow } from './upstream/inventory-state.js';
import { upstreamProducts } from './upstream/store.js';
import { upstreamOrderUpdate, upstreamWebhookOrder } from './upstream-orders.js';
import { upstreamRandom } from './upstream-random.js';

/** A restock every this many steps: a day of the 30-minute steps (docs/spec-decisions.md). */
export const UPSTREAM_RESTOCK_EVERY = 48;
/** Orders take their stock from, and restocks go to, the upstream's main location. */
const MAIN_LOCATION = 'main';

/** One event of a step, before it is addressed to a subscription. */
export interface UpstreamActivityEvent {
  event: 'order.created' | 'order.updated' | 'product.updated' | 'inventory.updated';
  data: unknown;
}

/**
 * Step `sequence` of the upstream at `timestamp`: order `sequence` is placed (`order.created`) and its
 * stock sold (`inventory.updated` per line), order `sequence - 1` is shipped or refunded (`order.updated`),
 * and every UPSTREAM_RESTOCK_EVERY steps a seeded product is restocked (`product.updated`, `inventory.updated`).
 * The stock moves are the upstream's state: later syncs read them.
 */
export function upstreamStep(ctx: CompanyContext, integration: IntegrationRow, sequence: number, timestamp: string): UpstreamActivityEvent[] {
  const order = upstreamWebhookOrder(integration, sequence);
  const products = upstreamProducts(integration);
  const variantOf = (productId: string, variantId: string | null) => products.find((p) => p.id === productId)?.variants.find((v) => v.id === variantId);
  const events: UpstreamActivityEvent[] = [{ event: 'order.created', data: order }];
  for (const line of order.items) {
    const variant = variantOf(line.productId, line.variantId);
    if (variant) events.push({ event: 'inventory.updated', data: moveUpstreamStock(ctx, integration, { productId: line.productId, variant, locationId: MAIN_LOCATION, change: -line.quantity, reason: 'order' }) });
  }
  if (sequence > 1) events.push({ event: 'order.updated', data: upstreamOrderUpdate(integration, sequence - 1) });
  if (sequence % UPSTREAM_RESTOCK_EVERY === 0) {
    const random = upstreamRandom(integration.id, `restock:${sequence}`);
    const product = random.pick(products);
    const changes = product.variants.map((variant) =>
      moveUpstreamStock(ctx, integration, { productId: product.id, variant, locationId: MAIN_LOCATION, change: random.int(10, 30), reason: 'restock' }),
    );
    events.push({ event: 'product.updated', data: upstreamProductNow(ctx, integration, product, timestamp) });
    for (const change of changes) events.push({ event: 'inventory.updated', data: change });
  }
  return events;
}
