import type { PurchaseApprovalStatus, PurchaseOrderStatus, SupplierRating, SupplierStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import type { NumberFormat } from '../shared/numbering.js';
import { defineBillTables } from './bill-tables.js';
import { defineSupplierNoteTables } from './supplier-note-tables.js';
import { defineSourcingTables } from './requisition-rfq-tables.js';

/** The purchasing module's tables and the shape of their rows. */
export const SUPPLIERS = 'suppliers';
export const PURCHASE_ORDERS = 'purchaseOrders';
export const APPROVAL_RULES = 'purchaseApprovalRules';
export const APPROVALS = 'purchaseApprovals';
export const SUPPLIER_RATINGS = 'supplierRatings';

export const SUPPLIER_NUMBER: NumberFormat = { sequence: 'supplier', prefix: 'SUP', digits: 5 };
export const PO_NUMBER: NumberFormat = { sequence: 'purchaseOrder', prefix: 'PO', digits: 6 };
export const RECEIPT_NUMBER: NumberFormat = { sequence: 'purchaseReceipt', prefix: 'GRN', digits: 6 };

export interface SupplierAddressRow {
  street: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  /** ISO 3166-1 alpha-2, upper case. */
  country: string | null;
}

/**
 * Bank details as stored. The account number is a secret (PUR-4): the field is named
 * `bankAccountNumber` so the audit trail's secret mask (kernel/mask.ts) masks it, and only
 * its last four characters are ever presented.
 */
export interface SupplierBankDetailsRow {
  accountName: string | null;
  bankAccountNumber: string;
  bankName: string | null;
  bankCode: string | null;
  swiftCode: string | null;
}

export interface SupplierRow {
  id: string;
  supplierNumber: string;
  name: string;
  displayName: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  taxNumber: string | null;
  registrationNumber: string | null;
  address: SupplierAddressRow | null;
  paymentTerms: { termsDays: number; discountDays: number; discountPercent: number };
  creditLimit: number;
  /** What the company owes: posted bills less payments, company currency; moved only by bills and their payments. */
  currentBalance: number;
  currency: string;
  status: SupplierStatus;
  tags: string[];
  contactPerson: { name: string | null; email: string | null; phone: string | null; position: string | null } | null;
  bankDetails: SupplierBankDetailsRow | null;
  createdAt: string;
  updatedAt: string;
}

export interface PurchaseOrderLineRow {
  id: string;
  itemId: string | null;
  itemCode: string | null;
  description: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
  taxCode: string;
  taxRate: number;
  taxAmount: number;
  receivedQuantity: number;
  /** Company-currency value received so far, in cents: what goods received not invoiced holds for the line until billed. */
  receivedValueCents: number;
  billedQuantity: number;
  expectedDate: string | null;
  notes: string | null;
}

export interface PurchaseReceiptLineRow {
  lineId: string;
  itemId: string | null;
  quantity: number;
  unitPrice: number;
  /** Company currency, cents. */
  valueCents: number;
  lotNumber: string | null;
  expiryDate: string | null;
}

export interface PurchaseReceiptRow {
  id: string;
  receiptNumber: string;
  date: string;
  locationId: string;
  items: PurchaseReceiptLineRow[];
  journalEntryId: string | null;
  notes: string | null;
  receivedBy: string;
  receivedAt: string;
}

export interface PurchaseOrderRow {
  id: string;
  poNumber: string;
  supplierId: string;
  supplier: { id: string; name: string; email: string | null };
  orderDate: string;
  requiredDate: string | null;
  status: PurchaseOrderStatus;
  currency: string;
  exchangeRate: number;
  reference: string | null;
  locationId: string | null;
  subtotal: number;
  taxTotal: number;
  discountTotal: number;
  total: number;
  items: PurchaseOrderLineRow[];
  deliveryAddress: Record<string, string | null> | null;
  terms: string | null;
  notes: string | null;
  requisitionId: string | null;
  rfqId: string | null;
  approval: { required: boolean; status: PurchaseApprovalStatus };
  receipts: PurchaseReceiptRow[];
  billIds: string[];
  statusHistory: { status: PurchaseOrderStatus; changedAt: string; changedBy: string; notes: string | null }[];
  createdBy: string;
  approvedBy: string | null;
  approvedAt: string | null;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A rating of a supplier (PUR-24): stored as the API shows it (of one receipt, or of a period; each criterion 1 to 5 or not given). */
export type SupplierRatingRow = SupplierRating;

export const suppliersTable = (ctx: CompanyContext): Table<SupplierRow> => ctx.store.table<SupplierRow>(ctx.companyId, SUPPLIERS);
export const purchaseOrdersTable = (ctx: CompanyContext): Table<PurchaseOrderRow> =>
  ctx.store.table<PurchaseOrderRow>(ctx.companyId, PURCHASE_ORDERS);
export const supplierRatingsTable = (ctx: CompanyContext): Table<SupplierRatingRow> =>
  ctx.store.table<SupplierRatingRow>(ctx.companyId, SUPPLIER_RATINGS);

/** Every table of the purchasing module; later slices add theirs here. */
export function definePurchasingTables(store: Store): void {
  store.defineTable(SUPPLIERS, { prefix: 'sup', indexes: ['email'] });
  store.defineTable(PURCHASE_ORDERS, { prefix: 'po', indexes: ['supplierId', 'status'] });
  store.defineTable(APPROVAL_RULES, { prefix: 'apr' });
  store.defineTable(APPROVALS, { prefix: 'apv', indexes: ['documentId', 'status'] });
  store.defineTable(SUPPLIER_RATINGS, { prefix: 'srt', indexes: ['supplierId', 'receiptId'] });
  defineBillTables(store);
  defineSupplierNoteTables(store);
  defineSourcingTables(store);
}
