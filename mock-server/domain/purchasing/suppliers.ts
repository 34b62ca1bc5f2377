import type {
  DeletedRecord,
  Supplier,
  SupplierBankDetails,
  SupplierCreateParams,
  SupplierRef,
  SupplierStatus,
  SupplierUpdateParams,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { businessRule, notFound, validationError, type ServiceError } from '../../kernel/errors.js';
import { maskAccountNumber } from '../../kernel/mask.js';
import { companyCurrency } from '../platform/index.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { billPaymentsTable, billsTable } from './bill-tables.js';
import {
  purchaseOrdersTable,
  SUPPLIER_NUMBER,
  supplierRatingsTable,
  suppliersTable,
  type PurchaseOrderRow,
  type SupplierBankDetailsRow,
  type SupplierRow,
} from './tables.js';

/** Net 30 with no early-payment discount, when a supplier is created without terms (decision PUR-3). */
export const DEFAULT_PAYMENT_TERMS = { termsDays: 30, discountDays: 0, discountPercent: 0 } as const;

/** 404 SUPPLIER_NOT_FOUND (spec document 2, "Errors"; status chosen, decision PUR-1). */
export const supplierNotFound = (supplierId: string, field = 'supplierId'): ServiceError =>
  notFound('supplier', supplierId, 'SUPPLIER_NOT_FOUND', field);

export function retrieveSupplier(ctx: CompanyContext, supplierId: string, field = 'supplierId'): SupplierRow {
  const supplier = suppliersTable(ctx).get(supplierId);
  if (!supplier) throw supplierNotFound(supplierId, field);
  return supplier;
}

/** The supplier a new purchasing document names: it must exist and be active (a suspended or inactive supplier takes no new orders or bills). */
export function supplierForPurchase(ctx: CompanyContext, supplierId: string, field = 'supplierId'): SupplierRow {
  const supplier = retrieveSupplier(ctx, supplierId, field);
  if (supplier.status !== 'active') {
    throw businessRule(`supplier ${supplier.supplierNumber} is ${supplier.status}: new purchasing documents need an active supplier`, {
      field,
      supplierId: supplier.id,
      status: supplier.status,
    });
  }
  return supplier;
}

export const supplierRef = (supplier: SupplierRow): SupplierRef => ({ id: supplier.id, name: supplier.name, email: supplier.email });

/** Bank details as every answer shows them: the account number masked to its last four (decision PUR-4). */
function presentBankDetails(bank: SupplierBankDetailsRow | null): SupplierBankDetails | null {
  if (!bank) return null;
  const { bankAccountNumber, ...rest } = bank;
  return { ...rest, accountNumber: maskAccountNumber(bankAccountNumber) };
}

export function presentSupplier(row: SupplierRow): Supplier {
  return {
    ...row,
    address: row.address ? { ...row.address } : null,
    paymentTerms: { ...row.paymentTerms },
    tags: [...row.tags],
    contactPerson: row.contactPerson ? { ...row.contactPerson } : null,
    bankDetails: presentBankDetails(row.bankDetails),
  };
}

/** The query as the list's declared indexes read it: `country` in capitals, as suppliers store it (none when empty). */
export function supplierListQuery(query: Record<string, unknown>): Record<string, unknown> {
  const country = typeof query.country === 'string' && query.country !== '' ? query.country.toUpperCase() : undefined;
  return { ...query, country };
}

/** The list's plain filters: `status`, and `country` compared without case. */
export function supplierMatches(filters: { status?: SupplierStatus; country?: string }): (row: SupplierRow) => boolean {
  const country = filters.country?.toUpperCase();
  return (row) => (!filters.status || row.status === filters.status) && (!country || row.address?.country === country);
}

type SupplierFields = Omit<SupplierUpdateParams, 'name'>;

/** The stored form of the writable fields a body gives; absent fields are not in the result. */
function writtenFields(input: SupplierFields, current: SupplierRow | null): Partial<SupplierRow> {
  const out: Partial<SupplierRow> = {};
  const text = (value: string | null | undefined) =>
    value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();
  for (const key of ['displayName', 'phone', 'website', 'taxNumber', 'registrationNumber'] as const) {
    const value = text(input[key]);
    if (value !== undefined) out[key] = value;
  }
  if (input.email !== undefined) out.email = input.email === null ? null : input.email.toLowerCase();
  if (input.address !== undefined) {
    const a = input.address;
    out.address =
      a === null
        ? null
        : {
            street: text(a.street) ?? null,
            city: text(a.city) ?? null,
            state: text(a.state) ?? null,
            postalCode: text(a.postalCode) ?? null,
            country: a.country ? a.country.toUpperCase() : null,
          };
  }
  if (input.paymentTerms !== undefined) out.paymentTerms = { ...(current?.paymentTerms ?? DEFAULT_PAYMENT_TERMS), ...input.paymentTerms };
  if (input.creditLimit !== undefined) out.creditLimit = input.creditLimit;
  if (input.currency !== undefined) out.currency = input.currency.toUpperCase();
  if (input.status !== undefined) out.status = input.status;
  if (input.tags !== undefined) out.tags = [...new Set(input.tags)];
  if (input.contactPerson !== undefined) {
    const c = input.contactPerson;
    out.contactPerson =
      c === null
        ? null
        : {
            name: text(c.name) ?? null,
            email: c.email?.toLowerCase() ?? null,
            phone: text(c.phone) ?? null,
            position: text(c.position) ?? null,
          };
  }
  if (input.bankDetails !== undefined) {
    const b = input.bankDetails;
    out.bankDetails =
      b === null
        ? null
        : {
            accountName: text(b.accountName) ?? null,
            bankAccountNumber: b.accountNumber.trim(),
            bankName: text(b.bankName) ?? null,
            bankCode: text(b.bankCode) ?? null,
            swiftCode: b.swiftCode ? b.swiftCode.toUpperCase() : null,
          };
  }
  return out;
}

/** Terms whose discount window outlasts the due date would pay a discount after the bill is due. */
function checkPaymentTerms(terms: SupplierRow['paymentTerms']): void {
  if (terms.discountDays > terms.termsDays) {
    throw validationError([
      {
        field: 'paymentTerms.discountDays',
        code: 'MAX_VALUE',
        message: `discountDays cannot be after termsDays ${terms.termsDays}`,
        value: terms.discountDays,
        constraint: { max: terms.termsDays },
      },
    ]);
  }
}

export function createSupplier(ctx: CompanyContext, input: SupplierCreateParams): SupplierRow {
  return ctx.store.transaction(() => {
    const table = suppliersTable(ctx);
    const now = ctx.clock.iso();
    const row: SupplierRow = {
      id: table.newId(),
      supplierNumber: nextDocumentNumber(ctx, SUPPLIER_NUMBER),
      name: input.name.trim(),
      displayName: null,
      email: null,
      phone: null,
      website: null,
      taxNumber: null,
      registrationNumber: null,
      address: null,
      paymentTerms: { ...DEFAULT_PAYMENT_TERMS },
      creditLimit: 0,
      currentBalance: 0,
      currency: companyCurrency(ctx),
      status: 'active',
      tags: [],
      contactPerson: null,
      bankDetails: null,
      createdAt: now,
      updatedAt: now,
      ...writtenFields(input, null),
    };
    checkPaymentTerms(row.paymentTerms);
    return table.insert(row);
  });
}

/** An order with goods still to be received or billed; a cancelled order only for what arrived and is not billed yet. */
const isOpenOrder = (order: PurchaseOrderRow): boolean =>
  order.items.some((line) => line.billedQuantity < (order.status === 'cancelled' ? line.receivedQuantity : line.quantity));

/**
 * A supplier's currency changes only while nothing is owed and no order is open (decision PUR-21,
 * as QuickBooks and Xero do): its open orders and unpaid bills are in the old currency, and its
 * statement and payments would mix two.
 */
function checkCurrencyChange(ctx: CompanyContext, current: SupplierRow, currency: string): void {
  if (currency === current.currency) return;
  const openOrders = purchaseOrdersTable(ctx).byIndex('supplierId', current.id).filter(isOpenOrder);
  // A draft bill posts nothing yet, but it is written in the supplier's currency.
  const draftBills = billsTable(ctx)
    .byIndex('supplierId', current.id)
    .filter((bill) => bill.status === 'draft');
  if (current.currentBalance === 0 && openOrders.length === 0 && draftBills.length === 0) return;
  throw businessRule(
    `the currency of supplier ${current.supplierNumber} cannot change while it has a balance, open purchase orders or draft bills in ${current.currency}`,
    {
      field: 'currency',
      supplierId: current.id,
      currency: current.currency,
      requestedCurrency: currency,
      currentBalance: current.currentBalance,
      openPurchaseOrders: openOrders.length,
      draftBills: draftBills.length,
    },
  );
}

export function updateSupplier(ctx: CompanyContext, supplierId: string, input: SupplierUpdateParams): SupplierRow {
  return ctx.store.transaction(() => {
    const current = retrieveSupplier(ctx, supplierId);
    const changes = writtenFields(input, current);
    if (input.name !== undefined) changes.name = input.name.trim();
    const next = { ...current, ...changes };
    checkPaymentTerms(next.paymentTerms);
    checkCurrencyChange(ctx, current, next.currency);
    return suppliersTable(ctx).update(current.id, { ...changes, updatedAt: ctx.clock.iso() });
  });
}

/**
 * `delete` of a supplier (spec document 3, batch table): as a customer's delete, a supplier that any
 * purchasing document names, or that has a balance, cannot be deleted: set its status to inactive instead.
 */
export function deleteSupplier(ctx: CompanyContext, supplierId: string): DeletedRecord {
  return ctx.store.transaction(() => {
    const supplier = retrieveSupplier(ctx, supplierId);
    const documents = {
      purchaseOrders: purchaseOrdersTable(ctx).countByIndex('supplierId', supplier.id),
      bills: billsTable(ctx).countByIndex('supplierId', supplier.id),
      billPayments: billPaymentsTable(ctx).countByIndex('supplierId', supplier.id),
      supplierRatings: supplierRatingsTable(ctx).countByIndex('supplierId', supplier.id),
    };
    if (Object.values(documents).some((n) => n > 0) || supplier.currentBalance !== 0) {
      throw businessRule('a supplier with transactions cannot be deleted; set its status to inactive instead', {
        supplierId: supplier.id,
        supplierNumber: supplier.supplierNumber,
        ...documents,
        currentBalance: supplier.currentBalance,
      });
    }
    suppliersTable(ctx).delete(supplier.id);
    return { id: supplier.id, deleted: true };
  });
}
