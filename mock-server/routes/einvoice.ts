import { contract } from '../../src/contract/index.js';
import { FileResponse, RawResponse } from '../kernel/raw.js';
import {
  cancelEinvoice,
  createEinvoice,
  einvoiceListFilter,
  einvoicesTable,
  einvoiceStatusReport,
  presentEinvoice,
  presentSubmission,
  retrieveEinvoiceRow,
  settleEinvoices,
  submitEinvoice,
  validateEinvoiceRequest,
  einvoicePdfContent,
  renderEinvoicePdf,
  settleEinvoice,
  documentLibraries,
} from '../domain/einvoice/index.js';
import { listRoute } from './list-route.js';
import { route, type Route, type RouteContext } from '../store/context.js';

const { einvoice } = contract;
const base = (ctx: RouteContext) => ctx.bases.business;

/** The business API's e-invoices (spec document 3, "E-invoice"). */
export const einvoiceRoutes: Route[] = withDocumentLibraries([
  route(einvoice.einvoicesCreate, (ctx) => presentEinvoice(createEinvoice(ctx, ctx.body), base(ctx))),
  route(einvoice.einvoicesValidate, (ctx) => validateEinvoiceRequest(ctx, ctx.body)),
  route(einvoice.einvoicesSubmit, (ctx) => presentSubmission(submitEinvoice(ctx, ctx.body), ctx.clock.nowMs())),
  route(einvoice.einvoicesStatus, (ctx) => einvoiceStatusReport(ctx, ctx.params.einvoiceId)),
  route(einvoice.einvoicesCancel, (ctx) => presentEinvoice(cancelEinvoice(ctx, ctx.params.einvoiceId, ctx.body), base(ctx))),
  listRoute(einvoice.einvoicesList, {
    // The portal's decisions that fell due are written before the list reads the rows.
    rows: (ctx) => {
      settleEinvoices(ctx);
      return einvoicesTable(ctx);
    },
    where: (ctx) => einvoiceListFilter(ctx.query),
    present: (ctx, row) => presentEinvoice(row, base(ctx)),
  }),
  route(einvoice.einvoicesDocumentXml, (ctx) => {
    const row = retrieveEinvoiceRow(ctx, ctx.params.einvoiceId);
    // The exact bytes `validationHash` hashes.
    const bytes = new TextEncoder().encode(row.xml);
    return new FileResponse({ filename: `${row.documentNumber}.xml`, contentType: 'application/xml; charset=utf-8', render: () => bytes });
  }),
  route(einvoice.einvoicesDocumentPdf, (ctx) => {
    // A decision that fell due first: the PDF of an accepted e-invoice shows its QR code.
    const row = settleEinvoice(ctx, retrieveEinvoiceRow(ctx, ctx.params.einvoiceId));
    // Read in the transaction, drawn after it (pdf-lib is async).
    const content = einvoicePdfContent(ctx, row);
    return new FileResponse({
      filename: `${row.documentNumber}.pdf`,
      contentType: 'application/pdf',
      render: () => renderEinvoicePdf(content),
    });
  }),
  route(einvoice.einvoicesDocumentJson, (ctx) => new RawResponse(JSON.parse(retrieveEinvoiceRow(ctx, ctx.params.einvoiceId).json))),
]);

/** Every e-invoice route may render or settle a document (XML, QR), so each waits for those libraries. */
function withDocumentLibraries(routes: Route[]): Route[] {
  return routes.map((r) => ({ ...r, ready: () => documentLibraries.ready() }));
}
