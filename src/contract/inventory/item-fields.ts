// An item's writable fields (spec document 2, "Item"): its units and dimensions, and the blocks that
// items.ts's create and update params share; kept apart so items.ts stays a readable size.
import { z } from 'zod';
import { currencyCode } from '../currencies.js';
import { freeFormObject, nonNegativeMoney, nonNegativeQuantity, quantityValue, URL_MAX_LENGTH } from '../common.js';

/** Units of measure an item is sold in (document 3's batch rules: "unit of measure valid"). */
export const ITEM_UNITS = [
  'pcs',
  'unit',
  'set',
  'pair',
  'dozen',
  'box',
  'carton',
  'pack',
  'bag',
  'bottle',
  'can',
  'roll',
  'sheet',
  'tray',
  'kg',
  'g',
  'tonne',
  'l',
  'ml',
  'm',
  'cm',
  'mm',
  'm2',
  'm3',
  'hour',
  'day',
  'week',
  'month',
  'year',
  'job',
  'trip',
  'lot',
] as const;
export const ItemUnit = z.enum(ITEM_UNITS);

export const DIMENSION_UNITS = ['mm', 'cm', 'm', 'in', 'ft'] as const;

/** Bounds of an item's `customFields`: names to any JSON, two levels below the fields at most. */
export const ITEM_CUSTOM_FIELDS = { maxKeys: 50, maxKeyLength: 50, maxValueLength: 1000, maxDepth: 3, maxBytes: 16 * 1024 } as const;
/** Bounds of a variant's `attributes` (`{ color: 'red', size: 'L' }`). */
export const VARIANT_ATTRIBUTES = { maxKeys: 20, maxKeyLength: 50, maxValueLength: 100, maxDepth: 1, maxBytes: 4 * 1024 } as const;

export const ItemDimensions = z.object({
  length: nonNegativeQuantity(),
  width: nonNegativeQuantity(),
  height: nonNegativeQuantity(),
  unit: z.enum(DIMENSION_UNITS),
});

/** Stock counts are accepted only so that a caller may send back what it read; another value is refused. */
const readOnlyStock = () => quantityValue().optional();

const InventoryInput = z.object({
  tracked: z.boolean().optional(),
  minimumStock: nonNegativeQuantity().optional(),
  maximumStock: nonNegativeQuantity().nullable().optional(),
  reorderPoint: nonNegativeQuantity().optional(),
  reorderQuantity: nonNegativeQuantity().optional(),
  currentStock: readOnlyStock(),
  availableStock: readOnlyStock(),
  reservedStock: readOnlyStock(),
});

const PricingInput = z.object({
  costPrice: nonNegativeMoney().optional(),
  sellingPrice: nonNegativeMoney().optional(),
  currency: currencyCode().optional(),
  priceGroups: z
    .array(z.object({ groupId: z.string().trim().min(1).max(50), price: nonNegativeMoney() }))
    .superRefine((groups, ctx) => {
      const seen = new Set<string>();
      groups.forEach((group, index) => {
        if (seen.has(group.groupId)) {
          ctx.addIssue({
            code: 'custom',
            path: [index, 'groupId'],
            input: group.groupId,
            message: `price group ${group.groupId} is listed twice`,
            params: { code: 'DUPLICATE_VALUE' },
          });
        }
        seen.add(group.groupId);
      });
    })
    .optional(),
});

const AccountingInput = z.object({
  incomeAccountId: z.string().min(1).optional(),
  expenseAccountId: z.string().min(1).optional(),
  assetAccountId: z.string().min(1).nullable().optional(),
});

const TaxInput = z.object({
  salesTaxCode: z.string().min(1).nullable().optional(),
  purchaseTaxCode: z.string().min(1).nullable().optional(),
  taxable: z.boolean().optional(),
});

const VariantInput = z.object({
  /** An existing variant's id keeps it (and its stock) on update; without one a variant is new. */
  id: z.string().optional(),
  name: z.string().trim().min(1).max(200),
  attributes: freeFormObject(VARIANT_ATTRIBUTES, z.string()).optional(),
  itemCode: z.string().trim().min(1).max(50).nullable().optional(),
  barcode: z.string().trim().min(1).max(50).nullable().optional(),
  stock: readOnlyStock(),
});

const ImageInput = z.object({
  id: z.string().optional(),
  url: z.httpUrl().max(URL_MAX_LENGTH),
  isPrimary: z.boolean().optional(),
});

const onePrimary = (images: { isPrimary?: boolean }[], ctx: z.RefinementCtx) => {
  if (images.filter((image) => image.isPrimary).length > 1) {
    ctx.addIssue({ code: 'custom', path: [], input: images, message: 'at most one image is primary', params: { code: 'INVALID_CHOICE' } });
  }
};

/** The optional fields an item's create and update share. */
export const itemFields = {
  /** Free text, at most 2000 characters; null for none (the default). */
  description: z.string().max(2000).nullable().optional(),
  /** The item's barcode, 1-50 characters (trimmed); null for none (the default). */
  barcode: z.string().trim().min(1).max(50).nullable().optional(),
  /** An item category id (the category tree of the company). */
  categoryId: z.string().min(1).nullable().optional(),
  /** Unit of measure (`pcs`, `kg`, `hour`, ...); default `unit` for a service, else `pcs`. */
  unit: ItemUnit.optional(),
  /** Weight in kilograms, not negative, four decimals; null for none (the default). */
  weight: nonNegativeQuantity().nullable().optional(),
  /** Length, width and height in one unit (`mm`, `cm`, `m`, `in`, `ft`); null for none (the default). */
  dimensions: ItemDimensions.nullable().optional(),
  /** Cost and selling price (default 0), currency (default the company's) and price-group prices. */
  pricing: PricingInput.optional(),
  /** Stock tracking (default: on for an `inventory` item) and levels; stock counts are read-only here. */
  inventory: InventoryInput.optional(),
  /** The usual supplier: an existing supplier's id; null clears the supplier and its item code. */
  supplierId: z.string().min(1).nullable().optional(),
  /** The supplier's code for the item, 1-50 characters (trimmed); needs a supplier. */
  supplierItemCode: z.string().trim().min(1).max(50).nullable().optional(),
  /** Income, expense and (stock items) asset accounts, active and of the right type; default the chart's sales, COGS, inventory. */
  accounting: AccountingInput.optional(),
  /** Tax codes of the company's tax table; `taxable` defaults to whether a sales tax code is set, and needs one. */
  tax: TaxInput.optional(),
  /** Your own fields, names to JSON values (at most 50 names, 3 levels, 16 KiB); a sent object replaces the old one. */
  customFields: freeFormObject(ITEM_CUSTOM_FIELDS).optional(),
  /** The item's variants; a sent list replaces the old one (a variant sent with its `id` keeps its stock). */
  variants: z.array(VariantInput).optional(),
  /** Image URLs, at most one `isPrimary` (default the first); a sent list replaces the old one. */
  images: z.array(ImageInput).superRefine(onePrimary).optional(),
  /** Whether the item is active; default true. Deactivate an item with stock history instead of deleting it. */
  isActive: z.boolean().optional(),
};

export const itemCode = () => z.string().trim().min(1).max(50);
export const itemName = () => z.string().trim().min(1).max(200);
