import { contract } from '../../src/contract/index.js';
import {
  consolidateBatchPools,
  convertToSelfBilled,
  presentToIrb,
  retrieveToIrb,
  runPipeline,
  saveAndResubmit,
  toIrbFilter,
  toIrbHdrs,
} from '../domain/einvoice-records/index.js';
import { route, type Route } from '../store/context.js';
import { listRoute } from './list-route.js';

const records = contract['einvoice-records'];

// The router admits signed-in users on `/core2`, checks the endpoint's permission codes and resolves the
// tenant of `X-Tenant-Code` as the company (kernel/router.ts); the pipeline runs before each answer.

/** The internal e-invoice records of the data-management API (spec document 3). */
export const einvoiceRecordRoutes: Route[] = [
  listRoute(records.einvoiceRecordsQuery, {
    rows: (ctx) => {
      runPipeline(ctx);
      return toIrbHdrs(ctx);
    },
    where: (ctx) => toIrbFilter(ctx.query) ?? (() => true),
    present: (_ctx, row) => presentToIrb(row),
  }),
  route(records.einvoiceRecordsRetrieve, (ctx) => retrieveToIrb(ctx, ctx.params.guid)),
  route(records.einvoiceRecordsSelfBilled, (ctx) => convertToSelfBilled(ctx, ctx.body.gendocHdrGuids)),
  route(records.einvoiceRecordsSaveAndResubmit, (ctx) => saveAndResubmit(ctx, ctx.body.toIrbHdrGuid)),
  route(records.einvoiceRecordsConsolidate, (ctx) => consolidateBatchPools(ctx, ctx.body.batchPoolDocHdrGuids)),
];
