import { endpoint } from '../endpoint.js';
import {
  Einvoice,
  EinvoiceCancelParams,
  EinvoiceCreateParams,
  EinvoiceDocumentFile,
  EinvoiceIdParams,
  EinvoiceJsonDocument,
  EinvoiceListParams,
  EinvoiceStatusReport,
  EinvoiceSubmission,
  EinvoiceSubmitParams,
  EinvoiceValidateParams,
  EinvoiceValidation,
} from './records.js';

// Spec document 3, "Endpoints: E-invoice (business API)". E-invoices are invoice data: `read:invoices` / `write:invoices`.
// A body that cannot make an e-invoice is 400 INVALID_INVOICE_DATA (spec document 3, "Errors").
const invalid = { status: 400, code: 'INVALID_INVOICE_DATA' } as const;
const read = { scope: 'read:invoices', tags: ['einvoice'] };
const write = { scope: 'write:invoices', tags: ['einvoice'], invalid };

export const einvoicesCreate = endpoint({
  ...write,
  id: 'einvoices.create',
  method: 'POST',
  path: '/einvoice/create',
  status: 201,
  summary: 'Create an e-invoice from a sales invoice, credit note, debit note or refund; validated, and submitted with autoSubmit',
  description: 'Creates an e-invoice from a sent sales document and validates it; `autoSubmit` submits it too.',
  example: "const einvoice = await acs.einvoices.create({ invoiceId: invoice.id, format: 'UBL21', autoSubmit: true });",
  exampleCall: { body: { invoiceId: { fixture: 'einvoiceSource' }, format: 'PEPPOL_UBL', autoSubmit: true } },
  body: EinvoiceCreateParams,
  response: Einvoice,
});

export const einvoicesValidate = endpoint({
  ...write,
  id: 'einvoices.validate',
  method: 'POST',
  path: '/einvoice/validate',
  summary: 'Check a sales document against the format and the portal rules; stores nothing',
  description: "Checks a sales document against the format and the portal's rules; stores nothing.",
  exampleCall: { body: { invoiceId: { fixture: 'einvoiceSource' }, format: 'PEPPOL_UBL' } },
  body: EinvoiceValidateParams,
  response: EinvoiceValidation,
});

export const einvoicesSubmit = endpoint({
  ...write,
  id: 'einvoices.submit',
  method: 'POST',
  path: '/einvoice/submit',
  summary: 'Submit a validated e-invoice to its portal',
  description: "Submits a validated e-invoice; `options.waitForResponse` waits for the portal's decision.",
  exampleCall: { body: { einvoiceId: { fixture: 'newEinvoice' }, options: { waitForResponse: true } } },
  body: EinvoiceSubmitParams,
  response: EinvoiceSubmission,
});

export const einvoicesList = endpoint({
  ...read,
  id: 'einvoices.list',
  method: 'GET',
  path: '/einvoice',
  summary: 'List e-invoices, newest first',
  description: 'E-invoices, newest first; filters by status, format, portal, dates, customer and ids.',
  exampleCall: { query: { status: 'validated', portal: 'peppol' } },
  query: EinvoiceListParams,
  response: Einvoice,
  list: { paging: 'cursor', defaultLimit: 50, maxLimit: 100, defaultSort: 'createdAt:desc' },
});

export const einvoicesStatus = endpoint({
  ...read,
  id: 'einvoices.status',
  method: 'GET',
  path: '/einvoice/{einvoiceId}/status',
  summary: 'Status, government ids, timeline and next actions',
  description: 'Status, government ids, timeline and what can be done next.',
  exampleCall: { params: { einvoiceId: { fixture: 'newEinvoice' } } },
  params: EinvoiceIdParams,
  response: EinvoiceStatusReport,
});

export const einvoicesCancel = endpoint({
  ...write,
  id: 'einvoices.cancel',
  method: 'POST',
  path: '/einvoice/{einvoiceId}/cancel',
  summary: 'Cancel a submitted or accepted e-invoice',
  description: 'Cancels a submitted or accepted e-invoice (`reasonCode` `01` to `05`).',
  exampleCall: { params: { einvoiceId: { fixture: 'submittedEinvoice' } }, body: { reasonCode: '02', notes: 'Every endpoint' } },
  params: EinvoiceIdParams,
  body: EinvoiceCancelParams,
  response: Einvoice,
});

export const einvoicesDocumentXml = endpoint({
  ...read,
  id: 'einvoices.documents.xml',
  method: 'GET',
  path: '/einvoice/{einvoiceId}/document/xml',
  summary: 'The UBL 2.1 XML document, byte for byte what `validationHash` hashes',
  description: 'The UBL 2.1 XML as a file; `.text()` is the document `validationHash` hashes.',
  exampleCall: { params: { einvoiceId: { fixture: 'newEinvoice' } } },
  params: EinvoiceIdParams,
  response: EinvoiceDocumentFile,
  file: { mediaType: 'application/xml' },
});

export const einvoicesDocumentPdf = endpoint({
  ...read,
  id: 'einvoices.documents.pdf',
  method: 'GET',
  path: '/einvoice/{einvoiceId}/document/pdf',
  summary: 'The e-invoice as a PDF with its totals and QR code',
  description: "The PDF: the invoice, its totals and the QR code of the portal's validation link.",
  exampleCall: { params: { einvoiceId: { fixture: 'newEinvoice' } } },
  params: EinvoiceIdParams,
  response: EinvoiceDocumentFile,
  file: { mediaType: 'application/pdf' },
});

export const einvoicesDocumentJson = endpoint({
  ...read,
  id: 'einvoices.documents.json',
  method: 'GET',
  path: '/einvoice/{einvoiceId}/document/json',
  summary: 'The document as UBL-2.1-JSON (the MyInvois JSON form), outside the envelope',
  description: 'The UBL-2.1-JSON form (`_D`, `_A`, `_B`, `Invoice`): what MyInvois takes as JSON.',
  exampleCall: { params: { einvoiceId: { fixture: 'newEinvoice' } } },
  params: EinvoiceIdParams,
  response: EinvoiceJsonDocument,
  envelope: false,
});
