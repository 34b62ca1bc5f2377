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
  body: EinvoiceCreateParams,
  response: Einvoice,
});

export const einvoicesValidate = endpoint({
  ...write,
  id: 'einvoices.validate',
  method: 'POST',
  path: '/einvoice/validate',
  summary: 'Check a sales document against the format and the portal rules; stores nothing',
  body: EinvoiceValidateParams,
  response: EinvoiceValidation,
});

export const einvoicesSubmit = endpoint({
  ...write,
  id: 'einvoices.submit',
  method: 'POST',
  path: '/einvoice/submit',
  summary: 'Submit a validated e-invoice to its portal',
  body: EinvoiceSubmitParams,
  response: EinvoiceSubmission,
});

export const einvoicesList = endpoint({
  ...read,
  id: 'einvoices.list',
  method: 'GET',
  path: '/einvoice',
  summary: 'List e-invoices, newest first',
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
  params: EinvoiceIdParams,
  response: EinvoiceStatusReport,
});

export const einvoicesCancel = endpoint({
  ...write,
  id: 'einvoices.cancel',
  method: 'POST',
  path: '/einvoice/{einvoiceId}/cancel',
  summary: 'Cancel a submitted or accepted e-invoice',
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
  params: EinvoiceIdParams,
  response: EinvoiceJsonDocument,
  envelope: false,
});
