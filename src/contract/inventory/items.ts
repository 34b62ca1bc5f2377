import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDate, isoDateTime, money, moneyTotal, queryBoolean, queryNumber, searchQuery, sortQuery } from '../common.js';
import { ItemDimensions, itemCode, itemFields, itemName } from './item-fields.js';

export { DIMENSION_UNITS, ITEM_CUSTOM_FIELDS, ITEM_UNITS, ItemDimensions, ItemUnit, VARIANT_ATTRIBUTES } from './item-fields.js';

// Spec document 2, "Item". Stock counts are read-only here: they move with the inventory module.
export const ITEM_TYPES = ['inventory', 'service', 'non_inventory'] as const;
export const ItemType = z.enum(ITEM_TYPES);
export type ItemType = z.infer<typeof ItemType>;

export const ItemPricing = z.object({
  costPrice: money(),
  sellingPrice: money(),
  currency: z.string().length(3),
  /** Price per customer price group. */
  priceGroups: z.array(z.object({ groupId: z.string(), price: money() })),
});
export type ItemPricing = z.infer<typeof ItemPricing>;

/** Stock numbers; zero until the inventory module records movements. */
export const ItemInventory = z.object({
  tracked: z.boolean(),
  currentStock: z.number(),
  availableStock: z.number(),
  reservedStock: z.number(),
  minimumStock: z.number(),
  /** null: no maximum. */
  maximumStock: z.number().nullable(),
  reorderPoint: z.number(),
  reorderQuantity: z.number(),
});
export type ItemInventory = z.infer<typeof ItemInventory>;

export const ItemAccounting = z.object({
  /** A revenue account: sales of the item credit it. */
  incomeAccountId: z.string(),
  /** An expense account: the item's cost. */
  expenseAccountId: z.string(),
  /** An asset account holding the stock; null for items that hold none. */
  assetAccountId: z.string().nullable(),
});
export type ItemAccounting = z.infer<typeof ItemAccounting>;

export const ItemTax = z.object({
  /** A code of the company's tax table (`GET /tax-codes`), the default of sales lines. */
  salesTaxCode: z.string().nullable(),
  purchaseTaxCode: z.string().nullable(),
  taxable: z.boolean(),
});
export type ItemTax = z.infer<typeof ItemTax>;

export const ItemCategory = z.object({ id: z.string(), name: z.string(), path: z.string() });
export const ItemSupplier = z.object({
  id: z.string(),
  name: z.string().nullable(),
  supplierItemCode: z.string().nullable(),
  leadTimeDays: z.number().int().nullable(),
});
export const ItemLocation = z.object({
  locationId: z.string(),
  stock: z.number(),
  available: z.number(),
  reserved: z.number(),
  binLocation: z.string().nullable(),
});
export const ItemVariant = z.object({
  id: z.string(),
  name: z.string(),
  attributes: z.record(z.string(), z.string()),
  itemCode: z.string().nullable(),
  barcode: z.string().nullable(),
  stock: z.number(),
});
export type ItemVariant = z.infer<typeof ItemVariant>;
export const ItemImage = z.object({ id: z.string(), url: z.string(), isPrimary: z.boolean() });
export type ItemImage = z.infer<typeof ItemImage>;

/** One movement of an item's stock (INV-14: the movement log). */
export const ItemStockMovement = z.object({
  id: z.string(),
  date: isoDate(),
  /** `initial_stock`, `adjustment`, `stock_count`, `sale`, `transfer_in`, ... */
  type: z.string(),
  /** Signed: negative for an outflow. */
  quantity: z.number(),
  /** Cost per unit, four decimals. */
  unitCost: z.number(),
  /** Signed value at cost the movement added to or took from stock. */
  value: moneyTotal(),
  locationId: z.string(),
  /** The number of the document that moved the stock. */
  reference: z.string().nullable(),
  source: z.object({ type: z.string(), id: z.string() }),
});
export type ItemStockMovement = z.infer<typeof ItemStockMovement>;

