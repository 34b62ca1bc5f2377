import { contract } from '../../src/contract/index.js';
import {
  cancelPurchaseOrder,
  confirmPurchaseOrder,
  createPurchaseOrder,
  createSupplier,
  presentPurchaseOrder,
  outstandingPosReport,
  presentSupplier,
  purchaseOrderMatches,
  purchaseOrdersTable,
  receivePurchaseOrder,
  retrievePurchaseOrder,
  retrieveSupplier,
  sendPurchaseOrder,
  supplierListQuery,
  supplierMatches,
  suppliersTable,
  updatePurchaseOrder,
  updateSupplier,
} from '../domain/purchasing/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { purchasing } = contract;

/** Suppliers and purchase orders (spec document 2, "Suppliers", "Purchase orders and bills"). */
export const purchasingRoutes: Route[] = [
  listRoute(purchasing.suppliersList, {
    rows: (ctx) => suppliersTable(ctx),
    where: (ctx) => supplierMatches(ctx.query),
    query: (ctx) => supplierListQuery(ctx.query),
    present: (_ctx, row) => presentSupplier(row),
  }),
  route(purchasing.suppliersCreate, (ctx) => presentSupplier(createSupplier(ctx, ctx.body))),
  route(purchasing.suppliersRetrieve, (ctx) => presentSupplier(retrieveSupplier(ctx, ctx.params.supplierId))),
  route(purchasing.suppliersUpdate, (ctx) => presentSupplier(updateSupplier(ctx, ctx.params.supplierId, ctx.body))),

  listRoute(purchasing.purchaseOrdersList, {
    rows: (ctx) => purchaseOrdersTable(ctx),
    where: (ctx) => purchaseOrderMatches(ctx.query),
    present: (_ctx, row) => presentPurchaseOrder(row),
  }),
  route(purchasing.purchaseOrdersCreate, (ctx) => presentPurchaseOrder(createPurchaseOrder(ctx, ctx.body))),
  route(purchasing.purchaseOrdersRetrieve, (ctx) => presentPurchaseOrder(retrievePurchaseOrder(ctx, ctx.params.purchaseOrderId))),
  route(purchasing.purchaseOrdersUpdate, (ctx) => presentPurchaseOrder(updatePurchaseOrder(ctx, ctx.params.purchaseOrderId, ctx.body))),
  route(purchasing.purchaseOrdersSend, (ctx) => presentPurchaseOrder(sendPurchaseOrder(ctx, ctx.params.purchaseOrderId, ctx.body))),
  route(purchasing.purchaseOrdersConfirm, (ctx) => presentPurchaseOrder(confirmPurchaseOrder(ctx, ctx.params.purchaseOrderId, ctx.body))),
  route(purchasing.purchaseOrdersReceive, (ctx) => presentPurchaseOrder(receivePurchaseOrder(ctx, ctx.params.purchaseOrderId, ctx.body))),
  route(purchasing.purchaseOrdersCancel, (ctx) => presentPurchaseOrder(cancelPurchaseOrder(ctx, ctx.params.purchaseOrderId, ctx.body))),
  route(purchasing.reportsPurchasingOutstandingPos, (ctx) => outstandingPosReport(ctx, ctx.query)),
];
