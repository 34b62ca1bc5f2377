import { contract } from '../../src/contract/index.js';
import { cancelInvoice, createInvoice, invoiceMatches, presentInvoice, retrieveInvoice, sendInvoice, updateInvoice } from '../domain/invoices.js';
import { invoicePayments, presentPayment, recordPayment } from '../domain/payments.js';
import { invoicesTable } from '../domain/sales-documents-tables.js';
import { listPage } from '../store/list.js';
import { route, type Route } from './route.js';

const { sales } = contract;

/** Invoices and their payments (spec document 2, "Invoices"; cancel and the payments list are implied). */
export const invoiceRoutes: Route[] = [
  route(sales.invoicesList, (ctx) => {
    // A customer's invoices come from the customerId index: a page of one customer never scans the company.
    const table = invoicesTable(ctx);
    const source = ctx.query.customerId === undefined ? table : table.byIndex('customerId', ctx.query.customerId);
    const page = listPage(source, ctx, sales.invoicesList.list, {
      where: invoiceMatches(ctx, ctx.query),
      defaultSort: 'invoiceDate:desc,invoiceNumber:desc',
    });
    return { ...page, data: page.data.map((row) => presentInvoice(ctx, row)) };
  }),
  route(sales.invoicesRetrieve, (ctx) => presentInvoice(ctx, retrieveInvoice(ctx, ctx.params.invoiceId))),
  route(sales.invoicesCreate, (ctx) => presentInvoice(ctx, createInvoice(ctx, ctx.body))),
  route(sales.invoicesUpdate, (ctx) => presentInvoice(ctx, updateInvoice(ctx, ctx.params.invoiceId, ctx.body))),
  route(sales.invoicesSend, (ctx) => presentInvoice(ctx, sendInvoice(ctx, ctx.params.invoiceId, ctx.body))),
  route(sales.invoicesCancel, (ctx) => presentInvoice(ctx, cancelInvoice(ctx, ctx.params.invoiceId, ctx.body))),
  // The short and the detailed payment paths of the spec make the same call.
  route(sales.invoicesPay, (ctx) => presentPayment(recordPayment(ctx, ctx.params.invoiceId, ctx.body))),
  route(sales.invoicePaymentsCreate, (ctx) => presentPayment(recordPayment(ctx, ctx.params.invoiceId, ctx.body))),
  route(sales.invoicePaymentsList, (ctx) => {
    const page = listPage(invoicePayments(ctx, ctx.params.invoiceId), ctx, sales.invoicePaymentsList.list, {
      defaultSort: 'paymentDate:asc,paymentNumber:asc',
    });
    return { ...page, data: page.data.map(presentPayment) };
  }),
];
