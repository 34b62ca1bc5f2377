import type { Company } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { notFound } from '../../kernel/errors.js';
import { findCompany } from '../platform/index.js';
import { type BillLineRow, billsTable, type SupplierRow, suppliersTable } from '../purchasing/index.js';
import { findTaxCode } from '../shared/tax-codes.js';
import { identityOf } from './identities.js';
import { companyParty, invalidInvoiceData, type EinvoiceLine, type EinvoiceParty, type EinvoiceSource } from './source.js';

// Self-billed e-invoices (LHDN types 11-14; spec document 3, "doc-self-billed"): the company, as buyer,
// issues the e-invoice for a purchase on its vendor's behalf, so the e-invoice's SUPPLIER is the vendor
// and its BUYER the company.

const addressOf = (a: NonNullable<SupplierRow['address']>): NonNullable<EinvoiceParty['address']> =>
  Object.fromEntries(Object.entries(a).filter(([, value]) => value !== null)) as NonNullable<EinvoiceParty['address']>;

/** The vendor as the e-invoice's supplier: the supplier record with its e-invoice identity. */
export function vendorParty(ctx: CompanyContext, supplier: SupplierRow): EinvoiceParty {
  const identity = identityOf(ctx, supplier.id);
  const foreign = supplier.address?.country ? supplier.address.country.toUpperCase() !== 'MY' : false;
  return {
    id: supplier.id,
    name: supplier.displayName ?? supplier.name,
    legalName: supplier.name,
    tin: identity?.tin ?? supplier.taxNumber,
    registrationNumber: identity?.idType === 'BRN' ? identity.idValue : supplier.registrationNumber,
    idType: identity?.idType ?? (supplier.registrationNumber ? 'BRN' : null),
    idValue: identity?.idValue ?? supplier.registrationNumber,
    sstNumber: identity?.sstNumber ?? null,
    msicCode: identity?.msicCode ?? null,
    businessActivity: identity?.businessActivity ?? null,
    kind: identity?.kind ?? (foreign ? 'foreign' : 'local'),
    email: supplier.email ?? supplier.contactPerson?.email ?? null,
    phone: supplier.phone ?? supplier.contactPerson?.phone ?? null,
    address: supplier.address ? addressOf(supplier.address) : null,
  };
}

/** A bill line without a tax code was charged no tax: not applicable (06), as code NT says. */
function purchaseLineTax(ctx: CompanyContext, line: BillLineRow, at: number): EinvoiceLine['tax'] {
  const row = findTaxCode(ctx, line.taxCode ?? 'NT');
  if (!row && line.taxCode)
    throw invalidInvoiceData([
      { field: `items[${at}].taxCode`, message: `line ${at + 1} names tax code ${line.taxCode}, which the company does not have` },
    ]);
  if (!row) return { code: 'NT', name: 'Not taxable', rate: 0, peppolCategory: 'O', myinvoisTaxType: '06' };
  return {
    code: row.code,
    name: row.name,
    rate: line.taxRate ?? 0,
    peppolCategory: row.peppolCategory,
    myinvoisTaxType: row.myinvoisTaxType,
  };
}

/**
 * The bill `billId` as a self-billed e-invoice source (type 11). A draft bill is not yet a purchase the
 * company accepts: 400 INVALID_INVOICE_DATA, as a draft sales invoice is.
 */
export function loadPurchaseSource(ctx: CompanyContext, billId: string): EinvoiceSource {
  const bill = billsTable(ctx).get(billId);
  if (!bill) throw notFound('bill', billId, 'NOT_FOUND', 'billId');
  if (bill.status === 'draft')
    throw invalidInvoiceData([
      { field: 'billId', message: `bill ${bill.billNumber} is a draft; only an approved bill makes a self-billed e-invoice` },
    ]);
  const supplier = suppliersTable(ctx).get(bill.supplierId);
  if (!supplier) throw invalidInvoiceData([{ field: 'supplierId', message: `the bill's supplier ${bill.supplierId} no longer exists` }]);
  const company = findCompany(ctx.store, ctx.companyId) as Company;
  return {
    documentType: 'invoice',
    selfBilled: true,
    id: bill.id,
    number: bill.billNumber,
    issueDate: bill.billDate,
    dueDate: bill.dueDate,
    currency: bill.currency,
    exchangeRate: bill.exchangeRate,
    companyCurrency: company.currency,
    billingReference: null,
    purchaseOrder: null,
    reference: bill.supplierInvoiceNumber,
    notes: bill.notes,
    supplier: vendorParty(ctx, supplier),
    buyer: companyParty(ctx),
    lines: bill.items.map((line, at) => ({
      id: String(at + 1),
      itemCode: line.itemCode,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      discountAmount: 0,
      lineTotal: line.lineTotal,
      taxAmount: line.taxAmount,
      tax: purchaseLineTax(ctx, line, at),
    })),
    shippingCost: 0,
    subtotal: bill.subtotal,
    totalDiscount: 0,
    totalTax: bill.taxTotal,
    total: bill.total,
    prepaid: 0,
  };
}
