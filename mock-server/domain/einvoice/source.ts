import type { Company } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { ServiceError } from '../../kernel/errors.js';
import { findCompany } from '../platform/index.js';
import {
  type AddressBlock,
  creditNotesTable,
  type CustomerRow,
  customersTable,
  debitNotesTable,
  invoicesTable,
  refundsTable,
  type StoredDocumentLine,
} from '../sales/index.js';
import { findTaxCode, type TaxCodeRow } from '../shared/tax-codes.js';
import { einvoicesTable } from './tables.js';
import { identityOf, identityPartyFields, type EinvoiceIdentityRow } from './identities.js';
import { itemsTable } from '../inventory/index.js';
import { unitCodeOf } from './unit-codes.js';

/** What an e-invoice is made from: one sales document, in a form every format builder reads (spec document 3, "E-invoice"). */
export type EinvoiceDocumentType = 'invoice' | 'credit_note' | 'debit_note' | 'refund_note';

export interface EinvoiceParty {
  /** The customer or company id the party is. */
  id: string;
  name: string;
  legalName: string;
  tin: string | null;
  registrationNumber: string | null;
  idType: EinvoiceIdentityRow['idType'];
  idValue: string | null;
  sstNumber: string | null;
  msicCode: string | null;
  businessActivity: string | null;
  kind: EinvoiceIdentityRow['kind'];
  email: string | null;
  phone: string | null;
  address: AddressBlock | null;
}

export interface EinvoiceLine {
  id: string;
  itemCode: string | null;
  description: string;
  quantity: number;
  /** UN/ECE Rec 20 unit of the quantity (unit-codes.ts); absent counts in units (C62). */
  unitCode?: string;
  unitPrice: number;
  discountAmount: number;
  lineTotal: number;
  taxAmount: number;
  tax: Pick<TaxCodeRow, 'code' | 'name' | 'rate' | 'peppolCategory' | 'myinvoisTaxType'>;
}

export interface EinvoiceSource {
  documentType: EinvoiceDocumentType;
  id: string;
  number: string;
  issueDate: string;
  dueDate: string | null;
  currency: string;
  /** Company currency per document unit. */
  exchangeRate: number;
  companyCurrency: string;
  /** The invoice a note corrects, and the UUID of its e-invoice when it has one. */
  billingReference: { number: string; date: string; uuid?: string | null } | null;
  purchaseOrder: string | null;
  reference: string | null;
  notes: string | null;
  supplier: EinvoiceParty;
  buyer: EinvoiceParty;
  lines: EinvoiceLine[];
  shippingCost: number;
  subtotal: number;
  totalDiscount: number;
  totalTax: number;
  total: number;
  /** Already paid on the document (an invoice's payments and credits): the payable amount is `total - prepaid`. */
  prepaid: number;
  /** A self-billed purchase document (MyInvois types 11-14): the supplier is the vendor, the buyer the company. */
  selfBilled?: boolean;
  /** A consolidated e-invoice of the batch pool (classification 004, general TIN buyer). */
  consolidated?: boolean;
  /** When the e-invoice is issued (ISO 8601); MyInvois's IssueDate and IssueTime in UTC. */
  issuedAt?: string;
}

/** 400 INVALID_INVOICE_DATA (spec document 3, "Errors"): the data cannot make an e-invoice. */
export const invalidInvoiceData = (details: { field: string; message: string }[]) =>
  new ServiceError('INVALID_INVOICE_DATA', `The document cannot make an e-invoice: ${details.map((d) => d.message).join('; ')}`, details);

function taxOf(ctx: CompanyContext, line: StoredDocumentLine, at: number): EinvoiceLine['tax'] {
  const row = findTaxCode(ctx, line.taxCode);
  if (!row)
    throw invalidInvoiceData([
      { field: `items[${at}].taxCode`, message: `line ${at + 1} names tax code ${line.taxCode}, which the company does not have` },
    ]);
  // The line's own rate is what was charged; the code gives the categories.
  return { code: row.code, name: row.name, rate: line.taxRate, peppolCategory: row.peppolCategory, myinvoisTaxType: row.myinvoisTaxType };
}

