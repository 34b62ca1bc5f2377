import { FileAnswer } from './control-types.js';
import { toFixed } from './domain/shared/money.js';
import type { OutboxMessage } from './domain/shared/outbox.js';
import type { DocumentPdfContent } from './domain/shared/document-pdf-render.js';
import { PURCHASE_ORDERS } from './domain/purchasing/index.js';
import { INVOICES, QUOTES } from './domain/sales/index.js';
import { ServiceError } from './kernel/errors.js';
import { boundText } from './kernel/echo.js';
import type { MockService } from './service.js';

/** A line and the totals of a stored sales or purchase document, as the PDF reads them. */
interface StoredDocument {
  id: string;
  items: { description: string; quantity: number; unitPrice: number; lineTotal?: number; amount?: number }[];
  currency: string;
  subtotal: number;
  total: number;
  [field: string]: unknown;
}

/** Where each kind of sent document is kept and which of its fields the PDF names. */
const KINDS: Record<string, { title: string; table: string; number: string; dates: [string, string][]; party: string }> = {
  invoice: {
    title: 'Invoice',
    table: INVOICES,
    number: 'invoiceNumber',
    dates: [
      ['Date', 'invoiceDate'],
      ['Due', 'dueDate'],
    ],
    party: 'customer',
  },
  quote: {
    title: 'Quote',
    table: QUOTES,
    number: 'quoteNumber',
    dates: [
      ['Date', 'quoteDate'],
      ['Valid until', 'validUntil'],
    ],
    party: 'customer',
  },
  purchase_order: {
    title: 'Purchase order',
    table: PURCHASE_ORDERS,
    number: 'poNumber',
    dates: [
      ['Date', 'orderDate'],
      ['Required', 'requiredDate'],
    ],
    party: 'supplier',
  },
};

const notFound = (why: string, id: string) =>
  new ServiceError('NOT_FOUND', why, [{ resource: 'outbox message', id: boundText(id), field: 'id' }]);

/**
 * `GET /__mock/outbox/{id}/pdf` (MOCK-38): the message's attached file, or for a document sent with
 * `attachPDF` the document as it stands, drawn as its recipient would open it.
 */
export async function outboxPdf(mock: MockService, id: string): Promise<FileAnswer> {
  const message = mock.outbox.find((m) => m.id === id);
  if (!message) throw notFound(`No outbox message ${boundText(JSON.stringify(id))}`, id);
  const attached = message.attachments?.find((a) => a.contentType === 'application/pdf') ?? message.attachments?.[0];
  if (attached) return new FileAnswer(await attached.bytes(), attached.contentType, attached.filename);
  const kind = KINDS[message.kind];
  const row =
    kind && message.attachPDF ? mock.store.table<StoredDocument>(message.companyId, kind.table).get(message.documentId) : undefined;
  if (!kind || !row) throw notFound(`Outbox message ${id} was sent without a PDF`, id);
  const content = contentOf(mock, message, row, kind);
  const { drawDocumentPdf } = await import('./domain/shared/document-pdf-render.js');
  return new FileAnswer(await drawDocumentPdf(content), 'application/pdf', `${content.number}.pdf`);
}

function contentOf(mock: MockService, message: OutboxMessage, row: StoredDocument, kind: (typeof KINDS)[string]): DocumentPdfContent {
  const company = mock.credentials.companies.find((c) => c.id === message.companyId)?.name ?? message.companyId;
  const party = row[kind.party] as { name?: string } | undefined;
  const facts = kind.dates.flatMap(([label, field]): [string, string][] =>
    typeof row[field] === 'string' ? [[label, row[field] as string]] : [],
  );
  return {
    title: kind.title,
    number: String(row[kind.number]),
    from: company,
    to: `${party?.name ?? ''} <${message.to.join(', ')}>`,
    facts: [...facts, ['Currency', row.currency]],
    lines: row.items.map((line) => ({
      description: line.description,
      quantity: String(line.quantity),
      unitPrice: toFixed(line.unitPrice),
      amount: toFixed(line.lineTotal ?? line.amount ?? 0),
    })),
    totals: [
      ['Subtotal', toFixed(row.subtotal)],
      ['Total', toFixed(row.total)],
    ],
    message: `${message.subject}\n\n${message.message}`,
    sentAt: message.sentAt,
  };
}
