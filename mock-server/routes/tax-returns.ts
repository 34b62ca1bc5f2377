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

const { accounting } = contract;

/** Tax returns and their payments (implied, ACC-35): computed from the ledger by the reports module, served under accounting. */
export const taxReturnRoutes: Route[] = [
  route(accounting.taxReturnsPreview, (ctx) => previewTaxReturn(ctx, ctx.query)),
  listRoute(accounting.taxReturnsList, {
    rows: (ctx) => taxReturnsTable(ctx),
    present: (_ctx, row) => presentTaxReturn(row),
  }),
  route(accounting.taxReturnsCreate, (ctx) => presentTaxReturn(fileTaxReturn(ctx, ctx.body))),
  route(accounting.taxReturnsRetrieve, (ctx) => presentTaxReturn(retrieveTaxReturn(ctx, ctx.params.taxReturnId))),
  route(accounting.taxReturnsPay, (ctx) => presentTaxReturn(payTaxReturn(ctx, ctx.params.taxReturnId, ctx.body))),
];
