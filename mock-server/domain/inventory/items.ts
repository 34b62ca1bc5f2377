import type { z } from 'zod';
import type { AccountType, Item, ItemCreateParams, ItemType, ItemUpdateParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../kernel/context.js';
import type { AccountRow, SystemRole } from '../accounting/tables.js';
import { accountsTable } from '../accounting/tables.js';
import { companyCurrency } from '../platform/company.js';
import { controlAccounts } from '../accounting/control-accounts.js';
import { itemCategoriesTable, itemsTable, type ItemRow } from '../sales/tables.js';
import { businessRule, conflict, notFound, ServiceError, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { categoryAndDescendants, resolveItemCategory } from './item-categories.js';
import { numberRange } from '../shared/list-ranges.js';
import { findTaxCode, resolveTaxCode } from '../sales/tax-codes.js';

export type { ItemRow } from '../sales/tables.js';

/** Fields of `POST /items` as the contract has checked them. */
export type NewItem = z.output<typeof ItemCreateParams>;
/** Fields of `PUT /items/{id}`: the changed ones; nested blocks merge field by field. */
export type ItemChanges = z.output<typeof ItemUpdateParams>;

/** Plain filters of `GET /items` (spec document 2, "Items"). */
export interface ItemFilters {
  category?: string;
  type?: ItemType;
  tracked?: boolean;
  active?: boolean;
  lowStock?: boolean;
  outOfStock?: boolean;
  supplier?: string;
  location?: string;
  costPriceMin?: number;
  costPriceMax?: number;
  sellingPriceMin?: number;
  sellingPriceMax?: number;
}

/** Optional parts of the presented item: variants and images on lists, history and transactions on get-one. */
export interface ItemIncludes {
  variants?: boolean;
  images?: boolean;
  stockHistory?: boolean;
  transactions?: boolean;
}

/** Where each account of an item defaults to, and the account type it must have. */
const ACCOUNT_RULES = {
  incomeAccountId: { role: 'sales', type: 'revenue' },
  expenseAccountId: { role: 'cogs', type: 'expense' },
  assetAccountId: { role: 'inventory', type: 'asset' },
} as const satisfies Record<string, { role: SystemRole; type: AccountType }>;
type AccountField = keyof typeof ACCOUNT_RULES;

/** Suppliers arrive with the purchasing module; until then no supplier id can be named. */
const SUPPLIERS = 'suppliers';

export function retrieveItem(ctx: CompanyContext, itemId: string): ItemRow {
  const item = itemsTable(ctx).get(itemId);
  if (!item) throw notFound('item', itemId, 'ITEM_NOT_FOUND', 'itemId');
  return item;
}

export const findItemByCode = (ctx: CompanyContext, itemCode: string): ItemRow | undefined => itemsTable(ctx).byIndex('itemCode', itemCode)[0];

/** Alert rule `low_stock` of spec document 2: currentStock <= minimumStock, for items that track stock. */
export const isLowStock = (row: ItemRow): boolean => row.inventory.tracked && row.inventory.currentStock <= row.inventory.minimumStock;
/** Alert rule `out_of_stock`: nothing on hand (negative stock counts as out of stock too). */
export const isOutOfStock = (row: ItemRow): boolean => row.inventory.tracked && row.inventory.currentStock <= 0;

/** Fields of the list's sort and operator filters that live inside a block of the row. */
const LIST_FIELDS: Record<string, (row: ItemRow) => unknown> = {
  stock: (row) => row.inventory.currentStock,
  costPrice: (row) => row.pricing.costPrice,
  sellingPrice: (row) => row.pricing.sellingPrice,
};

/** What the list engine reads for `field` of an item (`stock` is `inventory.currentStock`, ...). */
export function itemListValue(row: ItemRow, field: string): unknown {
  const read = LIST_FIELDS[field];
  return read ? read(row) : (row as unknown as Record<string, unknown>)[field];
}

/** The plain filters as one predicate; an empty price range is a 422. */
export function itemMatches(ctx: CompanyContext, filters: ItemFilters): (row: ItemRow) => boolean {
  const costPrice = numberRange('costPriceMin', filters.costPriceMin, 'costPriceMax', filters.costPriceMax);
  const sellingPrice = numberRange('sellingPriceMin', filters.sellingPriceMin, 'sellingPriceMax', filters.sellingPriceMax);
  const categories = filters.category === undefined ? null : categoryAndDescendants(ctx, filters.category);
  return (row) =>
    (categories === null || (row.categoryId !== null && categories.has(row.categoryId))) &&
    (filters.type === undefined || row.type === filters.type) &&
    (filters.tracked === undefined || row.inventory.tracked === filters.tracked) &&
    (filters.active === undefined || row.isActive === filters.active) &&
    (filters.lowStock === undefined || isLowStock(row) === filters.lowStock) &&
    (filters.outOfStock === undefined || isOutOfStock(row) === filters.outOfStock) &&
    (filters.supplier === undefined || row.supplier?.supplierId === filters.supplier) &&
    (filters.location === undefined || row.locations.some((location) => location.locationId === filters.location)) &&
    costPrice(row.pricing.costPrice) &&
    sellingPrice(row.pricing.sellingPrice);
}

/** The wire shape (spec document 2, "Item"): category and supplier looked up, optional parts as asked. */
export function presentItem(ctx: CompanyContext, row: ItemRow, include: ItemIncludes = { variants: true, images: true }): Item {
  const category = row.categoryId ? itemCategoriesTable(ctx).get(row.categoryId) : undefined;
  const supplierRow = row.supplier ? findSupplier(ctx, row.supplier.supplierId) : undefined;
  return {
    id: row.id,
    itemCode: row.itemCode,
    barcode: row.barcode,
    name: row.name,
    description: row.description,
    category: category ? { id: category.id, name: category.name, path: category.path } : null,
    type: row.type,
    unit: row.unit,
    weight: row.weight,
    dimensions: row.dimensions ? ({ ...row.dimensions } as Item['dimensions']) : null,
    pricing: { ...row.pricing, priceGroups: row.pricing.priceGroups.map((group) => ({ ...group })) },
    inventory: { ...row.inventory },
    supplier: row.supplier
      ? {
          id: row.supplier.supplierId,
          name: typeof supplierRow?.name === 'string' ? supplierRow.name : null,
          supplierItemCode: row.supplier.supplierItemCode,
          leadTimeDays: typeof supplierRow?.leadTimeDays === 'number' ? supplierRow.leadTimeDays : null,
        }
      : null,
    accounting: { ...row.accounting },
    tax: { ...row.tax },
    locations: row.locations.map((location) => ({ ...location })),
    ...(include.variants ? { variants: row.variants.map((variant) => ({ ...variant, attributes: { ...variant.attributes } })) } : {}),
    customFields: { ...row.customFields },
    ...(include.images ? { images: row.images.map((image) => ({ ...image })) } : {}),
    isActive: row.isActive,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    // Stock movements and the documents that moved the item are the inventory module's (a later issue).
    ...(include.stockHistory ? { stockHistory: [] } : {}),
    ...(include.transactions ? { transactions: [] } : {}),
  };
}

export function createItem(ctx: CompanyContext, input: NewItem): ItemRow {
  return ctx.store.transaction(() => {
    const table = itemsTable(ctx);
    const now = ctx.clock.iso();
    const fields = nextItemFields(ctx, null, input);
    return table.insert({ id: table.newId(), ...fields, createdAt: now, updatedAt: now });
  });
}

export function updateItem(ctx: CompanyContext, itemId: string, changes: ItemChanges): ItemRow {
  return ctx.store.transaction(() => {
    const item = retrieveItem(ctx, itemId);
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...current } = item;
    const next = nextItemFields(ctx, item, changes);
    if (JSON.stringify(next) === JSON.stringify(current)) return item;
    return itemsTable(ctx).update(item.id, { ...next, updatedAt: ctx.clock.iso() });
  });
}

// ---------------------------------------------------------------------------------------------
// Building the next state of an item from the current one (null on create) and the fields sent

type ItemFields = Omit<ItemRow, 'id' | 'createdAt' | 'updatedAt'>;
type ItemWrite = NewItem | ItemChanges;

function nextItemFields(ctx: CompanyContext, current: ItemRow | null, input: ItemWrite): ItemFields {
  const issues: ValidationIssue[] = [];
  const type = input.type ?? current!.type;
  const typeChanged = current !== null && type !== current.type;

  const itemCode = input.itemCode ?? current!.itemCode;
  if (itemCode !== current?.itemCode) {
    const holder = findItemByCode(ctx, itemCode);
    if (holder) throw conflict('item', 'itemCode', itemCode, holder.id);
  }

  refuseStockChanges(current, input);
  if (typeChanged && (current.inventory.currentStock !== 0 || current.inventory.reservedStock !== 0)) {
    throw businessRule('an item holding stock cannot change type', {
      itemId: current.id,
      type: current.type,
      requestedType: type,
      currentStock: current.inventory.currentStock,
      reservedStock: current.inventory.reservedStock,
    });
  }

  const inventory = nextInventory(current, input, type, typeChanged, issues);
  const pricing = {
    costPrice: input.pricing?.costPrice ?? current?.pricing.costPrice ?? 0,
    sellingPrice: input.pricing?.sellingPrice ?? current?.pricing.sellingPrice ?? 0,
    currency: input.pricing?.currency ?? current?.pricing.currency ?? companyCurrency(ctx),
    priceGroups: input.pricing?.priceGroups ?? current?.pricing.priceGroups ?? [],
  };
  const accounting = nextAccounting(ctx, current, input, type, issues);
  const tax = nextTax(ctx, current, input, issues);

  let categoryId = current?.categoryId ?? null;
  if (input.categoryId !== undefined) categoryId = input.categoryId === null ? null : resolveItemCategoryOrIssue(ctx, input.categoryId, issues);

  const supplier = nextSupplier(ctx, current, input, issues);
  const variants = nextVariants(ctx, current, input, itemCode, issues);
  const images = nextImages(ctx, current, input, issues);
  if (issues.length > 0) throw validationError(issues);

  return {
    itemCode,
    barcode: input.barcode !== undefined ? input.barcode : (current?.barcode ?? null),
    name: input.name ?? current!.name,
    description: input.description !== undefined ? input.description : (current?.description ?? null),
    categoryId,
    type,
    unit: input.unit ?? current?.unit ?? (type === 'service' ? 'unit' : 'pcs'),
    weight: input.weight !== undefined ? input.weight : (current?.weight ?? null),
    dimensions: input.dimensions !== undefined ? input.dimensions : (current?.dimensions ?? null),
    pricing,
    inventory,
    supplier,
    accounting,
    tax,
    locations: current?.locations ?? [],
    variants,
    customFields: input.customFields ?? current?.customFields ?? {},
    images,
    isActive: input.isActive ?? current?.isActive ?? true,
  };
}

/** Stock counts move with stock adjustments (the inventory module); sending the current value back is not a change. */
function refuseStockChanges(current: ItemRow | null, input: ItemWrite): void {
  const sent = input.inventory ?? {};
  for (const field of ['currentStock', 'availableStock', 'reservedStock'] as const) {
    const value = sent[field];
    const now = current?.inventory[field] ?? 0;
    if (value !== undefined && value !== now) {
      throw businessRule('stock counts of an item change only through stock adjustments', {
        field: `inventory.${field}`,
        value,
        currentValue: now,
      });
    }
  }
  for (const variant of input.variants ?? []) {
    const now = current?.variants.find((existing) => existing.id === variant.id)?.stock ?? 0;
    if (variant.stock !== undefined && variant.stock !== now) {
      throw businessRule('stock counts of an item change only through stock adjustments', {
        field: 'variants.stock',
        variantId: variant.id ?? null,
        value: variant.stock,
        currentValue: now,
      });
    }
  }
}

function nextInventory(current: ItemRow | null, input: ItemWrite, type: ItemType, typeChanged: boolean, issues: ValidationIssue[]): ItemRow['inventory'] {
  const sent = input.inventory ?? {};
  const before = current?.inventory;
  // A new item, or one that changed type, tracks stock when it is an inventory item.
  const tracked = sent.tracked ?? (before === undefined || typeChanged ? type === 'inventory' : before.tracked);
  if (tracked && type !== 'inventory') {
    issues.push({
      field: 'inventory.tracked',
      code: 'INVALID_CHOICE',
      message: `a ${type.replace('_', '-')} item holds no stock, so it cannot track stock`,
      value: true,
      constraint: { type: 'inventory' },
    });
  }
  const next = {
    tracked,
    currentStock: before?.currentStock ?? 0,
    availableStock: before?.availableStock ?? 0,
    reservedStock: before?.reservedStock ?? 0,
    minimumStock: sent.minimumStock ?? before?.minimumStock ?? 0,
    maximumStock: sent.maximumStock !== undefined ? sent.maximumStock : (before?.maximumStock ?? null),
    reorderPoint: sent.reorderPoint ?? before?.reorderPoint ?? 0,
    reorderQuantity: sent.reorderQuantity ?? before?.reorderQuantity ?? 0,
  };
  if (next.maximumStock !== null && next.maximumStock < next.minimumStock) {
    issues.push({
      field: 'inventory.maximumStock',
      code: 'MIN_VALUE',
      message: `maximumStock must not be below minimumStock (${next.minimumStock})`,
      value: next.maximumStock,
      constraint: { min: next.minimumStock },
    });
  }
  return next;
}

/**
 * The item's accounts: sent, kept, or defaulted to the seed's control accounts (sales, cost of goods
 * sold, and inventory for stock items). A sent or new account must exist, be active and be of the
 * right type; an inventory item needs an asset account.
 */
function nextAccounting(ctx: CompanyContext, current: ItemRow | null, input: ItemWrite, type: ItemType, issues: ValidationIssue[]): ItemRow['accounting'] {
  const sent = input.accounting ?? {};
  const defaults = controlAccounts(ctx.store, ctx.companyId);
  const pick = (field: AccountField): string | null => {
    const rule = ACCOUNT_RULES[field];
    const given = sent[field];
    const kept = current?.accounting[field] ?? null;
    if (given !== undefined) {
      if (given !== null && given !== kept) checkAccount(ctx, `accounting.${field}`, given, rule.type, issues);
      return given;
    }
    if (kept !== null) return kept;
    if (field === 'assetAccountId' && type !== 'inventory') return null;
    const fallback = defaults[rule.role];
    if (fallback === undefined) {
      issues.push({
        field: `accounting.${field}`,
        code: 'REQUIRED_FIELD',
        message: `the chart of accounts has no ${rule.role.replace('_', ' ')} account to default to; send accounting.${field} (a ${rule.type} account)`,
      });
      return null;
    }
    checkAccount(ctx, `accounting.${field}`, fallback, rule.type, issues);
    return fallback;
  };
  const incomeAccountId = pick('incomeAccountId');
  const expenseAccountId = pick('expenseAccountId');
  const assetAccountId = pick('assetAccountId');
  if (type === 'inventory' && assetAccountId === null && !issues.some((issue) => issue.field === 'accounting.assetAccountId')) {
    issues.push({ field: 'accounting.assetAccountId', code: 'REQUIRED_FIELD', message: 'an inventory item needs an asset account for its stock' });
  }
  return { incomeAccountId: incomeAccountId ?? '', expenseAccountId: expenseAccountId ?? '', assetAccountId };
}

function checkAccount(ctx: CompanyContext, field: string, accountId: string, type: AccountType, issues: ValidationIssue[]): void {
  const account: AccountRow | undefined = accountsTable(ctx).get(accountId);
  const problem = !account
    ? `no account with id ${accountId}`
    : account.type !== type
      ? `account ${account.accountNumber} is a ${account.type} account; ${field} takes a ${type} account`
      : !account.isActive
        ? `account ${account.accountNumber} is inactive`
        : null;
  if (problem) issues.push({ field, code: 'INVALID_CHOICE', message: problem, value: accountId, constraint: { type, isActive: true } });
}

/**
 * Tax codes name the company's tax table. `taxable` defaults to whether a sales tax code is set; a
 * taxable item needs one, and a non-taxable item cannot carry a code with a rate above zero.
 */
function nextTax(ctx: CompanyContext, current: ItemRow | null, input: ItemWrite, issues: ValidationIssue[]): ItemRow['tax'] {
  const sent = input.tax ?? {};
  const codeOf = (field: 'salesTaxCode' | 'purchaseTaxCode'): string | null => {
    const kept = current?.tax[field] ?? null;
    const given = sent[field];
    if (given === undefined) return kept;
    if (given !== null && given !== kept) resolveTaxCodeOrIssue(ctx, given, `tax.${field}`, issues);
    return given;
  };
  const salesTaxCode = codeOf('salesTaxCode');
  const purchaseTaxCode = codeOf('purchaseTaxCode');
  const salesChanged = sent.salesTaxCode !== undefined && salesTaxCode !== (current?.tax.salesTaxCode ?? null);
  const taxable = sent.taxable ?? (current === null || salesChanged ? salesTaxCode !== null : current.tax.taxable);
  if (taxable && salesTaxCode === null) {
    issues.push({ field: 'tax.salesTaxCode', code: 'REQUIRED_FIELD', message: 'a taxable item needs a sales tax code (see GET /tax-codes)' });
  }
  const rate = salesTaxCode === null ? 0 : (findTaxCode(ctx, salesTaxCode)?.rate ?? 0);
  if (!taxable && rate > 0) {
    issues.push({
      field: 'tax.taxable',
      code: 'INVALID_CHOICE',
      message: `a non-taxable item cannot carry tax code ${salesTaxCode} (${rate}%)`,
      value: false,
      constraint: { salesTaxCodeRate: 0 },
    });
  }
  return { salesTaxCode, purchaseTaxCode, taxable };
}

function resolveTaxCodeOrIssue(ctx: CompanyContext, code: string, field: string, issues: ValidationIssue[]): void {
  collectIssues(() => resolveTaxCode(ctx, code, field), issues);
}

function resolveItemCategoryOrIssue(ctx: CompanyContext, categoryId: string, issues: ValidationIssue[]): string | null {
  return collectIssues(() => resolveItemCategory(ctx, categoryId, 'categoryId').id, issues) ?? null;
}

/** Runs a check that throws a 422 VALIDATION_ERROR and keeps its issues, so one answer lists every problem. */
function collectIssues<T>(check: () => T, issues: ValidationIssue[]): T | undefined {
  try {
    return check();
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'VALIDATION_ERROR' && Array.isArray(error.details)) {
      issues.push(...(error.details as ValidationIssue[]));
      return undefined;
    }
    throw error;
  }
}

