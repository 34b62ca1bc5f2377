import type { AccountType, ItemType } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { type AccountRow, accountsTable, controlAccounts, type SystemRole } from '../accounting/index.js';
import { companyCurrency } from '../platform/index.js';
import type { ItemRow } from './tables.js';
import { businessRule, conflict, ServiceError, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { resolveItemCategory } from './item-categories.js';
import { findTaxCode, resolveTaxCode } from '../shared/tax-codes.js';
import { type NewItem, type ItemChanges, findItemByCode } from './items.js';
import { itemStock, type ItemStock } from './stock-balances.js';

/** Where each account of an item defaults to, and the account type it must have. */
const ACCOUNT_RULES = {
  incomeAccountId: { role: 'sales', type: 'revenue' },
  expenseAccountId: { role: 'cogs', type: 'expense' },
  assetAccountId: { role: 'inventory', type: 'asset' },
} as const satisfies Record<string, { role: SystemRole; type: AccountType }>;
type AccountField = keyof typeof ACCOUNT_RULES;

/** Suppliers arrive with the purchasing module; until then no supplier id can be named. */
const SUPPLIERS = 'suppliers';

// ---------------------------------------------------------------------------------------------
// Building the next state of an item from the current one (null on create) and the fields sent

type ItemFields = Omit<ItemRow, 'id' | 'createdAt' | 'updatedAt'>;
type ItemWrite = NewItem | ItemChanges;

export function nextItemFields(ctx: CompanyContext, current: ItemRow | null, input: ItemWrite): ItemFields {
  const issues: ValidationIssue[] = [];
  const type = input.type ?? current!.type;
  const typeChanged = current !== null && type !== current.type;

  const itemCode = input.itemCode ?? current!.itemCode;
  if (itemCode !== current?.itemCode) {
    const holder = findItemByCode(ctx, itemCode);
    if (holder) throw conflict('item', 'itemCode', itemCode, holder.id);
  }

  const stock = current ? itemStock(ctx, current.id) : null;
  refuseStockChanges(current, stock, input);
  const stopsTracking = current !== null && input.inventory?.tracked === false && current.inventory.tracked;
  if ((typeChanged || stopsTracking) && stock !== null && (stock.currentStock !== 0 || stock.reservedStock !== 0)) {
    throw businessRule(typeChanged ? 'an item holding stock cannot change type' : 'an item holding stock cannot stop tracking it', {
      itemId: current!.id,
      type: current!.type,
      requestedType: type,
      currentStock: stock.currentStock,
      reservedStock: stock.reservedStock,
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
  if (input.categoryId !== undefined)
    categoryId = input.categoryId === null ? null : resolveItemCategoryOrIssue(ctx, input.categoryId, issues);

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
    variants,
    customFields: input.customFields ?? current?.customFields ?? {},
    images,
    isActive: input.isActive ?? current?.isActive ?? true,
  };
}

/** Stock counts move with stock adjustments (the inventory module); sending the current value back is not a change. */
function refuseStockChanges(current: ItemRow | null, stock: ItemStock | null, input: ItemWrite): void {
  const sent = input.inventory ?? {};
  for (const field of ['currentStock', 'availableStock', 'reservedStock'] as const) {
    const value = sent[field];
    const now = stock?.[field] ?? 0;
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

function nextInventory(
  current: ItemRow | null,
  input: ItemWrite,
  type: ItemType,
  typeChanged: boolean,
  issues: ValidationIssue[],
): ItemRow['inventory'] {
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
function nextAccounting(
  ctx: CompanyContext,
  current: ItemRow | null,
  input: ItemWrite,
  type: ItemType,
  issues: ValidationIssue[],
): ItemRow['accounting'] {
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
    issues.push({
      field: 'accounting.assetAccountId',
      code: 'REQUIRED_FIELD',
      message: 'an inventory item needs an asset account for its stock',
    });
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
    issues.push({
      field: 'tax.salesTaxCode',
      code: 'REQUIRED_FIELD',
      message: 'a taxable item needs a sales tax code (see GET /tax-codes)',
    });
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

export function findSupplier(ctx: CompanyContext, supplierId: string): Record<string, unknown> | undefined {
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
          message: ctx.store.hasTable(SUPPLIERS)
            ? `no supplier with id ${input.supplierId}`
            : 'suppliers are not available yet (they come with the purchasing module)',
          value: input.supplierId,
        });
      }
    }
  }
  if (input.supplierItemCode !== undefined) {
    if (supplier) supplier = { ...supplier, supplierItemCode: input.supplierItemCode };
    else if (input.supplierItemCode !== null && input.supplierId !== null) {
      issues.push({
        field: 'supplierItemCode',
        code: 'REQUIRED_FIELD',
        message: 'supplierItemCode needs a supplierId',
        value: input.supplierItemCode,
      });
    }
  }
  return supplier;
}

/** A sent list replaces the variants; an `id` keeps that variant (and its stock). Codes are unique within the item and against item codes. */
function nextVariants(
  ctx: CompanyContext,
  current: ItemRow | null,
  input: ItemWrite,
  itemCode: string,
  issues: ValidationIssue[],
): ItemRow['variants'] {
  if (input.variants === undefined) return current?.variants ?? [];
  const seenCodes = new Set<string>([itemCode]);
  return input.variants.map((variant, index) => {
    const existing = variant.id === undefined ? undefined : current?.variants.find((v) => v.id === variant.id);
    if (variant.id !== undefined && !existing) {
      issues.push({
        field: `variants.${index}.id`,
        code: 'INVALID_CHOICE',
        message: `the item has no variant ${variant.id}`,
        value: variant.id,
      });
    }
    const code = variant.itemCode ?? null;
    if (code !== null) {
      if (seenCodes.has(code)) {
        issues.push({
          field: `variants.${index}.itemCode`,
          code: 'DUPLICATE_VALUE',
          message: `item code ${code} is used twice in this item`,
          value: code,
        });
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
    return {
      id: existing?.id ?? ctx.store.ids.next('img'),
      url: image.url,
      isPrimary: anyPrimary ? image.isPrimary === true : index === 0,
    };
  });
}
