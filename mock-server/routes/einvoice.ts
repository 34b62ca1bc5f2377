import { contract } from '../../src/contract/index.js';
import { FileResponse, RawResponse } from '../kernel/raw.js';
import {
  createEinvoiceRecord,
  einvoicePdfContent,
  einvoicesTable,
  presentEinvoice,
  renderEinvoicePdf,
  retrieveEinvoiceRow,
} from '../domain/einvoice/index.js';
import { listRoute } from './list-route.js';
import { route, type Route, type RouteContext } from '../store/context.js';

const { einvoice } = contract;
const base = (ctx: RouteContext) => ctx.bases.business;

/** The business API's e-invoices (spec document 3, "E-invoice"). */
export const einvoiceRoutes: Route[] = [
  route(einvoice.einvoicesCreate, (ctx) => presentEinvoice(createEinvoiceRecord(ctx, ctx.body), base(ctx))),
  // The lifecycle slice adds the spec's filters (status, format, portal, dates, ids).
  listRoute(einvoice.einvoicesList, { rows: (ctx) => einvoicesTable(ctx), present: (ctx, row) => presentEinvoice(row, base(ctx)) }),
  route(einvoice.einvoicesDocumentXml, (ctx) => {
    const row = retrieveEinvoiceRow(ctx, ctx.params.einvoiceId);
    // The exact bytes `validationHash` hashes.
    const bytes = new TextEncoder().encode(row.xml);
    return new FileResponse({ filename: `${row.documentNumber}.xml`, contentType: 'application/xml; charset=utf-8', render: () => bytes });
  }),
  route(einvoice.einvoicesDocumentPdf, (ctx) => {
    const row = retrieveEinvoiceRow(ctx, ctx.params.einvoiceId);
    // Read in the transaction, drawn after it (pdf-lib is async).
    const content = einvoicePdfContent(ctx, row);
    return new FileResponse({ filename: `${row.documentNumber}.pdf`, contentType: 'application/pdf', render: () => renderEinvoicePdf(content) });
  }),
  route(einvoice.einvoicesDocumentJson, (ctx) => new RawResponse(JSON.parse(retrieveEinvoiceRow(ctx, ctx.params.einvoiceId).json))),
];
