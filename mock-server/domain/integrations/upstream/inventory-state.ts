import type { Store, Table } from '../../../store/index.js';
import type { CompanyContext } from '../../../store/context.js';
import type { IntegrationRow } from '../tables.js';
import { upstreamProducts, UPSTREAM_LOCATIONS, type UpstreamProduct, type UpstreamVariant } from './store.js';

/** The upstream's own stock level of a SKU at one of its locations once update-inventory changed it (internal: the upstream's state, not ours). */
export interface UpstreamStockRow {
  /** `{integrationId}:{sku}:{location}`. */
  id: string;
  quantity: number;
  updatedAt: string;
}

export const UPSTREAM_STOCK = 'integrationUpstreamStock';
export const defineUpstreamStockTable = (store: Store): void => store.defineTable(UPSTREAM_STOCK, { prefix: 'ius', internal: true });
const stockTable = (ctx: CompanyContext): Table<UpstreamStockRow> => ctx.store.table<UpstreamStockRow>(ctx.companyId, UPSTREAM_STOCK);

/** A variant of the upstream by SKU, with its stock as the upstream holds it now. */
export function upstreamVariant(ctx: CompanyContext, integration: IntegrationRow, sku: string): UpstreamVariant | undefined {
  const variant = upstreamProducts(integration)
    .flatMap((p) => p.variants)
    .find((v) => v.sku === sku);
  return variant && { ...variant, inventory: upstreamInventory(ctx, integration, variant) };
}

export function upstreamInventory(ctx: CompanyContext, integration: IntegrationRow, variant: UpstreamVariant): Record<string, number> {
  const table = stockTable(ctx);
  return Object.fromEntries(
    UPSTREAM_LOCATIONS.map((location) => [
      location,
      table.get(`${integration.id}:${variant.sku}:${location}`)?.quantity ?? variant.inventory[location] ?? 0,
    ]),
  );
}

/** Sets the upstream's stock of a SKU at a location. */
export function setUpstreamStock(ctx: CompanyContext, integration: IntegrationRow, sku: string, location: string, quantity: number): void {
  const table = stockTable(ctx);
  const id = `${integration.id}:${sku}:${location}`;
  if (table.get(id)) table.update(id, { quantity, updatedAt: ctx.clock.iso() });
  else table.insert({ id, quantity, updatedAt: ctx.clock.iso() });
}

/** One change of the upstream's stock, as its `inventory.updated` event carries it. */
export interface UpstreamStockChange {
  productId: string;
  variantId: string;
  sku: string;
  locationId: string;
  previousQuantity: number;
  quantity: number;
  reason: 'order' | 'restock';
}

/** Moves the upstream's stock of a variant at a location by `change`, never below 0; undefined when nothing moved. */
export function moveUpstreamStock(
  ctx: CompanyContext,
  integration: IntegrationRow,
  move: { productId: string; variant: UpstreamVariant; locationId: string; change: number; reason: UpstreamStockChange['reason'] },
): UpstreamStockChange | undefined {
  const { productId, variant, locationId, change, reason } = move;
  const previousQuantity = upstreamInventory(ctx, integration, variant)[locationId] ?? 0;
  const quantity = Math.max(0, previousQuantity + change);
  if (quantity === previousQuantity) return undefined;
  setUpstreamStock(ctx, integration, variant.sku, locationId, quantity);
  return { productId, variantId: variant.id, sku: variant.sku, locationId, previousQuantity, quantity, reason };
}

/** A product as the upstream shows it now: its variants with their current stock, `updatedAt` as given. */
export const upstreamProductNow = (
  ctx: CompanyContext,
  integration: IntegrationRow,
  product: UpstreamProduct,
  updatedAt: string,
): UpstreamProduct => ({
  ...product,
  variants: product.variants.map((variant) => ({ ...variant, inventory: upstreamInventory(ctx, integration, variant) })),
  updatedAt,
});
