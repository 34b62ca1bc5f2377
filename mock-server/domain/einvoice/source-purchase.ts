import type { Company } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { notFound } from '../../kernel/errors.js';
import { findCompany } from '../platform/index.js';
import {
  type BillLineRow,
  billsTable,
  supplierCreditNotesTable,
  supplierDebitNotesTable,
  type SupplierRow,
  suppliersTable,
} from '../purchasing/index.js';
import { findTaxCode } from '../shared/tax-codes.js';
import { identityOf } from './identities.js';
import { companyParty, invalidInvoiceData, type EinvoiceLine, type EinvoiceParty, type EinvoiceSource } from './source.js';

// Self-billed e-invoices (LHDN types 11-14; spec document 3, "doc-self-billed"): the company, as buyer,
// issues the e-invoice for a purchase on its vendor's behalf, so the e-invoice's SUPPLIER is the vendor
// and its BUYER the company. A supplier credit or debit note on the bill is its type 12 or 13 (decision EINV-32).

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

type PurchaseLine = Omit<BillLineRow, 'purchaseOrderLineId'>;

/** A bill line without a tax code was charged no tax: not applicable (06), as code NT says. */
function purchaseLineTax(ctx: CompanyContext, line: PurchaseLine, at: number): EinvoiceLine['tax'] {
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

/** The purchase document of `id` in the fields the source takes from it: a bill, a supplier credit note or debit note. */
interface PurchaseDocument {
  documentType: 'invoice' | 'credit_note' | 'debit_note';
  id: string;
  number: string;
  issueDate: string;
  dueDate: string | null;
  supplierId: string;
  currency: string;
  exchangeRate: number;
  reference: string | null;
  notes: string | null;
  items: readonly PurchaseLine[];
  subtotal: number;
  taxTotal: number;
  total: number;
}

function purchaseDocumentOf(ctx: CompanyContext, id: string): PurchaseDocument {
  const bill = billsTable(ctx).get(id);
  if (bill) {
    if (bill.status === 'draft')
      throw invalidInvoiceData([
        { field: 'billId', message: `bill ${bill.billNumber} is a draft; only an approved bill makes a self-billed e-invoice` },
      ]);
    const { billNumber: number, billDate: issueDate, supplierInvoiceNumber: reference, taxTotal } = bill;
    return { ...bill, documentType: 'invoice', number, issueDate, reference, taxTotal };
  }
  // A supplier note is posted when it is made (decision PUR-58): there is no draft to refuse.
  const credit = supplierCreditNotesTable(ctx).get(id);
  if (credit) {
    const { creditNoteNumber: number, creditNoteDate: issueDate, reason: reference } = credit;
    return { ...credit, documentType: 'credit_note', number, issueDate, dueDate: null, reference };
  }
  const debit = supplierDebitNotesTable(ctx).get(id);
  if (debit) {
    const { debitNoteNumber: number, debitNoteDate: issueDate, reason: reference } = debit;
    return { ...debit, documentType: 'debit_note', number, issueDate, dueDate: null, reference };
  }
  throw notFound('bill', id, 'NOT_FOUND', 'billId');
}

/**
 * The bill, supplier credit note or supplier debit note `id` as a self-billed e-invoice source (type 11,
 * 12 or 13). A draft bill is not yet a purchase the company accepts: 400 INVALID_INVOICE_DATA, as a draft
 * sales invoice is. A note names `original`, the bill's self-billed e-invoice, as a sales note names its
 * invoice's (decisions EINV-18, EINV-32).
 */
export function loadPurchaseSource(ctx: CompanyContext, id: string, original: EinvoiceSource['billingReference'] = null): EinvoiceSource {
  const doc = purchaseDocumentOf(ctx, id);
  const supplier = suppliersTable(ctx).get(doc.supplierId);
  if (!supplier) throw invalidInvoiceData([{ field: 'supplierId', message: `the document's supplier ${doc.supplierId} no longer exists` }]);
  const company = findCompany(ctx.store, ctx.companyId) as Company;
  return {
    documentType: doc.documentType,
    selfBilled: true,
    id: doc.id,
    number: doc.number,
    issueDate: doc.issueDate,
    dueDate: doc.dueDate,
    currency: doc.currency,
    exchangeRate: doc.exchangeRate,
    companyCurrency: company.currency,
    billingReference: doc.documentType === 'invoice' ? null : original,
    purchaseOrder: null,
    reference: doc.reference,
    notes: doc.notes,
    supplier: vendorParty(ctx, supplier),
    buyer: companyParty(ctx),
    lines: doc.items.map((line, at) => ({
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
    subtotal: doc.subtotal,
    totalDiscount: 0,
    totalTax: doc.taxTotal,
    total: doc.total,
    prepaid: 0,
  };
}