function findSupplier(ctx: CompanyContext, supplierId: string): Record<string, unknown> | undefined {
  if (!ctx.store.hasTable(SUPPLIERS)) return undefined;
  return ctx.store.table(ctx.companyId, SUPPLIERS).get(supplierId) as Record<string, unknown> | undefined;
}

/** `supplierId` must name a supplier of the company; `null` clears the supplier and its item code. */
function nextSupplier(ctx: CompanyContext, current: ItemRow | null, input: ItemWrite, issues: ValidationIssue[]): ItemRow['supplier'] {
  let supplier = current?.supplier ?? null;
  if (input.supplierId !== undefined) {
    if (input.supplierId === null) supplier = null;
    else if (input.supplierId !== supplier?.supplierId) {
      if (findSupplier(ctx, input.supplierId)) supplier = { supplierId: input.supplierId, supplierItemCode: null };
      else {
        issues.push({
          field: 'supplierId',
          code: 'INVALID_CHOICE',
          message: ctx.store.hasTable(SUPPLIERS) ? `no supplier with id ${input.supplierId}` : 'suppliers are not available yet (they come with the purchasing module)',
          value: input.supplierId,
        });
      }
    }
  }
  if (input.supplierItemCode !== undefined) {
    if (supplier) supplier = { ...supplier, supplierItemCode: input.supplierItemCode };
    else if (input.supplierItemCode !== null && input.supplierId !== null) {
      issues.push({ field: 'supplierItemCode', code: 'REQUIRED_FIELD', message: 'supplierItemCode needs a supplierId', value: input.supplierItemCode });
    }
  }
  return supplier;
}

