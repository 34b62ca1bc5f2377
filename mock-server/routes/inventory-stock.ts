import { contract } from '../../src/contract/index.js';
import {
  adjustmentMatches,
  adjustmentsTable,
  createAdjustment,
  locationsTable,
  postAdjustment,
  adjustmentTotalValue,
  presentAdjustment,
  presentStockRecord,
  retrieveAdjustment,
  setStock,
  stockBalancesTable,
  stockListQuery,
  stockMatches,
  type LocationRow,
} from '../domain/inventory/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';
import { readField } from '../store/keys.js';

const { inventory } = contract;

const presentLocation = (row: LocationRow) => ({ ...row });

/**
 * Locations, stock records and stock adjustments (spec document 2, "Stock"; INV-13, INV-22, INV-24). The short
 * paths `GET /stock` and `POST /stock-adjustments` share the handlers of their long forms.
 */
export const inventoryStockRoutes: Route[] = [
  listRoute(inventory.locationsList, {
    rows: (ctx) => locationsTable(ctx),
    where: (ctx) => (row) =>
      (ctx.query.type === undefined || row.type === ctx.query.type) &&
      (ctx.query.active === undefined || row.isActive === ctx.query.active),
    present: (_ctx, row) => presentLocation(row),
  }),
  ...[inventory.stockList, inventory.stockLevels].map((endpoint) =>
    listRoute(endpoint, {
      rows: (ctx) => stockBalancesTable(ctx),
      where: (ctx) => stockMatches(ctx, ctx.query),
      query: (ctx) => stockListQuery(ctx.query),
      present: (ctx, row) => presentStockRecord(ctx, row),
    }),
  ),
  route(inventory.stockSet, (ctx) => {
    const { balance, adjustment } = setStock(ctx, ctx.body);
    return { stock: presentStockRecord(ctx, balance), adjustment: adjustment && presentAdjustment(ctx, adjustment) };
  }),
  listRoute(inventory.adjustmentsList, {
    rows: (ctx) => adjustmentsTable(ctx),
    where: (ctx) => adjustmentMatches(ctx.query),
    // A draft's value is what posting now would do, so it is read as presented, not stored.
    value: (row, field, ctx) => (field === 'totalValue' ? adjustmentTotalValue(ctx, row) : readField(row, field)),
    valueFields: ['totalValue'],
    present: (ctx, row) => presentAdjustment(ctx, row),
  }),
  ...[inventory.adjustmentsCreate, inventory.adjustmentsRecord].map((endpoint) =>
    route(endpoint, (ctx) => presentAdjustment(ctx, createAdjustment(ctx, ctx.body))),
  ),
  route(inventory.adjustmentsRetrieve, (ctx) => presentAdjustment(ctx, retrieveAdjustment(ctx, ctx.params.adjustmentId))),
  route(inventory.adjustmentsPost, (ctx) => presentAdjustment(ctx, postAdjustment(ctx, ctx.params.adjustmentId))),
];
