import {
  ItemCreateParams,
  StockAdjustmentCreateParams,
  type InventorySyncParams,
  type SyncProductsParams,
  type UpdateInventoryParams,
} from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import {
  createAdjustment,
  createItem,
  defaultLocation,
  findItemByCode,
  findStockBalance,
  locationsTable,
  retrieveItem,
  updateItem,
} from '../inventory/index.js';
import type { ActingContext } from '../shared/actor.js';
import { DEFAULT_BATCH_SIZE } from './sync-orders.js';
import { pagesOf, spendUpstreamRequests } from './upstream-quota.js';
import {
  defineSyncOperation,
  emptyTally,
  recordSyncRun,
  refusalOf,
  syncItems,
  tallyCounters,
  tallyFailure,
  type SyncTally,
} from './sync-runs.js';
import type { IntegrationRow } from './tables.js';
import { setUpstreamStock, upstreamInventory, upstreamVariant } from './upstream/inventory-state.js';
import { upstreamProducts, UPSTREAM_LOCATIONS, type UpstreamVariant } from './upstream/store.js';

type VariantRecord = UpstreamVariant & { externalId: string; version: string };

/** Stock of an item at a location, moved to `target` by a posted stock adjustment (the inventory domain writes the entry). */
function adjustStockTo(
  ctx: ActingContext,
  itemId: string,
  locationId: string,
  target: number,
  reference: string,
  reason: 'initial_stock' | 'stock_count',
): boolean {
  const delta = target - (findStockBalance(ctx, itemId, locationId)?.onHand ?? 0);
  if (delta === 0) return false;
  const input = StockAdjustmentCreateParams.parse({
    reason: delta > 0 && reason === 'initial_stock' ? 'initial_stock' : 'stock_count',
    locationId,
    reference,
    items: [{ itemId, adjustmentQuantity: delta }],
  });
  createAdjustment(ctx, input);
  return true;
}

/** An item per variant SKU (spec document 3, "Integrations": sync-products); `includeInventory`: tracked, with the upstream's stock as opening stock. */
function createFromVariant(ctx: ActingContext, integration: IntegrationRow, variant: VariantRecord, includeInventory: boolean): string {
  const existing = findItemByCode(ctx, variant.sku);
  if (existing) return existing.id;
  const item = createItem(
    ctx,
    ItemCreateParams.parse({
      itemCode: variant.sku,
      name: variant.name,
      type: includeInventory ? 'inventory' : 'non_inventory',
      pricing: { sellingPrice: variant.price },
      inventory: { tracked: includeInventory },
    }),
  );
  if (includeInventory) {
    const total = Object.values(upstreamInventory(ctx, integration, variant)).reduce((a, b) => a + b, 0);
    adjustStockTo(ctx, item.id, defaultLocation(ctx).id, total, `${integration.connectorId} ${variant.sku}`, 'initial_stock');
  }
  return item.id;
}

// Spec document 3, "Integrations": POST /v1/integrations/{connector}/sync-products.
export const syncProducts = defineSyncOperation({
  operation: 'sync-products',
  sync(ctx, integration, request, retry) {
    const asked = request as Omit<SyncProductsParams, 'integrationId'>;
    const published = asked.publishedStatus ?? 'published';
    const products = upstreamProducts(integration).filter((p) => published === 'any' || p.published === (published === 'published'));
    const variants: VariantRecord[] = products
      .flatMap((p) =>
        (asked.includeVariants === false ? p.variants.slice(0, 1) : p.variants).map((v) => ({
          ...v,
          externalId: v.sku,
          version: p.updatedAt,
        })),
      )
      .filter((v) => !retry || retry.only.has(v.externalId));
    spendUpstreamRequests(ctx, integration, pagesOf(products.length, DEFAULT_BATCH_SIZE));
    const tally = syncItems(ctx, integration, 'product', variants, {
      create: (variant) => createFromVariant(ctx, integration, variant, asked.includeInventory === true),
      update: (variant, itemId) => void updateItem(ctx, itemId, { name: variant.name, pricing: { sellingPrice: variant.price } } as never),
    });
    return { counters: tallyCounters(tally), processed: variants.length, tally };
  },
});

