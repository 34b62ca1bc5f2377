import { contract } from '../../src/contract/index.js';
import {
  fileTaxReturn,
  payTaxReturn,
  presentTaxReturn,
  previewTaxReturn,
  retrieveTaxReturn,
  taxReturnsTable,
} from '../domain/reports/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { reports } = contract;

/** Tax returns and their payments (implied, ACC-35): computed from the ledger and the sales documents, so in the reports module. */
export const taxReturnRoutes: Route[] = [
  route(reports.taxReturnsPreview, (ctx) => previewTaxReturn(ctx, ctx.query)),
  listRoute(reports.taxReturnsList, {
    rows: (ctx) => taxReturnsTable(ctx),
    present: (_ctx, row) => presentTaxReturn(row),
  }),
  route(reports.taxReturnsCreate, (ctx) => presentTaxReturn(fileTaxReturn(ctx, ctx.body))),
  route(reports.taxReturnsRetrieve, (ctx) => presentTaxReturn(retrieveTaxReturn(ctx, ctx.params.taxReturnId))),
  route(reports.taxReturnsPay, (ctx) => presentTaxReturn(payTaxReturn(ctx, ctx.params.taxReturnId, ctx.body))),
];
