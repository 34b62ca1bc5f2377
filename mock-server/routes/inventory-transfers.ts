import { contract } from '../../src/contract/index.js';
import {
  changeStockTransferStatus,
  createStockTransfer,
  presentStockTransfer,
  retrieveStockTransfer,
  stockTransferMatches,
  stockTransfersTable,
} from '../domain/inventory/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { inventory } = contract;

/** Stock transfers (spec document 2, "Stock"; get-one is implied, `POST /stock-transfers` is the short form of create). */
export const inventoryTransferRoutes: Route[] = [
  listRoute(inventory.inventoryTransfersList, {
    rows: (ctx) => stockTransfersTable(ctx),
    where: (ctx) => stockTransferMatches(ctx.query),
    present: (ctx, row) => presentStockTransfer(ctx, row),
  }),
  route(inventory.inventoryTransfersCreate, (ctx) => presentStockTransfer(ctx, createStockTransfer(ctx, ctx.body))),
  route(inventory.inventoryTransfersCreateShortForm, (ctx) => presentStockTransfer(ctx, createStockTransfer(ctx, ctx.body))),
  route(inventory.inventoryTransfersRetrieve, (ctx) => presentStockTransfer(ctx, retrieveStockTransfer(ctx, ctx.params.transferId))),
  route(inventory.inventoryTransfersUpdateStatus, (ctx) =>
    presentStockTransfer(ctx, changeStockTransferStatus(ctx, ctx.params.transferId, ctx.body)),
  ),
];