const failure = (tally: SyncTally, sku: string, code: string, message: string) => tallyFailure(tally, sku, 'inventory', { code, message });

/** POST /v1/integrations/{connector}/update-inventory: our quantities pushed to the upstream's locations (set or adjust); an unknown SKU or location fails that line. */
export function updateUpstreamInventory(
  ctx: CompanyContext,
  integration: IntegrationRow,
  body: Omit<UpdateInventoryParams, 'integrationId'>,
) {
  const startedAtMs = ctx.clock.nowMs();
  spendUpstreamRequests(ctx, integration, pagesOf(body.items.length, DEFAULT_BATCH_SIZE));
  const tally = emptyTally();
  for (const line of body.items) {
    const variant = upstreamVariant(ctx, integration, line.sku);
    if (!variant) failure(tally, line.sku, 'NOT_FOUND', `The upstream has no SKU ${line.sku}`);
    else if (!(UPSTREAM_LOCATIONS as readonly string[]).includes(line.locationId))
      failure(tally, line.sku, 'INVALID_REFERENCE', `The upstream's locations are ${UPSTREAM_LOCATIONS.join(', ')}`);
    else {
      const quantity = line.updateType === 'set' ? line.quantity : (variant.inventory[line.locationId] ?? 0) + line.quantity;
      if (quantity < 0) failure(tally, line.sku, 'INVALID_QUANTITY', `${line.sku} at ${line.locationId} would go below zero`);
      else {
        setUpstreamStock(ctx, integration, line.sku, line.locationId, quantity);
        tally.updated += 1;
      }
    }
  }
  return recordSyncRun(ctx, integration, {
    operation: 'update-inventory',
    request: body,
    counters: tallyCounters(tally),
    processed: body.items.length,
    tally,
    startedAtMs,
  });
}

/** Our location an upstream location's `externalId` names: the one with that code. */
function locationOf(ctx: CompanyContext, externalId: string): string {
  const found = locationsTable(ctx)
    .all()
    .find((l) => l.code.toLowerCase() === externalId.toLowerCase() && l.type !== 'transit');
  if (!found)
    throw new ServiceError('DATA_MAPPING_ERROR', `No stock location has the code ${externalId}`, [
      { field: 'locations.externalId', message: 'name a location by its code', code: 'DATA_MAPPING_ERROR' },
    ]);
  return found.id;
}

/**
 * POST /v1/integrations/{integrationId}/inventory-sync: the upstream's counts become ours, through
 * posted stock adjustments (reason stock_count) for the difference, per location (by code) or at the
 * default location. Each SKU in a savepoint: an unknown one fails alone.
 */
export function inventorySync(ctx: ActingContext, integration: IntegrationRow, body: InventorySyncParams) {
  const startedAtMs = ctx.clock.nowMs();
  const tally = emptyTally();
  for (const line of body.items) {
    try {
      const changed = ctx.store.transaction(() => {
        const item = findItemByCode(ctx, line.sku);
        if (!item) throw new ServiceError('NOT_FOUND', `No item has the code ${line.sku}`);
        retrieveItem(ctx, item.id);
        const targets = line.locations?.length
          ? line.locations.map((l) => [locationOf(ctx, l.externalId), l.quantity] as const)
          : [[defaultLocation(ctx).id, line.quantity ?? 0] as const];
        return targets
          .map(([locationId, quantity]) =>
            adjustStockTo(ctx, item.id, locationId, quantity, `${integration.connectorId} count`, 'stock_count'),
          )
          .some(Boolean);
      });
      tally[changed ? 'updated' : 'unchanged'] += 1;
    } catch (error) {
      tallyFailure(tally, line.sku, 'inventory', refusalOf(error, 'The count could not be applied'));
    }
  }
  return recordSyncRun(ctx, integration, {
    operation: 'inventory-sync',
    request: body,
    counters: tallyCounters(tally),
    processed: body.items.length,
    tally,
    startedAtMs,
  });
}
