import * as money from '../shared/money.js';
import { cac, cbc, cbcIndicator, cbcNumber, type UblPart, type UblRoot } from './ubl-tree.js';
import type { EinvoiceLine, EinvoiceParty, EinvoiceSource } from './source.js';
import { invalidInvoiceData } from './source.js';
import { taxSubtotals, type TaxSubtotal } from './tax-subtotals.js';
import { DEFAULT_UNIT_CODE } from './unit-codes.js';

// PEPPOL BIS Billing 3.0 in UBL 2.1 (format `PEPPOL_UBL`): the document the kit in ../shared/einvoice
// holds to the UBL XSD, the CEN EN16931 rules (BR-*) and the PEPPOL rules (PEPPOL-EN16931-*).

export const PEPPOL_CUSTOMIZATION = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const PEPPOL_PROFILE = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** Malaysia's PEPPOL participant scheme (EAS 0230): the participant id is the party's TIN. */
export const PEPPOL_MY_SCHEME = '0230';

/** UNCL1001 document type codes: commercial invoice, credit note, debit note. */
const TYPE_CODES = { invoice: '380', credit_note: '381', debit_note: '383', refund_note: '381' } as const;

const ISO_COUNTRY = /^[A-Z]{2}$/;

/** The document's UBL root: a credit note and a refund are `CreditNote`, the rest `Invoice`. */
export const peppolRoot = (source: EinvoiceSource): UblRoot =>
  source.documentType === 'credit_note' || source.documentType === 'refund_note' ? 'CreditNote' : 'Invoice';

/** What PEPPOL needs of the data that the document may lack: 400 INVALID_INVOICE_DATA naming each field. */
export function peppolDataProblems(source: EinvoiceSource): { field: string; message: string }[] {
  const problems: { field: string; message: string }[] = [];
  const party = (who: 'supplier' | 'buyer', p: EinvoiceParty) => {
    if (!p.tin) problems.push({ field: `${who}.taxId`, message: `the ${who} has no tax identification number, its PEPPOL participant id` });
    if (!p.address?.country || !ISO_COUNTRY.test(p.address.country)) {
      problems.push({ field: `${who}.address.country`, message: `the ${who}'s address has no ISO 3166-1 country code` });
    }
  };
  party('supplier', source.supplier);
  party('buyer', source.buyer);
  const categories = new Set(source.lines.map((l) => l.tax.peppolCategory));
  if ([...categories].some((c) => c !== 'O') && !source.supplier.sstNumber) {
    problems.push({ field: 'supplier.sstNumber', message: 'the document charges tax but the supplier has no SST registration number' });
  }
  return problems;
}

/**
 * EN16931 lets no other category beside O (BR-O-11 to BR-O-14); Malaysian documents mix untaxed lines
 * with SST lines, so beside taxed lines an untaxed line is exempt (E), its tax code's name the reason.
 */
export function withPeppolCategories(source: EinvoiceSource): EinvoiceSource {
  if (source.lines.every((l) => l.tax.peppolCategory === 'O') || !source.lines.some((l) => l.tax.peppolCategory === 'O')) return source;
  return {
    ...source,
    lines: source.lines.map((l) => (l.tax.peppolCategory === 'O' ? { ...l, tax: { ...l.tax, peppolCategory: 'E' } } : l)),
  };
}

const amount = (name: string, value: money.AmountInput, currency: string) =>
  cbcNumber(name, money.toFixed(value), 2, { currencyID: currency });

const taxScheme = () => cac('TaxScheme', cbc('ID', 'VAT'));

/** A category with its rate; category O carries no rate (BR-O-05). */
const taxCategory = (element: string, category: string, rate: number, reason?: string): UblPart =>
  cac(
    element,
    cbc('ID', category),
    category !== 'O' && cbcNumber('Percent', rate, 2),
    reason && cbc('TaxExemptionReason', reason),
    taxScheme(),
  );

function party(p: EinvoiceParty, outsideScope: boolean): UblPart {
  const address = p.address;
  return cac(
    'Party',
    cbc('EndpointID', p.tin, { schemeID: PEPPOL_MY_SCHEME }),
    cac('PartyName', cbc('Name', p.name)),
    cac(
      'PostalAddress',
      cbc('StreetName', address?.street),
      cbc('AdditionalStreetName', address?.street2),
      cbc('CityName', address?.city),
      cbc('PostalZone', address?.postalCode),
      cbc('CountrySubentity', address?.state),
      cac('Country', cbc('IdentificationCode', address?.country)),
    ),
    // The VAT identifier with its country prefix (BR-CO-09), never on a document outside the scope of tax (BR-O-02).
    !outsideScope && p.sstNumber && cac('PartyTaxScheme', cbc('CompanyID', `${address?.country ?? 'MY'}${p.sstNumber}`), taxScheme()),
    cac('PartyLegalEntity', cbc('RegistrationName', p.legalName || p.name), cbc('CompanyID', p.registrationNumber)),
    cac('Contact', cbc('Telephone', p.phone), cbc('ElectronicMail', p.email)),
  );
}

