import type { ActingContext } from '../domain/shared/actor.js';
import { loadCatalogueItems, loadItemCategories } from './fixture-items.js';
import { atPath } from './fixture-problem.js';
import type { FixtureFile } from './fixture-schema.js';

/** A demo item as a fixture writes it (MOCK-33): `category` a category path, `accounts.income` an account number of the demo chart. */
type SeedItem = NonNullable<FixtureFile['companies'][number]['items']>[number];

export interface DemoCatalogue {
  /** Category paths, parents before children: `Furniture`, `Furniture / Chairs` (a fixture's `itemCategories`). */
  categories: string[];
  items: SeedItem[];
}

/**
 * A reseller's goods: sales tax is a single-stage tax charged by the registered manufacturer or on
 * import, so the reseller charges none (`NT`) on what it paid `purchaseTaxCode` on.
 */
const RESELLER_GOODS = (purchaseTaxCode: string): SeedItem['tax'] => ({ salesTaxCode: 'NT', purchaseTaxCode, taxable: false });

/** A business below the SST registration threshold (RM500,000 a year) charges no sales or service tax. */
const UNREGISTERED: SeedItem['tax'] = { salesTaxCode: 'NT', taxable: false };

const TRADING: DemoCatalogue = {
  categories: [
    'Furniture',
    'Furniture / Office Chairs',
    'Furniture / Desks',
    'Furniture / Storage',
    'Office Supplies',
    'Office Supplies / Paper',
    'Office Supplies / Stationery',
    'Services',
  ],
  items: [
    {
      itemCode: 'CHR-100',
      name: 'Ergonomic mesh office chair',
      type: 'inventory',
      category: 'Furniture / Office Chairs',
      barcode: '9555012300011',
      weight: 14.5,
      dimensions: { length: 65, width: 65, height: 120, unit: 'cm' },
      pricing: { costPrice: 180, sellingPrice: 299, priceGroups: [{ groupId: 'wholesale', price: 265 }] },
      inventory: { minimumStock: 10, maximumStock: 200, reorderPoint: 15, reorderQuantity: 40 },
      tax: RESELLER_GOODS('SST10'),
      images: [{ url: 'https://images.tanjungtrading.com.my/items/chr-100.jpg', isPrimary: true }],
    },
    {
      itemCode: 'CHR-200',
      name: 'Executive leather chair',
      type: 'inventory',
      category: 'Furniture / Office Chairs',
      barcode: '9555012300028',
      weight: 21,
      pricing: { costPrice: 420, sellingPrice: 689, priceGroups: [{ groupId: 'wholesale', price: 620 }] },
      inventory: { minimumStock: 5, maximumStock: 60, reorderPoint: 8, reorderQuantity: 20 },
      tax: RESELLER_GOODS('SST10'),
    },
    {
      itemCode: 'CHR-050',
      name: 'Basic typist chair (discontinued)',
      type: 'inventory',
      category: 'Furniture / Office Chairs',
      pricing: { costPrice: 65, sellingPrice: 119 },
      tax: RESELLER_GOODS('SST10'),
      isActive: false,
    },
    {
      itemCode: 'DSK-120',
      name: 'Office desk 1200 mm',
      type: 'inventory',
      category: 'Furniture / Desks',
      description: 'Steel frame, 25 mm melamine top, cable tray',
      weight: 32,
      dimensions: { length: 120, width: 60, height: 75, unit: 'cm' },
      pricing: { costPrice: 260, sellingPrice: 449 },
      inventory: { minimumStock: 8, reorderPoint: 10, reorderQuantity: 24 },
      tax: RESELLER_GOODS('SST10'),
      variants: [
        { name: 'Oak top', attributes: { finish: 'oak' }, itemCode: 'DSK-120-OAK' },
        { name: 'White top', attributes: { finish: 'white' }, itemCode: 'DSK-120-WHT' },
      ],
    },
    {
      itemCode: 'DSK-160',
      name: 'Height-adjustable desk 1600 mm',
      type: 'inventory',
      category: 'Furniture / Desks',
      description: 'Dual motor, memory presets, 120 kg load',
      weight: 48,
      pricing: { costPrice: 780, sellingPrice: 1_299 },
      inventory: { minimumStock: 3, reorderPoint: 5, reorderQuantity: 10 },
      tax: RESELLER_GOODS('SST10'),
      images: [
        { url: 'https://images.tanjungtrading.com.my/items/dsk-160-front.jpg', isPrimary: true },
        { url: 'https://images.tanjungtrading.com.my/items/dsk-160-side.jpg' },
      ],
    },
    {
      itemCode: 'CAB-3D',
      name: '3-drawer steel filing cabinet',
      type: 'inventory',
      category: 'Furniture / Storage',
      pricing: { costPrice: 210, sellingPrice: 359 },
      inventory: { minimumStock: 5, reorderPoint: 6, reorderQuantity: 12 },
      tax: RESELLER_GOODS('SST10'),
    },
    {
      itemCode: 'SHF-5T',
      name: '5-tier boltless shelf',
      type: 'inventory',
      category: 'Furniture / Storage',
      pricing: { costPrice: 95, sellingPrice: 169 },
      inventory: { minimumStock: 10, reorderPoint: 12, reorderQuantity: 30 },
      tax: RESELLER_GOODS('SST5'),
    },
    {
      itemCode: 'PAP-A4',
      name: 'A4 copier paper 80 gsm, box of 5 reams',
      type: 'inventory',
      category: 'Office Supplies / Paper',
      unit: 'box',
      barcode: '9555098700015',
      pricing: { costPrice: 58, sellingPrice: 79, priceGroups: [{ groupId: 'wholesale', price: 72 }] },
      inventory: { minimumStock: 50, reorderPoint: 80, reorderQuantity: 200 },
      tax: RESELLER_GOODS('SST5'),
    },
    {
      itemCode: 'PEN-BLU',
      name: 'Ballpoint pen, blue, box of 50',
      type: 'inventory',
      category: 'Office Supplies / Stationery',
      unit: 'box',
      pricing: { costPrice: 18, sellingPrice: 32 },
      inventory: { minimumStock: 20, reorderPoint: 30, reorderQuantity: 100 },
      tax: RESELLER_GOODS('SST10'),
    },
    {
      itemCode: 'FLD-LEV',
      name: 'Lever arch file, 3 inch',
      type: 'inventory',
      category: 'Office Supplies / Stationery',
      pricing: { costPrice: 3.2, sellingPrice: 5.9 },
      inventory: { minimumStock: 100, reorderPoint: 150, reorderQuantity: 500 },
      tax: RESELLER_GOODS('SST10'),
    },
    {
      itemCode: 'SVC-DEL',
      name: 'Delivery within the Klang Valley',
      type: 'service',
      category: 'Services',
      unit: 'trip',
      accounts: { income: '4200' },
      pricing: { sellingPrice: 80 },
      // Delivery is a logistics service (Group J), taxed at 6% since 1 March 2024.
      tax: { salesTaxCode: 'SVC6' },
    },
    {
      itemCode: 'SVC-INS',
      name: 'Furniture installation and repair',
      type: 'service',
      category: 'Services',
      unit: 'hour',
      accounts: { income: '4200' },
      pricing: { sellingPrice: 120 },
      // Maintenance or repair services (Group G) are taxable at 8% since 1 March 2024.
      tax: { salesTaxCode: 'SVC8' },
    },
    {
      itemCode: 'WTY-EXT',
      name: 'Extended warranty, one year',
      type: 'non_inventory',
      category: 'Services',
      unit: 'year',
      accounts: { income: '4200' },
      pricing: { sellingPrice: 150 },
      tax: { salesTaxCode: 'NT', taxable: false },
    },
  ],
};