const linesOf = (ctx: CompanyContext, lines: readonly StoredDocumentLine[]): EinvoiceLine[] =>
  lines.map((line, at) => ({
    id: String(at + 1),
    itemCode: line.itemCode,
    description: line.description,
    quantity: line.quantity,
    unitCode: unitCodeOf(line.itemId ? itemsTable(ctx).get(line.itemId)?.unit : null),
    unitPrice: line.unitPrice,
    discountAmount: line.discountAmount,
    lineTotal: line.lineTotal,
    taxAmount: line.taxAmount,
    tax: taxOf(ctx, line, at),
  }));

export function companyParty(ctx: CompanyContext): EinvoiceParty {
  const company = findCompany(ctx.store, ctx.companyId) as Company;
  const identity = identityOf(ctx, company.id);
  return {
    id: company.id,
    name: company.name,
    legalName: company.legalName ?? company.name,
    tin: identity?.tin ?? company.taxNumber,
    registrationNumber: company.registrationNumber,
    idType: identity?.idType ?? (company.registrationNumber ? 'BRN' : null),
    idValue: identity?.idValue ?? company.registrationNumber,
    sstNumber: identity?.sstNumber ?? company.sstRegistrationNumber,
    msicCode: identity?.msicCode ?? null,
    businessActivity: identity?.businessActivity ?? null,
    kind: 'local',
    email: company.email,
    phone: company.phone,
    address: company.address as AddressBlock,
  };
}

export function customerParty(ctx: CompanyContext, customer: CustomerRow, billingAddress: AddressBlock | null): EinvoiceParty {
  const identity = identityOf(ctx, customer.id);
  return {
    id: customer.id,
    name: customer.name,
    legalName: customer.name,
    // The customer's own tax number first: the identity supplies LHDN's general TINs to those without one.
    tin: customer.taxNumber ?? identity?.tin ?? null,
    ...identityPartyFields(identity),
    kind: identity?.kind ?? (customer.type === 'individual' ? 'individual' : 'local'),
    email: customer.email,
    phone: customer.phone,
    address: billingAddress ?? customer.billingAddress ?? customer.address ?? null,
  };
}

/** The UUID of the invoice's e-invoice (a note's BillingReference, MyInvois): the accepted one, else the latest live one. */
function einvoiceUuidOf(ctx: CompanyContext, invoiceId: string): string | null {
  const live = einvoicesTable(ctx)
    .byIndex('invoiceId', invoiceId)
    .filter((row) => row.status !== 'cancelled' && row.status !== 'rejected');
  return (live.find((row) => row.status === 'accepted') ?? live.at(-1))?.uuid ?? null;
}

const customerOf = (ctx: CompanyContext, customerId: string): CustomerRow => {
  const customer = customersTable(ctx).get(customerId);
  if (!customer) throw invalidInvoiceData([{ field: 'customerId', message: `the document's customer ${customerId} no longer exists` }]);
  return customer;
};

/**
 * The sales document of `id` as an e-invoice source: an invoice (sent or paid), a credit note, a debit
 * note or a refund. A draft or cancelled invoice cannot make one (400 INVALID_INVOICE_DATA).
 */
export function loadEinvoiceSource(ctx: CompanyContext, id: string): EinvoiceSource {
  const company = findCompany(ctx.store, ctx.companyId) as Company;
  const common = { supplier: companyParty(ctx), companyCurrency: company.currency, prepaid: 0 };
  const source = invoiceSource(ctx, id) ?? noteSource(ctx, id) ?? refundSource(ctx, id);
  if (!source) {
    throw new ServiceError('NOT_FOUND', `No invoice, credit note, debit note or refund with id ${id.slice(0, 100)}`, [
      { resource: 'invoice', id: id.slice(0, 100), field: 'invoiceId' },
    ]);
  }
  return { ...common, ...source };
}

type SourceFields = Omit<EinvoiceSource, 'supplier' | 'companyCurrency' | 'prepaid'>;

