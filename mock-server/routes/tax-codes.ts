import { contract } from '../../src/contract/index.js';
import { taxCodesTable } from '../domain/crm-tables.js';
import { presentTaxCode, retrieveTaxCode, taxCodeMatches } from '../domain/tax-codes.js';
import { listPage } from '../store/list.js';
import { route, type Route } from './route.js';

const { sales } = contract;

/** The company's tax table, read-only (implied endpoints; see docs/spec-decisions.md). */
export const taxCodeRoutes: Route[] = [
  route(sales.taxCodesList, (ctx) => {
    const page = listPage(taxCodesTable(ctx), ctx, sales.taxCodesList.list, {
      where: taxCodeMatches(ctx.query),
      defaultSort: 'code:asc',
    });
    return { ...page, data: page.data.map(presentTaxCode) };
  }),
  route(sales.taxCodesRetrieve, (ctx) => presentTaxCode(retrieveTaxCode(ctx, ctx.params.code))),
];
