import { contract } from '../../src/contract/index.js';
import { acceptQuote, convertQuoteToOrder, createQuote, presentQuote, quoteMatches, retrieveQuote, sendQuote } from '../domain/quotes.js';
import { quotesTable } from '../domain/sales-documents-tables.js';
import { presentSalesOrder } from '../domain/sales-orders.js';
import { listPage } from '../store/list.js';
import { route, type Route } from './route.js';

const { sales } = contract;

/** Quotes (spec document 2, "Quotes"; get-one is implied). */
export const quoteRoutes: Route[] = [
  route(sales.quotesList, (ctx) => {
    const page = listPage(quotesTable(ctx), ctx, sales.quotesList.list, {
      where: quoteMatches(ctx, ctx.query),
      defaultSort: 'quoteDate:desc,quoteNumber:desc',
    });
    return { ...page, data: page.data.map((row) => presentQuote(ctx, row)) };
  }),
  route(sales.quotesCreate, (ctx) => presentQuote(ctx, createQuote(ctx, ctx.body))),
  route(sales.quotesRetrieve, (ctx) => presentQuote(ctx, retrieveQuote(ctx, ctx.params.quoteId))),
  route(sales.quotesSend, (ctx) => presentQuote(ctx, sendQuote(ctx, ctx.params.quoteId, ctx.body))),
  route(sales.quotesAccept, (ctx) => presentQuote(ctx, acceptQuote(ctx, ctx.params.quoteId))),
  route(sales.quotesConvertToOrder, (ctx) => presentSalesOrder(convertQuoteToOrder(ctx, ctx.params.quoteId).order)),
];