function line(source: EinvoiceSource, l: EinvoiceLine, root: UblRoot): UblPart {
  const c = source.currency;
  return cac(
    root === 'CreditNote' ? 'CreditNoteLine' : 'InvoiceLine',
    cbc('ID', l.id),
    cbcNumber(root === 'CreditNote' ? 'CreditedQuantity' : 'InvoicedQuantity', l.quantity, 4, {
      unitCode: l.unitCode ?? DEFAULT_UNIT_CODE,
    }),
    amount('LineExtensionAmount', l.lineTotal, c),
    money.compare(l.discountAmount, 0) > 0 &&
      cac(
        'AllowanceCharge',
        cbcIndicator('ChargeIndicator', false),
        cbc('AllowanceChargeReasonCode', '95'),
        cbc('AllowanceChargeReason', 'Discount'),
        amount('Amount', l.discountAmount, c),
      ),
    cac(
      'Item',
      cbc('Name', l.description),
      l.itemCode && cac('SellersItemIdentification', cbc('ID', l.itemCode)),
      taxCategory('ClassifiedTaxCategory', l.tax.peppolCategory, l.tax.rate),
    ),
    cac('Price', amount('PriceAmount', l.unitPrice, c)),
  );
}

/** An untaxed shipping cost is a document-level charge: exempt beside taxed lines, else outside the scope like them. */
export const shippingCategory = (source: EinvoiceSource): string => (source.lines.every((l) => l.tax.peppolCategory === 'O') ? 'O' : 'E');

const subtotal = (s: TaxSubtotal, currency: string): UblPart =>
  cac(
    'TaxSubtotal',
    amount('TaxableAmount', s.taxableAmount, currency),
    amount('TaxAmount', s.taxAmount, currency),
    taxCategory('TaxCategory', s.category, s.rate, s.exemptionReason),
  );

/** The document as PEPPOL BIS 3 UBL parts, in XSD order; its data must pass `peppolDataProblems` first. */
export function peppolDocument(data: EinvoiceSource, uuid: string): { root: UblRoot; parts: UblPart[] } {
  const source = withPeppolCategories(data);
  const problems = peppolDataProblems(source);
  if (problems.length) throw invalidInvoiceData(problems);
  const root = peppolRoot(source);
  const c = source.currency;
  const outsideScope = source.lines.every((l) => l.tax.peppolCategory === 'O');
  const hasShipping = money.compare(source.shippingCost, 0) > 0;
  const subtotals = taxSubtotals(source, hasShipping ? { category: shippingCategory(source), amount: source.shippingCost } : null, true);
  const taxExclusive = money.add(source.subtotal, source.shippingCost);
  const payable = money.subtract(source.total, source.prepaid);
  const isInvoice = root === 'Invoice';
  const parts: UblPart[] = [
    cbc('CustomizationID', PEPPOL_CUSTOMIZATION),
    cbc('ProfileID', PEPPOL_PROFILE),
    cbc('ID', source.number),
    cbc('UUID', uuid),
    cbc('IssueDate', source.issueDate),
    isInvoice && cbc('DueDate', source.dueDate),
    cbc(isInvoice ? 'InvoiceTypeCode' : 'CreditNoteTypeCode', TYPE_CODES[source.documentType]),
    cbc('Note', source.notes),
    cbc('DocumentCurrencyCode', c),
    // PEPPOL-EN16931-R003: a buyer reference or an order reference.
    !source.purchaseOrder && cbc('BuyerReference', source.reference ?? source.buyer.id),
    source.purchaseOrder && cac('OrderReference', cbc('ID', source.purchaseOrder)),
    source.billingReference &&
      cac(
        'BillingReference',
        cac('InvoiceDocumentReference', cbc('ID', source.billingReference.number), cbc('IssueDate', source.billingReference.date)),
      ),
    cac('AccountingSupplierParty', party(source.supplier, outsideScope)),
    cac('AccountingCustomerParty', party(source.buyer, outsideScope)),
    // BR-CO-25: an amount due needs a due date or payment terms.
    !source.dueDate &&
      cac(
        'PaymentTerms',
        cbc('Note', source.billingReference ? `Settles against invoice ${source.billingReference.number}` : 'Due on receipt'),
      ),
    hasShipping &&
      cac(
        'AllowanceCharge',
        cbcIndicator('ChargeIndicator', true),
        cbc('AllowanceChargeReasonCode', 'FC'),
        cbc('AllowanceChargeReason', 'Shipping'),
        amount('Amount', source.shippingCost, c),
        taxCategory('TaxCategory', shippingCategory(source), 0),
      ),
    cac(
      'TaxTotal',
      amount('TaxAmount', source.totalTax, c),
      subtotals.map((s) => subtotal(s, c)),
    ),
    cac(
      'LegalMonetaryTotal',
      amount('LineExtensionAmount', source.subtotal, c),
      amount('TaxExclusiveAmount', taxExclusive, c),
      amount('TaxInclusiveAmount', source.total, c),
      hasShipping && amount('ChargeTotalAmount', source.shippingCost, c),
      money.compare(source.prepaid, 0) > 0 && amount('PrepaidAmount', source.prepaid, c),
      amount('PayableAmount', payable, c),
    ),
    source.lines.map((l) => line(source, l, root)),
  ];
  return { root, parts };
}
