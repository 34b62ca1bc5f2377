import { contract } from '../../src/contract/index.js';
import {
  acceptQuote,
  allocateCredit,
  createCreditNote,
  createDebitNote,
  creditNoteMatches,
  creditNotesTable,
  debitNoteMatches,
  debitNotesTable,
  presentCreditNote,
  presentDebitNote,
  presentRefund,
  refundCredit,
  refundMatches,
  refundsTable,
  retrieveCreditNote,
  retrieveDebitNote,
  retrieveRefund,
  cancelInvoice,
  changeSalesOrderStatus,
  contactMatches,
  contactsTable,
  convertQuoteToOrder,
  convertSalesOrderToInvoice,
  createContact,
  createCustomer,
  createInvoice,
  createQuote,
  createSalesOrder,
  customerMatches,
  declineQuote,
  customersTable,
  customerSummary,
  deleteContact,
  deleteCustomer,
  deleteSalesOrder,
  invoiceMatches,
  invoicePayments,
  invoicesTable,
  presentContact,
  presentCustomer,
  presentCustomerJson,
  presentInvoice,
  presentInvoiceJson,
  presentPayment,
  presentQuote,
  presentSalesOrder,
  presentTaxCode,
  quoteMatches,
  quotesTable,
  recordPayment,
  retrieveCustomer,
  retrieveInvoice,
  retrieveQuote,
  retrieveSalesOrder,
  retrieveTaxCode,
  salesFunnel,
  salesOrderMatches,
  salesOrdersTable,
  sendInvoice,
  sendQuote,
  taxCodeMatches,
  taxCodesTable,
  updateContact,
  updateCustomer,
  updateInvoice,
  updateSalesOrder,
  voidPayment,
} from '../domain/sales/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { sales } = contract;

/** Customers and their contacts (spec document 2, "Customers"). */
const customerRoutes: Route[] = [
  listRoute(sales.customersList, {
    rows: (ctx) => customersTable(ctx),
    where: (ctx) => customerMatches(ctx.query),
    present: (ctx, row) => presentCustomerJson(ctx, row),
  }),
  route(sales.customersRetrieve, (ctx) => presentCustomerJson(ctx, retrieveCustomer(ctx, ctx.params.customerId))),
  route(sales.customersCreate, (ctx) => presentCustomer(ctx, createCustomer(ctx, ctx.body))),
  route(sales.customersUpdate, (ctx) => presentCustomer(ctx, updateCustomer(ctx, ctx.params.customerId, ctx.body))),
  route(sales.customersDelete, (ctx) => deleteCustomer(ctx, ctx.params.customerId)),

  listRoute(sales.customerContactsList, {
    rows: (ctx) => {
      const customer = retrieveCustomer(ctx, ctx.params.customerId);
      return contactsTable(ctx).byIndex('customerId', customer.id);
    },
    where: (ctx) => contactMatches(ctx.query),
    present: (_ctx, row) => presentContact(row),
  }),
  route(sales.customerContactsCreate, (ctx) => presentContact(createContact(ctx, ctx.params.customerId, ctx.body))),
  route(sales.customerContactsUpdate, (ctx) => presentContact(updateContact(ctx, ctx.params.customerId, ctx.params.contactId, ctx.body))),
  route(sales.customerContactsDelete, (ctx) => deleteContact(ctx, ctx.params.customerId, ctx.params.contactId)),
];

/** Customer analytics computed from the sales documents (spec document 2, "Customers"). */
const customerSummaryRoutes: Route[] = [
  route(sales.customersSummary, (ctx) => customerSummary(ctx, ctx.params.customerId)),
  route(sales.analyticsSalesFunnel, (ctx) => salesFunnel(ctx, ctx.query)),
];

/** The company's tax table, read-only (implied endpoints; see decision SALES-15). */
const taxCodeRoutes: Route[] = [
  listRoute(sales.taxCodesList, {
    rows: (ctx) => taxCodesTable(ctx),
    where: (ctx) => taxCodeMatches(ctx.query),
    present: (_ctx, row) => presentTaxCode(row),
  }),
  route(sales.taxCodesRetrieve, (ctx) => presentTaxCode(retrieveTaxCode(ctx, ctx.params.code))),
];

/** Sales orders (spec document 2, "Sales orders"; get, update and delete are implied). */
const salesOrderRoutes: Route[] = [
  listRoute(sales.salesOrdersList, {
    rows: (ctx) => salesOrdersTable(ctx),
    where: (ctx) => salesOrderMatches(ctx.query),
    present: (_ctx, row) => presentSalesOrder(row),
  }),
  route(sales.salesOrdersCreate, (ctx) => presentSalesOrder(createSalesOrder(ctx, ctx.body))),
  route(sales.salesOrdersRetrieve, (ctx) => presentSalesOrder(retrieveSalesOrder(ctx, ctx.params.salesOrderId))),
  route(sales.salesOrdersUpdate, (ctx) => presentSalesOrder(updateSalesOrder(ctx, ctx.params.salesOrderId, ctx.body))),
  route(sales.salesOrdersDelete, (ctx) => deleteSalesOrder(ctx, ctx.params.salesOrderId)),
  route(sales.salesOrdersUpdateStatus, (ctx) => presentSalesOrder(changeSalesOrderStatus(ctx, ctx.params.salesOrderId, ctx.body))),
  route(sales.salesOrdersConvertToInvoice, (ctx) =>
    presentInvoice(ctx, convertSalesOrderToInvoice(ctx, ctx.params.salesOrderId, ctx.body)),
  ),
];

