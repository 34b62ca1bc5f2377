import { insertLocation, type LocationRow, type NewLocation, transitLocation } from '../domain/inventory/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { CompanyContext } from '../store/context.js';
import { loadLocations } from './fixture-items.js';
import { atPath } from './fixture-problem.js';
import type { FixtureFile } from './fixture-schema.js';

type SeedLocation = NonNullable<FixtureFile['companies'][number]['locations']>[number];

/**
 * Where each demo company keeps stock (INV-13: the spec names locations but has no endpoints to make them), as a
 * fixture's `locations` (MOCK-51); each company also has the transit location its transfers ship through.
 */
export const DEMO_LOCATIONS: readonly SeedLocation[][] = [
  [
    {
      code: 'WH-SJ',
      name: 'Subang Jaya warehouse',
      type: 'warehouse',
      address: 'No. 18, Jalan SS 13/4, 47500 Subang Jaya, Selangor',
      isDefault: true,
    },
    { code: 'SR-PJ', name: 'Petaling Jaya showroom', type: 'store', address: 'Lot 3, Jalan 51A/223, 46100 Petaling Jaya, Selangor' },
  ],
  [
    { code: 'KITCHEN', name: 'Lebuh Chulia kitchen', type: 'warehouse', address: '112, Lebuh Chulia, 10200 George Town', isDefault: true },
    { code: 'SHOP', name: 'Lebuh Chulia shop front', type: 'store', address: '112, Lebuh Chulia, 10200 George Town' },
  ],
];

/** The empty company's one warehouse: enough to receive stock into. */
export const EMPTY_LOCATIONS: readonly NewLocation[] = [
  { code: 'MAIN', name: 'Main warehouse', type: 'warehouse', address: null, isDefault: true },
];

export const seedLocations = (ctx: CompanyContext, locations: readonly NewLocation[]): LocationRow[] =>
  locations.map((location) => insertLocation(ctx, location));

/**
 * The demo's locations through the fixture loader's own locations step (MOCK-51), then its transit location as a
 * shipped transfer makes it (a fixture holds none: the API makes it on the first shipment).
 */
export function seedDemoLocations(ctx: ActingContext, locations: readonly SeedLocation[]): void {
  loadLocations(ctx, locations, 'demo', atPath);
  transitLocation(ctx);
}
