import * as money from '../shared/money.js';
import { cac, cbc, cbcNumber, type UblPart, type UblRoot } from './ubl-tree.js';
import { invalidInvoiceData, type EinvoiceLine, type EinvoiceSource } from './source.js';
import { taxSubtotals, type TaxSubtotal } from './tax-subtotals.js';
import { myinvoisParty, partyProblems } from './myinvois-parties.js';

export { myinvoisPortalFindings, type PortalFinding } from './myinvois-findings.js';

// MyInvois (LHDN) in UBL 2.1 (format `UBL21`, portal `myinvois`): LHDN's e-Invoice Specific Guideline
// and SDK document format v1.1. Every type uses the Invoice root; the XML passes the UBL 2.1 XSD and
// the JSON form the UBL-2.1-JSON v2.0 schema (../shared/einvoice), LHDN's rules are checked here.

export const MYINVOIS_VERSION = '1.1';
export const MYINVOIS_CUSTOMIZATION = 'urn:myinvois.hasil.gov.my:einvoice:1.1';

/** LHDN e-invoice type codes: 01-04 sales documents, 11-14 their self-billed counterparts. */
const TYPE_CODES = { invoice: '01', credit_note: '02', debit_note: '03', refund_note: '04' } as const;

export const myinvoisTypeCode = (source: EinvoiceSource): string => {
  const code = TYPE_CODES[source.documentType];
  return source.selfBilled ? `1${code.slice(1)}` : code;
};

/** LHDN classification codes (listID CLASS): 004 consolidated e-invoice, 022 others. */
export const classificationOf = (source: EinvoiceSource): string => (source.consolidated ? '004' : '022');

/** The tax types LHDN knows: 01 sales, 02 service, 03 tourism, 04 high-value goods, 05 low-value goods, 06 not applicable, E exempt. */
const TAX_TYPES = new Set(['01', '02', '03', '04', '05', '06', 'E']);

/** What LHDN's format needs that the source lacks: each a 400 INVALID_INVOICE_DATA detail. */
export function myinvoisDataProblems(source: EinvoiceSource): { field: string; message: string }[] {
  const problems = [...partyProblems(source.supplier, 'supplier'), ...partyProblems(source.buyer, 'buyer')];
  source.lines.forEach((line, at) => {
    if (!TAX_TYPES.has(line.tax.myinvoisTaxType)) {
      problems.push({ field: `items[${at}].taxCode`, message: `line ${at + 1}'s tax code ${line.tax.code} has no MyInvois tax type` });
    }
  });
  if (source.currency !== 'MYR' && !(source.exchangeRate > 0))
    problems.push({ field: 'exchangeRate', message: 'a document not in MYR needs its exchange rate to MYR' });
  return problems;
}

const amount = (name: string, value: money.AmountInput, currency: string) =>
  cbcNumber(name, money.toFixed(value), 2, { currencyID: currency });

/** LHDN's tax scheme: UN/ECE 5153 `OTH`. */
const taxScheme = () => cac('TaxScheme', cbc('ID', 'OTH', { schemeID: 'UN/ECE 5153', schemeAgencyID: '6' }));

const taxCategory = (taxType: string, reason: string | undefined): UblPart =>
  cac('TaxCategory', cbc('ID', taxType), taxType === 'E' && cbc('TaxExemptionReason', reason ?? 'Exempt'), taxScheme());

/** The document's subtotals, one per MyInvois tax type (spec: "tax type per subtotal"). */
function subtotalsByType(source: EinvoiceSource, shippingType: string | null): TaxSubtotal[] {
  const charge = shippingType ? { category: shippingType === '06' ? 'O' : 'E', amount: source.shippingCost } : null;
  const byType = new Map<string, TaxSubtotal>();
  for (const s of taxSubtotals(source, charge)) {
    const found = byType.get(s.taxType);
    if (!found) byType.set(s.taxType, { ...s, exemptionReason: s.taxType === 'E' ? (s.exemptionReason ?? 'Exempt supply') : undefined });
    else Object.assign(found, { taxableAmount: found.taxableAmount.plus(s.taxableAmount), taxAmount: found.taxAmount.plus(s.taxAmount) });
  }
  return [...byType.values()];
}