/** A document that moved the item: its net quantity and value over its movements. */
export const ItemTransaction = z.object({
  /** `stock_adjustment`, `invoice`, `stock_transfer`, ... */
  type: z.string(),
  id: z.string(),
  number: z.string().nullable(),
  date: isoDate(),
  quantity: z.number(),
  value: moneyTotal(),
});
export type ItemTransaction = z.infer<typeof ItemTransaction>;

export const Item = z.object({
  id: z.string(),
  itemCode: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  category: ItemCategory.nullable(),
  type: ItemType,
  unit: z.string(),
  /** Kilograms. */
  weight: z.number().nullable(),
  dimensions: ItemDimensions.nullable(),
  pricing: ItemPricing,
  inventory: ItemInventory,
  supplier: ItemSupplier.nullable(),
  accounting: ItemAccounting,
  tax: ItemTax,
  locations: z.array(ItemLocation),
  /** On get-one always; on a list with `includeVariants=true`. */
  variants: z.array(ItemVariant).optional(),
  customFields: z.record(z.string(), z.unknown()),
  /** On get-one always; on a list with `includeImages=true`. */
  images: z.array(ItemImage).optional(),
  isActive: z.boolean(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  /** With `includeStockHistory=true`: the item's latest stock movements, newest first (at most 100). */
  stockHistory: z.array(ItemStockMovement).optional(),
  /** With `includeTransactions=true`: the documents behind those movements, newest first. */
  transactions: z.array(ItemTransaction).optional(),
});
export type Item = z.infer<typeof Item>;

export const ItemCreateParams = z.object({
  /** The item's code, 1-50 characters (trimmed), unique in the company: a code in use is a `ConflictError`. */
  itemCode: itemCode(),
  /** Display name, 1-200 characters (trimmed). */
  name: itemName(),
  /** `inventory` (can hold and track stock), `service` or `non_inventory`. */
  type: ItemType,
  ...itemFields,
});
export type ItemCreateParams = z.input<typeof ItemCreateParams>;

/** The changed fields; a nested block (`pricing`, `inventory`, `accounting`, `tax`) is merged field by field. */
export const ItemUpdateParams = z.object({
  /** A new code, 1-50 characters (trimmed), unique in the company: a code in use is a `ConflictError`. */
  itemCode: itemCode().optional(),
  /** New display name, 1-200 characters (trimmed). */
  name: itemName().optional(),
  /** New type; refused while the item holds or reserves stock (tracking then defaults by the new type). */
  type: ItemType.optional(),
  ...itemFields,
});
export type ItemUpdateParams = z.input<typeof ItemUpdateParams>;

export const ItemListParams = z.object({
  /** A category id; items of its subcategories match too. */
  category: z.string().optional(),
  type: ItemType.optional(),
  tracked: queryBoolean().optional(),
  active: queryBoolean().optional(),
  lowStock: queryBoolean().optional(),
  outOfStock: queryBoolean().optional(),
  /** A supplier id. */
  supplier: z.string().optional(),
  /** A stock location id. */
  location: z.string().optional(),
  costPriceMin: queryNumber().optional(),
  costPriceMax: queryNumber().optional(),
  sellingPriceMin: queryNumber().optional(),
  sellingPriceMax: queryNumber().optional(),
  includeVariants: queryBoolean().optional(),
  includeImages: queryBoolean().optional(),
  ...searchQuery,
  ...sortQuery,
  ...cursorPageQuery,
});
export type ItemListParams = z.input<typeof ItemListParams>;

export const ItemRetrieveParams = z.object({
  includeStockHistory: queryBoolean().optional(),
  includeTransactions: queryBoolean().optional(),
});

const ItemIdParams = z.object({ itemId: z.string() });

export const itemsList = endpoint({
  id: 'items.list',
  method: 'GET',
  path: '/items',
  scope: 'read:inventory',
  summary: 'List the item catalogue',
  description:
    'Lists items, 50 per page by default (at most 200), cursor-paged. Filter by `category` (its ' +
    'subcategories included), `type`, `tracked`, `active`, `lowStock`, `outOfStock`, `supplier`, ' +
    '`location`, `costPriceMin/Max`, `sellingPriceMin/Max`; `search` over code, name, description and ' +
    'barcode; `sort` by `name`, `itemCode`, `stock`, `costPrice` or `sellingPrice`. Variants and images ' +
    'are included with `includeVariants` / `includeImages`.',
  example: "const page = await acs.items.list({ type: 'inventory', sellingPriceMin: 100, sort: 'sellingPrice', order: 'desc' });",
  exampleCall: { query: { type: 'inventory', includeVariants: true } },
  query: ItemListParams,
  response: Item,
  list: {
    paging: 'cursor',
    defaultSort: 'itemCode:asc',
    defaultLimit: 50,
    maxLimit: 200,
    filters: {
      itemCode: 'string',
      name: 'string',
      barcode: 'string',
      unit: 'string',
      costPrice: 'number',
      sellingPrice: 'number',
      stock: 'number',
      createdAt: 'datetime',
      updatedAt: 'datetime',
    },
    search: ['itemCode', 'name', 'description', 'barcode'],
    sort: ['name', 'itemCode', 'stock', 'costPrice', 'sellingPrice', 'createdAt'],
    // The mock lists each item with its stock, locations and category path kept beside it, so these read kept fields too.
    index: {
      category: ['categoryIds', 'has'],
      lowStock: 'boolean',
      outOfStock: 'boolean',
      location: ['locationIds', 'has'],
      type: 'string',
      tracked: ['inventory.tracked', 'eq', 'boolean'],
      active: ['isActive', 'eq', 'boolean'],
      supplier: ['supplier.supplierId', 'eq'],
      costPriceMin: ['costPrice', 'gte'],
      costPriceMax: ['costPrice', 'lte'],
      sellingPriceMin: ['sellingPrice', 'gte'],
      sellingPriceMax: ['sellingPrice', 'lte'],
    },
  },
});

export const itemsRetrieve = endpoint({
  id: 'items.retrieve',
  method: 'GET',
  path: '/items/{itemId}',
  scope: 'read:inventory',
  summary: 'Get one item',
  description:
    'One item with its variants and images. `includeStockHistory` adds its latest 100 stock movements, ' +
    'newest first (`date`, `type`, signed `quantity`, `unitCost`, `value`, `locationId`, `reference`); ' +
    '`includeTransactions` the documents behind them with their net quantity and value. Rejects with ' +
    '`NotFoundError` (`ITEM_NOT_FOUND`) for an unknown id.',
  example: 'const { stockHistory } = await acs.items.retrieve(itemId, { includeStockHistory: true });',
  exampleCall: { params: { itemId: { first: 'items.list' } }, query: { includeStockHistory: true } },
  params: ItemIdParams,
  query: ItemRetrieveParams,
  response: Item,
});

export const itemsCreate = endpoint({
  id: 'items.create',
  method: 'POST',
  path: '/items',
  scope: 'write:inventory',
  status: 201,
  summary: 'Create an item',
  description:
    'Creates an item; `itemCode`, `name` and `type` are required and the code is unique in the company ' +
    "(`ConflictError` naming the existing item otherwise). Accounts default to the chart's sales, cost of " +
    "sales and (for stock items) inventory accounts; tax codes must name the company's tax table.",
  example: `const chair = await acs.items.create({
  itemCode: 'CHR-200', name: 'Mesh office chair', type: 'inventory',
  pricing: { costPrice: 180, sellingPrice: 299 }, tax: { salesTaxCode: 'SST10' },
});`,
  exampleCall: { body: { itemCode: 'EVERY-1', name: 'Every endpoint item', type: 'service' } },
  body: ItemCreateParams,
  response: Item,
});

export const itemsUpdate = endpoint({
  id: 'items.update',
  method: 'PUT',
  path: '/items/{itemId}',
  scope: 'write:inventory',
  summary: "Change an item's fields",
  description:
    'Changes the fields sent; `pricing`, `inventory`, `accounting` and `tax` merge field by field, and a ' +
    'sent `variants` or `images` list replaces the old one. Stock counts cannot be set here.',
  exampleCall: { params: { itemId: { first: 'items.list' } }, body: { pricing: { sellingPrice: 10 } } },
  params: ItemIdParams,
  body: ItemUpdateParams,
  response: Item,
});