/** Quotes (spec document 2, "Quotes"; get-one and decline are implied). */
const quoteRoutes: Route[] = [
  listRoute(sales.quotesList, {
    rows: (ctx) => quotesTable(ctx),
    where: (ctx) => quoteMatches(ctx, ctx.query),
    present: (ctx, row) => presentQuote(ctx, row),
  }),
  route(sales.quotesCreate, (ctx) => presentQuote(ctx, createQuote(ctx, ctx.body))),
  route(sales.quotesRetrieve, (ctx) => presentQuote(ctx, retrieveQuote(ctx, ctx.params.quoteId))),
  route(sales.quotesSend, (ctx) => presentQuote(ctx, sendQuote(ctx, ctx.params.quoteId, ctx.body))),
  route(sales.quotesAccept, (ctx) => presentQuote(ctx, acceptQuote(ctx, ctx.params.quoteId))),
  route(sales.quotesConvertToOrder, (ctx) => presentSalesOrder(convertQuoteToOrder(ctx, ctx.params.quoteId).order)),
  route(sales.quotesDecline, (ctx) => presentQuote(ctx, declineQuote(ctx, ctx.params.quoteId, ctx.body))),
];

/** Invoices and their payments (spec document 2, "Invoices"; cancel, the payments list and a payment's void are implied). */
const invoiceRoutes: Route[] = [
  listRoute(sales.invoicesList, {
    // The list's declared indexes answer its plain filters (customerId, status, ...): no filter reads every invoice.
    rows: (ctx) => invoicesTable(ctx),
    where: (ctx) => invoiceMatches(ctx, ctx.query),
    present: (ctx, row) => presentInvoiceJson(ctx, row),
  }),
  route(sales.invoicesRetrieve, (ctx) => presentInvoiceJson(ctx, retrieveInvoice(ctx, ctx.params.invoiceId))),
  route(sales.invoicesCreate, (ctx) => presentInvoice(ctx, createInvoice(ctx, ctx.body))),
  route(sales.invoicesUpdate, (ctx) => presentInvoice(ctx, updateInvoice(ctx, ctx.params.invoiceId, ctx.body))),
  route(sales.invoicesSend, (ctx) => presentInvoice(ctx, sendInvoice(ctx, ctx.params.invoiceId, ctx.body))),
  route(sales.invoicesCancel, (ctx) => presentInvoice(ctx, cancelInvoice(ctx, ctx.params.invoiceId, ctx.body))),
  // The short and the detailed payment paths of the spec make the same call.
  route(sales.invoicesPay, (ctx) => presentPayment(recordPayment(ctx, ctx.params.invoiceId, ctx.body))),
  route(sales.invoicePaymentsCreate, (ctx) => presentPayment(recordPayment(ctx, ctx.params.invoiceId, ctx.body))),
  listRoute(sales.invoicePaymentsList, {
    rows: (ctx) => invoicePayments(ctx, ctx.params.invoiceId, ctx.query.status),
    present: (_ctx, row) => presentPayment(row),
  }),
  route(sales.invoicePaymentsVoid, (ctx) => presentPayment(voidPayment(ctx, ctx.params.invoiceId, ctx.params.paymentId, ctx.body))),
];

/** Credit notes, the customer credit they leave, refunds and debit notes (SALES-59 to SALES-64; implied endpoints). */
const invoiceCorrectionRoutes: Route[] = [
  route(sales.invoiceCreditNotesCreate, (ctx) => presentCreditNote(ctx, createCreditNote(ctx, ctx.params.invoiceId, ctx.body))),
  listRoute(sales.creditNotesList, {
    rows: (ctx) => creditNotesTable(ctx),
    where: (ctx) => creditNoteMatches(ctx.query),
    present: (ctx, row) => presentCreditNote(ctx, row),
  }),
  route(sales.creditNotesRetrieve, (ctx) => presentCreditNote(ctx, retrieveCreditNote(ctx, ctx.params.creditNoteId))),
  route(sales.creditNoteAllocationsCreate, (ctx) => presentCreditNote(ctx, allocateCredit(ctx, ctx.params.creditNoteId, ctx.body))),
  route(sales.creditNoteRefundsCreate, (ctx) => presentRefund(refundCredit(ctx, ctx.params.creditNoteId, ctx.body))),
  listRoute(sales.refundsList, {
    rows: (ctx) => refundsTable(ctx),
    where: (ctx) => refundMatches(ctx.query),
    present: (_ctx, row) => presentRefund(row),
  }),
  route(sales.refundsRetrieve, (ctx) => presentRefund(retrieveRefund(ctx, ctx.params.refundId))),
  route(sales.invoiceDebitNotesCreate, (ctx) => presentDebitNote(createDebitNote(ctx, ctx.params.invoiceId, ctx.body))),
  listRoute(sales.debitNotesList, {
    rows: (ctx) => debitNotesTable(ctx),
    where: (ctx) => debitNoteMatches(ctx.query),
    present: (_ctx, row) => presentDebitNote(row),
  }),
  route(sales.debitNotesRetrieve, (ctx) => presentDebitNote(retrieveDebitNote(ctx, ctx.params.debitNoteId))),
];

/** The sales module (spec document 2): customers, contacts, tax codes, orders, quotes, invoices, payments, analytics. */
export const salesRoutes: Route[] = [
  ...customerRoutes,
  ...taxCodeRoutes,
  ...salesOrderRoutes,
  ...quoteRoutes,
  ...invoiceRoutes,
  ...invoiceCorrectionRoutes,
  ...customerSummaryRoutes,
];