function line(source: EinvoiceSource, l: EinvoiceLine): UblPart {
  const c = source.currency;
  const hasDiscount = money.compare(l.discountAmount, 0) > 0;
  return cac(
    'InvoiceLine',
    cbc('ID', l.id),
    cbcNumber('InvoicedQuantity', l.quantity, 4, { unitCode: 'C62' }),
    amount('LineExtensionAmount', l.lineTotal, c),
    hasDiscount &&
      cac(
        'AllowanceCharge',
        cbc('ChargeIndicator', 'false'),
        cbc('AllowanceChargeReason', 'Discount'),
        amount('Amount', l.discountAmount, c),
      ),
    cac(
      'TaxTotal',
      amount('TaxAmount', l.taxAmount, c),
      cac(
        'TaxSubtotal',
        amount('TaxableAmount', l.lineTotal, c),
        amount('TaxAmount', l.taxAmount, c),
        cbcNumber('Percent', l.tax.rate, 2),
        taxCategory(l.tax.myinvoisTaxType, l.tax.name),
      ),
    ),
    cac(
      'Item',
      cbc('Description', l.description),
      cac('CommodityClassification', cbc('ItemClassificationCode', classificationOf(source), { listID: 'CLASS' })),
    ),
    cac('Price', amount('PriceAmount', l.unitPrice, c)),
    // LHDN's "Subtotal": quantity x unit price, before the line's discount.
    cac('ItemPriceExtension', amount('Amount', money.add(l.lineTotal, l.discountAmount), c)),
  );
}

/** IssueDate and IssueTime in UTC (LHDN: `YYYY-MM-DD`, `HH:MM:SSZ`); without an issue instant, the issue day's start in Malaysia (UTC+8). */
export function issueInstant(source: EinvoiceSource): { date: string; time: string } {
  const at = new Date(source.issuedAt ?? `${source.issueDate}T00:00:00+08:00`).toISOString();
  return { date: at.slice(0, 10), time: `${at.slice(11, 19)}Z` };
}

/** The document as MyInvois UBL parts in XSD order; its data must pass `myinvoisDataProblems`. */
export function myinvoisDocument(source: EinvoiceSource, uuid: string): { root: UblRoot; parts: UblPart[] } {
  const problems = myinvoisDataProblems(source);
  if (problems.length) throw invalidInvoiceData(problems);
  const c = source.currency;
  const issued = issueInstant(source);
  const hasShipping = money.compare(source.shippingCost, 0) > 0;
  const shippingType = hasShipping ? (source.lines.some((l) => l.tax.myinvoisTaxType !== '06') ? 'E' : '06') : null;
  const foreign = c !== 'MYR';
  const reference = source.billingReference;
  const parts: UblPart[] = [
    cbc('ID', source.number),
    cbc('UUID', uuid),
    cbc('IssueDate', issued.date),
    cbc('IssueTime', issued.time),
    cbc('InvoiceTypeCode', myinvoisTypeCode(source), { listVersionID: MYINVOIS_VERSION }),
    cbc('Note', source.notes),
    cbc('DocumentCurrencyCode', c),
    foreign && cbc('TaxCurrencyCode', 'MYR'),
    // Notes name the e-invoice they adjust; LHDN takes `NA` when the original has no e-invoice.
    source.documentType !== 'invoice' &&
      cac('BillingReference', cac('InvoiceDocumentReference', cbc('ID', reference?.number ?? 'NA'), cbc('UUID', reference?.uuid ?? 'NA'))),
    cac('AccountingSupplierParty', myinvoisParty(source.supplier, 'supplier')),
    cac('AccountingCustomerParty', myinvoisParty(source.buyer, 'buyer')),
    money.compare(source.prepaid, 0) > 0 && cac('PrepaidPayment', amount('PaidAmount', source.prepaid, c)),
    hasShipping &&
      cac(
        'AllowanceCharge',
        cbc('ChargeIndicator', 'true'),
        cbc('AllowanceChargeReason', 'Shipping'),
        amount('Amount', source.shippingCost, c),
      ),
    foreign &&
      cac(
        'TaxExchangeRate',
        cbc('SourceCurrencyCode', c),
        cbc('TargetCurrencyCode', 'MYR'),
        cbcNumber('CalculationRate', source.exchangeRate, 6),
      ),
    cac(
      'TaxTotal',
      amount('TaxAmount', source.totalTax, c),
      subtotalsByType(source, shippingType).map((s) =>
        cac(
          'TaxSubtotal',
          amount('TaxableAmount', s.taxableAmount, c),
          amount('TaxAmount', s.taxAmount, c),
          taxCategory(s.taxType, s.exemptionReason),
        ),
      ),
    ),
    cac(
      'LegalMonetaryTotal',
      amount('LineExtensionAmount', source.subtotal, c),
      amount('TaxExclusiveAmount', money.add(source.subtotal, source.shippingCost), c),
      amount('TaxInclusiveAmount', source.total, c),
      hasShipping && amount('ChargeTotalAmount', source.shippingCost, c),
      money.compare(source.prepaid, 0) > 0 && amount('PrepaidAmount', source.prepaid, c),
      amount('PayableAmount', money.subtract(source.total, source.prepaid), c),
    ),
    source.lines.map((l) => line(source, l)),
  ];
  return { root: 'Invoice', parts };
}
