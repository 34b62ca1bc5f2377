import type { Store, Table } from '../../../store/index.js';
import type { CompanyContext } from '../../../store/context.js';
import type { IntegrationRow } from '../tables.js';
import { upstreamProducts, UPSTREAM_LOCATIONS, type UpstreamVariant } from './store.js';

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
  const variant = upstreamProducts(integration).flatMap((p) => p.variants).find((v) => v.sku === sku);
  return variant && { ...variant, inventory: upstreamInventory(ctx, integration, variant) };
}

export function upstreamInventory(ctx: CompanyContext, integration: IntegrationRow, variant: UpstreamVariant): Record<string, number> {
  const table = stockTable(ctx);
  return Object.fromEntries(UPSTREAM_LOCATIONS.map((location) => [location, table.get(`${integration.id}:${variant.sku}:${location}`)?.quantity ?? variant.inventory[location] ?? 0]));
}

/** Sets the upstream's stock of a SKU at a location. */
export function setUpstreamStock(ctx: CompanyContext, integration: IntegrationRow, sku: string, location: string, quantity: number): void {
  const table = stockTable(ctx);
  const id = `${integration.id}:${sku}:${location}`;
  if (table.get(id)) table.update(id, { quantity, updatedAt: ctx.clock.iso() });
  else table.insert({ id, quantity, updatedAt: ctx.clock.iso() });
}
