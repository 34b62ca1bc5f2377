// What a simulated store does while a webhook subscription listens, one step per interval of mock time:
// it restocks what sold out, takes an order (selling its stock) and moves the previous order on.
import type { CompanyContext } from '../../store/context.js';
import type { IntegrationRow } from './tables.js';
import { moveUpstreamStock, upstreamInventory, upstreamProductNow, type UpstreamStockChange } from './upstream/inventory-state.js';
import { upstreamProducts } from './upstream/store.js';
import { upstreamOrderUpdate, upstreamWebhookOrder } from './upstream-orders.js';
import { upstreamRandom } from './upstream-random.js';

/** Orders take their stock from, and restocks go to, the upstream's main location. */
const MAIN_LOCATION = 'main';
/** The integration categories whose upstream is a store with orders and stock. */
const STORE_CATEGORIES: ReadonlySet<string> = new Set(['ecommerce', 'marketplaces']);

/** One event of a step, before it is addressed to a subscription. */
export interface UpstreamActivityEvent {
  event: 'order.created' | 'order.updated' | 'product.updated' | 'inventory.updated';
  data: unknown;
}

/**
 * Step `sequence` of a store upstream at `timestamp` (decision INT-26):
 * 1. a product with a variant sold out at the main location is restocked, 10 to 30 a sold-out variant
 *    (`product.updated`, then `inventory.updated` per variant);
 * 2. order `sequence` is placed (`order.created`) and sells its lines' stock (`inventory.updated` per line
 *    that moved the level);
 * 3. order `sequence - 1` is shipped or refunded (`order.updated`).
 * The stock moves are the upstream's state (later syncs read them). An upstream that is not a store has no steps.
 */
export function upstreamStep(
  ctx: CompanyContext,
  integration: IntegrationRow,
  sequence: number,
  timestamp: string,
): UpstreamActivityEvent[] {
  if (!STORE_CATEGORIES.has(integration.category)) return [];
  const products = upstreamProducts(integration);
  const events: UpstreamActivityEvent[] = [];
  const stockEvents = (changes: (UpstreamStockChange | undefined)[]) => {
    for (const data of changes) if (data) events.push({ event: 'inventory.updated', data });
  };
  for (const product of products) {
    const soldOut = product.variants.filter((variant) => (upstreamInventory(ctx, integration, variant)[MAIN_LOCATION] ?? 0) === 0);
    if (soldOut.length === 0) continue;
    const random = upstreamRandom(integration.id, `restock:${sequence}:${product.id}`);
    const changes = soldOut.map((variant) =>
      moveUpstreamStock(ctx, integration, {
        productId: product.id,
        variant,
        locationId: MAIN_LOCATION,
        change: random.int(10, 30),
        reason: 'restock',
      }),
    );
    events.push({ event: 'product.updated', data: upstreamProductNow(ctx, integration, product, timestamp) });
    stockEvents(changes);
  }
  const order = upstreamWebhookOrder(integration, sequence);
  events.push({ event: 'order.created', data: order });
  stockEvents(
    order.items.map((line) => {
      const variant = products.find((p) => p.id === line.productId)?.variants.find((v) => v.id === line.variantId);
      return (
        variant &&
        moveUpstreamStock(ctx, integration, {
          productId: line.productId,
          variant,
          locationId: MAIN_LOCATION,
          change: -line.quantity,
          reason: 'order',
        })
      );
    }),
  );
  if (sequence > 1) events.push({ event: 'order.updated', data: upstreamOrderUpdate(integration, sequence - 1) });
  return events;
}
