import type { CompanyContext } from '../../store/context.js';
import * as money from '../shared/money.js';
import { loadEinvoiceSource, type EinvoiceParty, type EinvoiceSource } from './source.js';
import type { EinvoiceRow } from './tables.js';

// `GET /v1/einvoice/{id}/document/pdf` (spec document 3; issue #14 §1): the e-invoice readable by a person.
// The content is read inside the request's transaction; pdf-lib draws it afterwards (FileResponse render).

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

const TITLES: Record<EinvoiceSource['documentType'], string> = {
  invoice: 'E-Invoice',
  credit_note: 'E-Invoice: Credit Note',
  debit_note: 'E-Invoice: Debit Note',
  refund_note: 'E-Invoice: Refund Note',
};

const partyOf = (role: string, party: EinvoiceParty): EinvoicePdfParty => {
  const address = party.address;
  const place = address ? [address.street, address.street2, [address.postalCode, address.city].filter(Boolean).join(' '), address.state, address.country] : [];
  const labelled = (label: string, value: string | null) => (value ? `${label}: ${value}` : null);
  const details = [
    labelled('TIN', party.tin),
    labelled('Registration', party.registrationNumber ?? (party.idType && party.idValue ? `${party.idType} ${party.idValue}` : null)),
    labelled('SST', party.sstNumber),
    ...place,
    labelled('Email', party.email),
    labelled('Phone', party.phone),
  ];
  return { role, name: party.legalName || party.name, details: details.filter((d): d is string => !!d) };
};

/** The data URI's PNG bytes. */
const pngOf = (dataUri: string | null): Uint8Array | null =>
  dataUri?.startsWith('data:image/png;base64,') ? Uint8Array.from(atob(dataUri.slice(22)), (c) => c.charCodeAt(0)) : null;

/** What the PDF of `row` shows, from its source document as it is now and the record's government ids. */
export function einvoicePdfContent(ctx: CompanyContext, row: EinvoiceRow): EinvoicePdfContent {
  const source = loadEinvoiceSource(ctx, row.invoiceId);
  const amount = (value: number) => money.toFixed(value);
  const taxes = new Map<string, { label: string; taxable: money.Amount; tax: money.Amount }>();
  for (const line of source.lines) {
    const label = `${line.tax.code} (${line.tax.rate}%)`;
    const entry = taxes.get(label) ?? { label, taxable: money.ZERO, tax: money.ZERO };
    entry.taxable = entry.taxable.plus(line.lineTotal);
    entry.tax = entry.tax.plus(line.taxAmount);
    taxes.set(label, entry);
  }
  const optional = (label: string, value: number): [string, string][] => (value ? [[label, amount(value)]] : []);
  const facts: [string, string][] = [
    ['Number', source.number],
    ['Issue date', source.issueDate],
    ...(source.dueDate ? [['Due date', source.dueDate] as [string, string]] : []),
    ...(source.billingReference ? [['Corrects', `${source.billingReference.number} of ${source.billingReference.date}`] as [string, string]] : []),
    ['Currency', source.currency],
    ['Format', `${row.format} (${row.portal})`],
    ['UUID', row.uuid],
    ['Status', row.status],
    ...(row.government.longId ? [['Long id', row.government.longId] as [string, string]] : []),
  ];
  return {
    title: TITLES[source.documentType],
    number: source.number,
    facts,
    supplier: partyOf('Supplier', source.supplier),
    buyer: partyOf('Buyer', source.buyer),
    lines: source.lines.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: amount(line.unitPrice),
      tax: `${line.tax.code} ${line.tax.rate}%`,
      amount: amount(line.lineTotal),
    })),
    taxes: [...taxes.values()].map((t) => ({ label: t.label, taxable: money.toFixed(t.taxable), tax: money.toFixed(t.tax) })),
    totals: [
      ['Subtotal', amount(source.subtotal)],
      ...optional('Discount', source.totalDiscount),
      ...optional('Shipping', source.shippingCost),
      ['Tax', amount(source.totalTax)],
      [`Total (${source.currency})`, amount(source.total)],
      ...optional('Paid', source.prepaid),
      ...(source.prepaid ? [[`Amount due (${source.currency})`, money.toFixed(money.subtract(source.total, source.prepaid))] as [string, string]] : []),
    ],
    validationHash: row.validationHash,
    qrPng: pngOf(row.qrCode),
    generatedAt: ctx.clock.iso(),
  };
}

/** The PDF's bytes; pdf-lib is loaded on first use (it is large). */
export async function renderEinvoicePdf(content: EinvoicePdfContent): Promise<Uint8Array> {
  return (await import('./einvoice-pdf-render.js')).drawEinvoicePdf(content);
}
