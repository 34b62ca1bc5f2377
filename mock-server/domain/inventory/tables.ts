import type { ItemType } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Table } from '../../store/index.js';

/** Tables of the item catalogue and its category tree (spec document 2, "Items"), with the shape of their rows. */
export const ITEMS = 'items';
export const ITEM_CATEGORIES = 'itemCategories';

/** A node of the company's item category tree; `path` names its ancestors: `Furniture / Chairs`. */
export interface ItemCategoryRow {
  id: string;
  name: string;
  parentId: string | null;
  path: string;
}

export interface ItemRow {
  id: string;
  itemCode: string;
  barcode: string | null;
  name: string;
  description: string | null;
  categoryId: string | null;
  type: ItemType;
  unit: string;
  weight: number | null;
  dimensions: { length: number; width: number; height: number; unit: string } | null;
  pricing: { costPrice: number; sellingPrice: number; currency: string; priceGroups: { groupId: string; price: number }[] };
  /** Stock levels are not stored here: `itemStock` sums the item's stock records (INV-4, INV-14). */
  inventory: {
    tracked: boolean;
    minimumStock: number;
    maximumStock: number | null;
    reorderPoint: number;
    reorderQuantity: number;
  };
  supplier: { supplierId: string; supplierItemCode: string | null } | null;
  accounting: { incomeAccountId: string; expenseAccountId: string; assetAccountId: string | null };
  tax: { salesTaxCode: string | null; purchaseTaxCode: string | null; taxable: boolean };
  variants: {
    id: string;
    name: string;
    attributes: Record<string, string>;
    itemCode: string | null;
    barcode: string | null;
    stock: number;
  }[];
  customFields: Record<string, unknown>;
  images: { id: string; url: string; isPrimary: boolean }[];
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export const itemsTable = (ctx: CompanyContext): Table<ItemRow> => ctx.store.table<ItemRow>(ctx.companyId, ITEMS);
export const itemCategoriesTable = (ctx: CompanyContext): Table<ItemCategoryRow> =>
  ctx.store.table<ItemCategoryRow>(ctx.companyId, ITEM_CATEGORIES);
