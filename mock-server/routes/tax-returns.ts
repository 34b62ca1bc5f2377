import { contract } from '../../src/contract/index.js';
import { FileResponse } from '../kernel/raw.js';
import {
  fileTaxReturn,
  payTaxReturn,
  presentTaxReturn,
  previewTaxReturn,
  retrieveTaxReturn,
  taxReturnFile,
  taxReturnsTable,
} from '../domain/reports/index.js';
import { listRoute } from './list-route.js';
import { route, type Route, type RouteContext } from '../store/context.js';
import type { TaxReturn } from '../../src/contract/index.js';

const { reports } = contract;

/** A return as JSON, or as the file its `format` asks for (ACC-35). */
const served = (ctx: RouteContext, taxReturn: TaxReturn) => {
  const file = taxReturnFile(ctx, taxReturn, (ctx.query as { format?: unknown }).format);
  return file ? new FileResponse(file) : taxReturn;
};

/** Tax returns and their payments (implied, ACC-35): computed from the ledger and the sales documents, so in the reports module. */
export const taxReturnRoutes: Route[] = [
  route(reports.taxReturnsPreview, (ctx) => served(ctx, previewTaxReturn(ctx, ctx.query))),
  listRoute(reports.taxReturnsList, {
    rows: (ctx) => taxReturnsTable(ctx),
    present: (_ctx, row) => presentTaxReturn(row),
  }),
  route(reports.taxReturnsCreate, (ctx) => presentTaxReturn(fileTaxReturn(ctx, ctx.body))),
  route(reports.taxReturnsRetrieve, (ctx) => served(ctx, presentTaxReturn(retrieveTaxReturn(ctx, ctx.params.taxReturnId)))),
  route(reports.taxReturnsPay, (ctx) => presentTaxReturn(payTaxReturn(ctx, ctx.params.taxReturnId, ctx.body))),
];
