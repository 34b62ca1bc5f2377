import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDateTime, queryBoolean } from '../common.js';

// INV-13: the spec names `locationId` on stock, adjustments and transfers but has no location
// endpoints; the seed makes each company's locations and this read-only list shows them.
/** A location named beside its id on stock records, adjustments, transfers and alerts. */
export const LocationRef = z.object({ id: z.string(), name: z.string() });

export const StockLocation = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  /** `warehouse`, `store`, or `transit` (goods a shipped transfer has not delivered yet). */
  type: z.string(),
  address: z.string().nullable(),
  /** Sales take stock from here unless a document names a location. */
  isDefault: z.boolean(),
  isActive: z.boolean(),
  createdAt: isoDateTime(),
});
export type StockLocation = z.infer<typeof StockLocation>;

export const LocationListParams = z.object({
  /** `warehouse`, `store` or `transit`. */
  type: z.string().max(20).optional(),
  active: queryBoolean().optional(),
  ...cursorPageQuery,
});
export type LocationListParams = z.input<typeof LocationListParams>;

export const locationsList = endpoint({
  id: 'inventory.locations.list',
  method: 'GET',
  path: '/inventory/locations',
  scope: 'read:inventory',
  source: 'implied',
  summary: "List the company's stock locations",
  description: "Lists the company's locations by code, cursor-paged; filter by `type` (`warehouse`, `store`, " + '`transit`) and `active`.',
  example: "const { data } = await acs.inventory.locations.list({ type: 'warehouse' });",
  exampleCall: {},
  query: LocationListParams,
  response: StockLocation,
  list: { paging: 'cursor', defaultSort: 'code:asc', defaultLimit: 50, maxLimit: 200, sort: ['code', 'name'] },
});
