import { insertLocation, type LocationRow, type NewLocation } from '../domain/inventory/index.js';
import type { CompanyContext } from '../store/context.js';

/** Where each demo company keeps stock (INV-13: the spec names locations but has no endpoints to make them). */
export const DEMO_LOCATIONS: readonly NewLocation[][] = [
  [
    {
      code: 'WH-SJ',
      name: 'Subang Jaya warehouse',
      type: 'warehouse',
      address: 'No. 18, Jalan SS 13/4, 47500 Subang Jaya, Selangor',
      isDefault: true,
    },
    {
      code: 'SR-PJ',
      name: 'Petaling Jaya showroom',
      type: 'store',
      address: 'Lot 3, Jalan 51A/223, 46100 Petaling Jaya, Selangor',
      isDefault: false,
    },
    { code: 'TRANSIT', name: 'Goods in transit', type: 'transit', address: null, isDefault: false },
  ],
  [
    { code: 'KITCHEN', name: 'Lebuh Chulia kitchen', type: 'warehouse', address: '112, Lebuh Chulia, 10200 George Town', isDefault: true },
    { code: 'SHOP', name: 'Lebuh Chulia shop front', type: 'store', address: '112, Lebuh Chulia, 10200 George Town', isDefault: false },
    { code: 'TRANSIT', name: 'Goods in transit', type: 'transit', address: null, isDefault: false },
  ],
];

/** The empty company's one warehouse: enough to receive stock into. */
export const EMPTY_LOCATIONS: readonly NewLocation[] = [
  { code: 'MAIN', name: 'Main warehouse', type: 'warehouse', address: null, isDefault: true },
];

export const seedLocations = (ctx: CompanyContext, locations: readonly NewLocation[]): LocationRow[] =>
  locations.map((location) => insertLocation(ctx, location));