const BAKERY: DemoCatalogue = {
  categories: ['Breads', 'Cakes', 'Pastries', 'Ingredients', 'Services'],
  items: [
    {
      itemCode: 'BRD-WHT',
      name: 'White sandwich loaf 600 g',
      type: 'inventory',
      category: 'Breads',
      pricing: { costPrice: 2.1, sellingPrice: 4.5 },
      inventory: { minimumStock: 30, reorderPoint: 40, reorderQuantity: 80 },
      tax: { ...UNREGISTERED, purchaseTaxCode: 'EX' },
    },
    {
      itemCode: 'BRD-WHL',
      name: 'Wholemeal loaf 600 g',
      type: 'inventory',
      category: 'Breads',
      pricing: { costPrice: 2.8, sellingPrice: 5.9 },
      inventory: { minimumStock: 20, reorderPoint: 25, reorderQuantity: 50 },
      tax: { ...UNREGISTERED, purchaseTaxCode: 'EX' },
    },
    {
      itemCode: 'BRD-KAY',
      name: 'Kaya buns, pack of 6',
      type: 'inventory',
      category: 'Breads',
      unit: 'pack',
      pricing: { costPrice: 3, sellingPrice: 7.5, priceGroups: [{ groupId: 'cafe', price: 6.5 }] },
      inventory: { minimumStock: 20, reorderPoint: 25, reorderQuantity: 60 },
      tax: { ...UNREGISTERED, purchaseTaxCode: 'EX' },
    },
    {
      itemCode: 'CAK-BLK',
      name: 'Black forest cake 1 kg',
      type: 'inventory',
      category: 'Cakes',
      pricing: { costPrice: 28, sellingPrice: 68 },
      inventory: { minimumStock: 4, reorderPoint: 5, reorderQuantity: 10 },
      tax: UNREGISTERED,
      images: [{ url: 'https://images.serikasih.my/cakes/black-forest.jpg' }],
    },
    {
      itemCode: 'CAK-PDN',
      name: 'Pandan chiffon cake',
      type: 'inventory',
      category: 'Cakes',
      pricing: { costPrice: 12, sellingPrice: 32 },
      inventory: { minimumStock: 6, reorderPoint: 8, reorderQuantity: 12 },
      tax: UNREGISTERED,
    },
    {
      itemCode: 'CAK-CHS',
      name: 'Burnt cheesecake, whole',
      type: 'inventory',
      category: 'Cakes',
      pricing: { costPrice: 35, sellingPrice: 85 },
      inventory: { minimumStock: 3, reorderPoint: 4, reorderQuantity: 8 },
      tax: UNREGISTERED,
      variants: [
        { name: '6 inch', attributes: { size: '6in' }, itemCode: 'CAK-CHS-6' },
        { name: '8 inch', attributes: { size: '8in' }, itemCode: 'CAK-CHS-8' },
      ],
    },
    {
      itemCode: 'PST-CRS',
      name: 'Butter croissant',
      type: 'inventory',
      category: 'Pastries',
      pricing: { costPrice: 1.8, sellingPrice: 5.5, priceGroups: [{ groupId: 'cafe', price: 4.6 }] },
      inventory: { minimumStock: 40, reorderPoint: 50, reorderQuantity: 120 },
      tax: UNREGISTERED,
    },
    {
      itemCode: 'PST-EGT',
      name: 'Egg tarts, box of 6',
      type: 'inventory',
      category: 'Pastries',
      unit: 'box',
      pricing: { costPrice: 4.5, sellingPrice: 12 },
      inventory: { minimumStock: 15, reorderPoint: 20, reorderQuantity: 40 },
      tax: UNREGISTERED,
    },
    {
      itemCode: 'PST-CRY',
      name: 'Curry puffs, box of 10',
      type: 'inventory',
      category: 'Pastries',
      unit: 'box',
      pricing: { costPrice: 6, sellingPrice: 15 },
      inventory: { minimumStock: 10, reorderPoint: 12, reorderQuantity: 30 },
      tax: UNREGISTERED,
    },
    {
      itemCode: 'ING-FLR',
      name: 'Bread flour 25 kg (resale)',
      type: 'inventory',
      category: 'Ingredients',
      unit: 'bag',
      pricing: { costPrice: 62, sellingPrice: 78 },
      inventory: { minimumStock: 5, reorderPoint: 8, reorderQuantity: 20 },
      tax: { ...UNREGISTERED, purchaseTaxCode: 'ZR' },
    },
    {
      itemCode: 'CAT-TEA',
      name: 'High-tea catering, per guest',
      type: 'service',
      category: 'Services',
      unit: 'set',
      accounts: { income: '4200' },
      pricing: { sellingPrice: 28 },
      tax: UNREGISTERED,
    },
    {
      itemCode: 'DEL-PNG',
      name: 'Delivery on Penang island',
      type: 'service',
      category: 'Services',
      unit: 'trip',
      accounts: { income: '4200' },
      pricing: { sellingPrice: 15 },
      tax: UNREGISTERED,
    },
  ],
};

/** The demo catalogue of each company of DEMO_COMPANIES, in the same order. */
export const DEMO_CATALOGUES: readonly DemoCatalogue[] = [TRADING, BAKERY];

/**
 * Creates the category tree and the items as a fixture's `itemCategories` and `items`, through the fixture loader's
 * own steps (MOCK-51); accounts not named default to the chart's.
 */
export function seedItems(ctx: ActingContext, catalogue: DemoCatalogue): void {
  loadItemCategories(ctx, catalogue.categories, 'demo', atPath);
  loadCatalogueItems(ctx, catalogue.items, 'demo', atPath);
}
