import type { CompanyContext } from '../../store/context.js';
import type { EinvoiceRow } from './tables.js';
import { ublAll, ublAmount, ublChild, ublDocument, ublPartyDetails, ublText, type UblNode } from './ubl-read.js';

// `GET /v1/einvoice/{id}/document/pdf` (spec document 3; EINV-31): the e-invoice readable by a person.
// The content is read from the stored document inside the request; pdf-lib draws it afterwards (FileResponse render).

export interface EinvoicePdfParty {
  role: string;
  name: string;
  /** TIN, registration and SST numbers, address, contact: what the party has. */
  details: string[];
}

export interface EinvoicePdfContent {
  title: string;
  number: string;
  /** `Label: value` rows under the title (type, dates, currency, uuid, status...). */
  facts: [string, string][];
  supplier: EinvoicePdfParty;
  buyer: EinvoicePdfParty;
  lines: { description: string; quantity: string; unitPrice: string; tax: string; amount: string }[];
  taxes: { label: string; taxable: string; tax: string }[];
  totals: [string, string][];
  validationHash: string;
  /** The record's QR code PNG (portal validation link); null until the portal assigns `longId`. */
  qrPng: Uint8Array | null;
  generatedAt: string;
}

const TITLES: Record<EinvoiceRow['documentType'], string> = {
  invoice: 'E-Invoice',
  credit_note: 'E-Invoice: Credit Note',
  debit_note: 'E-Invoice: Debit Note',
  refund_note: 'E-Invoice: Refund Note',
};

/** The data URI's PNG bytes. */
const pngOf = (dataUri: string | null): Uint8Array | null =>
  dataUri?.startsWith('data:image/png;base64,') ? Uint8Array.from(atob(dataUri.slice(22)), (c) => c.charCodeAt(0)) : null;

type Pair = [string, string];
/** `[label, value]` rows without the absent ones. */
const present = (rows: [string, string | null][]): Pair[] => rows.filter((row): row is Pair => row[1] !== null);

/** A line's quantity, description, price, tax category and amount, in any of UBL's line kinds. */
function lineOf(line: UblNode): EinvoicePdfContent['lines'][number] {
  const category = ublChild(line, 'Item', 'ClassifiedTaxCategory') ?? ublChild(line, 'TaxTotal', 'TaxSubtotal', 'TaxCategory');
  const percent = ublText(category, 'Percent');
  return {
    description: ublText(line, 'Item', 'Name') ?? ublText(line, 'Item', 'Description') ?? '',
    quantity: ublText(line, 'InvoicedQuantity') ?? ublText(line, 'CreditedQuantity') ?? ublText(line, 'DebitedQuantity') ?? '',
    unitPrice: ublAmount(line, 'Price', 'PriceAmount') ?? '',
    tax: [ublText(category, 'ID'), percent === null ? null : `${percent}%`].filter(Boolean).join(' '),
    amount: ublAmount(line, 'LineExtensionAmount') ?? '',
  };
}

/** What the PDF of `row` shows: its stored document (the bytes hashed), the record's status and government ids. */
export function einvoicePdfContent(ctx: CompanyContext, row: EinvoiceRow): EinvoicePdfContent {
  const doc = ublDocument(row.json);
  const currency = ublText(doc, 'DocumentCurrencyCode') ?? '';
  const issued = [ublText(doc, 'IssueDate'), ublText(doc, 'IssueTime')].filter(Boolean).join(' ');
  const lines = [...ublAll(doc, 'InvoiceLine'), ...ublAll(doc, 'CreditNoteLine'), ...ublAll(doc, 'DebitNoteLine')];
  const taxTotal = ublAll(doc, 'TaxTotal').find((total) => ublAll(total, 'TaxSubtotal').length) ?? ublChild(doc, 'TaxTotal');
  const totals = ublChild(doc, 'LegalMonetaryTotal');
  return {
    title: TITLES[row.documentType],
    number: row.documentNumber,
    facts: present([
      ['Number', row.documentNumber],
      ['Issued', issued || null],
      ['Due date', ublText(doc, 'DueDate')],
      ['Corrects', ublText(doc, 'BillingReference', 'InvoiceDocumentReference', 'ID')],
      ['Currency', currency],
      ['Format', `${row.format} (${row.portal})`],
      ['UUID', row.uuid],
      ['Status', row.status],
      ['Long id', row.government.longId],
    ]),
    supplier: { role: 'Supplier', ...ublPartyDetails(ublChild(doc, 'AccountingSupplierParty', 'Party')) },
    buyer: { role: 'Buyer', ...ublPartyDetails(ublChild(doc, 'AccountingCustomerParty', 'Party')) },
    lines: lines.map(lineOf),
    taxes: ublAll(taxTotal, 'TaxSubtotal').map((subtotal) => {
      const category = ublChild(subtotal, 'TaxCategory');
      const percent = ublText(category, 'Percent') ?? ublText(subtotal, 'Percent');
      return {
        label: `${ublText(category, 'ID') ?? ''}${percent === null ? '' : ` (${percent}%)`}`,
        taxable: ublAmount(subtotal, 'TaxableAmount') ?? '',
        tax: ublAmount(subtotal, 'TaxAmount') ?? '',
      };
    }),
    totals: present([
      ['Lines', ublAmount(totals, 'LineExtensionAmount')],
      ['Discount', ublAmount(totals, 'AllowanceTotalAmount')],
      ['Charges', ublAmount(totals, 'ChargeTotalAmount')],
      ['Total excluding tax', ublAmount(totals, 'TaxExclusiveAmount')],
      ['Tax', ublAmount(taxTotal, 'TaxAmount')],
      [`Total (${currency})`, ublAmount(totals, 'TaxInclusiveAmount')],
      ['Paid', ublAmount(totals, 'PrepaidAmount')],
      [`Amount due (${currency})`, ublAmount(totals, 'PayableAmount')],
    ]),
    validationHash: row.validationHash,
    qrPng: pngOf(row.qrCode),
    generatedAt: ctx.clock.iso(),
  };
}

/** The PDF's bytes; pdf-lib is loaded on first use (it is large). */
export async function renderEinvoicePdf(content: EinvoicePdfContent): Promise<Uint8Array> {
  return (await import('./einvoice-pdf-render.js')).drawEinvoicePdf(content);
}