function invoiceSource(ctx: CompanyContext, id: string): SourceFields | undefined {
  const invoice = invoicesTable(ctx).get(id);
  if (!invoice) return undefined;
  if (invoice.status === 'draft' || invoice.status === 'cancelled') {
    throw invalidInvoiceData([
      { field: 'invoiceId', message: `invoice ${invoice.invoiceNumber} is ${invoice.status}; only a sent invoice makes an e-invoice` },
    ]);
  }
  return {
    documentType: 'invoice',
    id: invoice.id,
    number: invoice.invoiceNumber,
    issueDate: invoice.invoiceDate,
    dueDate: invoice.dueDate,
    currency: invoice.currency,
    exchangeRate: invoice.exchangeRate,
    billingReference: null,
    purchaseOrder: invoice.purchaseOrder,
    reference: invoice.reference,
    notes: invoice.notes,
    buyer: customerParty(ctx, customerOf(ctx, invoice.customerId), invoice.billingAddress),
    lines: linesOf(ctx, invoice.items),
    shippingCost: invoice.shippingCost,
    subtotal: invoice.subtotal,
    totalDiscount: invoice.totalDiscount,
    totalTax: invoice.totalTax,
    total: invoice.total,
  };
}

function noteSource(ctx: CompanyContext, id: string): SourceFields | undefined {
  const note = creditNotesTable(ctx).get(id) ?? debitNotesTable(ctx).get(id);
  if (!note) return undefined;
  const isCredit = 'creditNoteNumber' in note;
  const issueDate = isCredit ? note.creditNoteDate : note.debitNoteDate;
  const corrected = invoicesTable(ctx).get(note.invoiceId);
  return {
    documentType: isCredit ? 'credit_note' : 'debit_note',
    id: note.id,
    number: isCredit ? note.creditNoteNumber : note.debitNoteNumber,
    issueDate,
    dueDate: null,
    currency: note.currency,
    exchangeRate: note.exchangeRate,
    billingReference: { number: note.invoiceNumber, date: corrected?.invoiceDate ?? issueDate, uuid: einvoiceUuidOf(ctx, note.invoiceId) },
    purchaseOrder: corrected?.purchaseOrder ?? null,
    reference: note.reason,
    notes: note.notes,
    buyer: customerParty(ctx, customerOf(ctx, note.customerId), corrected?.billingAddress ?? null),
    lines: linesOf(ctx, note.items),
    shippingCost: note.shippingCost,
    subtotal: note.subtotal,
    totalDiscount: note.totalDiscount,
    totalTax: note.totalTax,
    total: note.total,
  };
}

function refundSource(ctx: CompanyContext, id: string): SourceFields | undefined {
  const refund = refundsTable(ctx).get(id);
  if (!refund) return undefined;
  const credit = creditNotesTable(ctx).get(refund.creditNoteId);
  const corrected = credit && invoicesTable(ctx).get(credit.invoiceId);
  // A refund returns money already credited: one line outside the scope of tax (its tax was on the credit note).
  const nt = findTaxCode(ctx, 'NT');
  const line: EinvoiceLine = {
    id: '1',
    itemCode: null,
    description: `Refund of credit note ${refund.creditNoteNumber}`,
    quantity: 1,
    unitPrice: refund.amount,
    discountAmount: 0,
    lineTotal: refund.amount,
    taxAmount: 0,
    tax: { code: nt?.code ?? 'NT', name: nt?.name ?? 'Not taxable', rate: 0, peppolCategory: 'O', myinvoisTaxType: '06' },
  };
  return {
    documentType: 'refund_note',
    id: refund.id,
    number: refund.refundNumber,
    issueDate: refund.refundDate,
    dueDate: null,
    currency: refund.currency,
    exchangeRate: refund.amount ? refund.baseAmount / refund.amount : 1,
    billingReference: corrected
      ? { number: corrected.invoiceNumber, date: corrected.invoiceDate, uuid: einvoiceUuidOf(ctx, corrected.id) }
      : null,
    purchaseOrder: null,
    reference: refund.reference,
    notes: refund.notes,
    buyer: customerParty(ctx, customerOf(ctx, refund.customerId), corrected?.billingAddress ?? null),
    lines: [line],
    shippingCost: 0,
    subtotal: refund.amount,
    totalDiscount: 0,
    totalTax: 0,
    total: refund.amount,
  };
}