/** A sent list replaces the variants; an `id` keeps that variant (and its stock). Codes are unique within the item and against item codes. */
function nextVariants(ctx: CompanyContext, current: ItemRow | null, input: ItemWrite, itemCode: string, issues: ValidationIssue[]): ItemRow['variants'] {
  if (input.variants === undefined) return current?.variants ?? [];
  const seenCodes = new Set<string>([itemCode]);
  return input.variants.map((variant, index) => {
    const existing = variant.id === undefined ? undefined : current?.variants.find((v) => v.id === variant.id);
    if (variant.id !== undefined && !existing) {
      issues.push({ field: `variants.${index}.id`, code: 'INVALID_CHOICE', message: `the item has no variant ${variant.id}`, value: variant.id });
    }
    const code = variant.itemCode ?? null;
    if (code !== null) {
      if (seenCodes.has(code)) {
        issues.push({ field: `variants.${index}.itemCode`, code: 'DUPLICATE_VALUE', message: `item code ${code} is used twice in this item`, value: code });
      }
      seenCodes.add(code);
      const holder = findItemByCode(ctx, code);
      if (holder && holder.id !== current?.id) throw conflict('item', 'itemCode', code, holder.id);
    }
    return {
      id: existing?.id ?? ctx.store.ids.next('var'),
      name: variant.name,
      attributes: variant.attributes ?? existing?.attributes ?? {},
      itemCode: code,
      barcode: variant.barcode ?? null,
      stock: existing?.stock ?? 0,
    };
  });
}

/** A sent list replaces the images; an `id` keeps that image. With none marked primary, the first one is. */
function nextImages(ctx: CompanyContext, current: ItemRow | null, input: ItemWrite, issues: ValidationIssue[]): ItemRow['images'] {
  if (input.images === undefined) return current?.images ?? [];
  const anyPrimary = input.images.some((image) => image.isPrimary);
  return input.images.map((image, index) => {
    const existing = image.id === undefined ? undefined : current?.images.find((i) => i.id === image.id);
    if (image.id !== undefined && !existing) {
      issues.push({ field: `images.${index}.id`, code: 'INVALID_CHOICE', message: `the item has no image ${image.id}`, value: image.id });
    }
    return { id: existing?.id ?? ctx.store.ids.next('img'), url: image.url, isPrimary: anyPrimary ? image.isPrimary === true : index === 0 };
  });
}
