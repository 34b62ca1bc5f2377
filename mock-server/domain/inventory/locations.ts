import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { businessRule, notFound } from '../../kernel/errors.js';

/**
 * Where stock is kept. The spec names `locationId` on stock, adjustments and transfers but has no
 * location endpoints (INV-13): the seed creates each company's locations and the API reads them.
 */
export const LOCATIONS = 'locations';

/** `transit` holds goods a transfer has shipped and not yet received; nothing else moves into it. */
export type LocationType = 'warehouse' | 'store' | 'transit';

export interface LocationRow {
  id: string;
  code: string;
  name: string;
  type: LocationType;
  address: string | null;
  /** Sales orders and invoices take stock from here unless a line or the order names a location. */
  isDefault: boolean;
  isActive: boolean;
  createdAt: string;
}

export function defineLocationTable(store: Store): void {
  store.defineTable(LOCATIONS, { prefix: 'loc', indexes: ['code'] });
}

export const locationsTable = (ctx: CompanyContext): Table<LocationRow> => ctx.store.table<LocationRow>(ctx.companyId, LOCATIONS);

export function retrieveLocation(ctx: CompanyContext, locationId: string, field = 'locationId'): LocationRow {
  const location = locationsTable(ctx).get(locationId);
  if (!location) throw notFound('location', locationId, 'LOCATION_NOT_FOUND', field);
  return location;
}

/** A location stock can be put into or taken from by a document: it exists, is active and is not transit. */
export function stockLocation(ctx: CompanyContext, locationId: string, field = 'locationId'): LocationRow {
  const location = retrieveLocation(ctx, locationId, field);
  if (!location.isActive) throw businessRule('stock cannot move at an inactive location', { locationId, locationName: location.name });
  if (location.type === 'transit') {
    throw businessRule('goods reach a transit location only through a shipped transfer', { locationId, locationName: location.name });
  }
  return location;
}

/** The company's default location (sales take stock from it); the first warehouse when none is marked. */
export function defaultLocation(ctx: CompanyContext): LocationRow {
  const all = locationsTable(ctx).all();
  const found = all.find((l) => l.isDefault && l.isActive) ?? all.find((l) => l.type === 'warehouse' && l.isActive);
  if (!found) throw businessRule('the company has no stock location', { companyId: ctx.companyId });
  return found;
}

/** Where shipped transfers wait; a company without one gets it on first use. */
export function transitLocation(ctx: CompanyContext): LocationRow {
  const table = locationsTable(ctx);
  const found = table.all().find((l) => l.type === 'transit');
  if (found) return found;
  return insertLocation(ctx, { code: 'TRANSIT', name: 'Goods in transit', type: 'transit', address: null, isDefault: false });
}

export type NewLocation = Pick<LocationRow, 'code' | 'name' | 'type' | 'address' | 'isDefault'>;

export function insertLocation(ctx: CompanyContext, input: NewLocation): LocationRow {
  const table = locationsTable(ctx);
  return table.insert({ id: table.newId(), ...input, isActive: true, createdAt: ctx.clock.iso() });
}

/** The `{ id, name }` reference documents show beside a `locationId`. */
export function locationRef(ctx: CompanyContext, locationId: string): { id: string; name: string } {
  return { id: locationId, name: locationsTable(ctx).get(locationId)?.name ?? '' };
}
