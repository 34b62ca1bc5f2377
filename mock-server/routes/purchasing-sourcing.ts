import { contract } from '../../src/contract/index.js';
import {
  approveRequisition,
  awardRfq,
  convertRequisition,
  createRequisition,
  createRfq,
  presentPurchaseOrder,
  presentRequisition,
  presentRfq,
  procurementAnalytics,
  rejectRequisition,
  requisitionMatches,
  requisitionsTable,
  respondToRfq,
  retrieveRequisition,
  retrieveRfq,
  rfqMatches,
  rfqsTable,
  sendRfq,
  updateRequisition,
  updateRfq,
} from '../domain/purchasing/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { purchasing } = contract;

/** Requisitions, requests for quotation and the procurement analytics report (spec document 2, "Procurement workflows"). */
export const purchasingSourcingRoutes: Route[] = [
  listRoute(purchasing.requisitionsList, {
    rows: (ctx) => requisitionsTable(ctx),
    where: (ctx) => requisitionMatches(ctx.query),
    present: (_ctx, row) => presentRequisition(row),
  }),
  route(purchasing.requisitionsCreate, (ctx) => presentRequisition(createRequisition(ctx, ctx.body))),
  route(purchasing.requisitionsRetrieve, (ctx) => presentRequisition(retrieveRequisition(ctx, ctx.params.requisitionId))),
  route(purchasing.requisitionsUpdate, (ctx) => presentRequisition(updateRequisition(ctx, ctx.params.requisitionId, ctx.body))),
  route(purchasing.requisitionsApprove, (ctx) => presentRequisition(approveRequisition(ctx, ctx.params.requisitionId, ctx.body))),
  route(purchasing.requisitionsReject, (ctx) => presentRequisition(rejectRequisition(ctx, ctx.params.requisitionId, ctx.body))),
  route(purchasing.requisitionsConvertToPurchaseOrders, (ctx) => {
    const { requisition, purchaseOrders } = convertRequisition(ctx, ctx.params.requisitionId, ctx.body);
    return { requisition: presentRequisition(requisition), purchaseOrders: purchaseOrders.map(presentPurchaseOrder) };
  }),

  listRoute(purchasing.rfqsList, {
    rows: (ctx) => rfqsTable(ctx),
    where: (ctx) => rfqMatches(ctx, ctx.query),
    present: (ctx, row) => presentRfq(ctx, row),
  }),
  route(purchasing.rfqsCreate, (ctx) => presentRfq(ctx, createRfq(ctx, ctx.body))),
  route(purchasing.rfqsRetrieve, (ctx) => presentRfq(ctx, retrieveRfq(ctx, ctx.params.rfqId))),
  route(purchasing.rfqsUpdate, (ctx) => presentRfq(ctx, updateRfq(ctx, ctx.params.rfqId, ctx.body))),
  route(purchasing.rfqsSend, (ctx) => presentRfq(ctx, sendRfq(ctx, ctx.params.rfqId, ctx.body))),
  route(purchasing.rfqsRespond, (ctx) => presentRfq(ctx, respondToRfq(ctx, ctx.params.rfqId, ctx.body))),
  route(purchasing.rfqsAward, (ctx) => {
    const { rfq, purchaseOrder } = awardRfq(ctx, ctx.params.rfqId, ctx.body);
    return { rfq: presentRfq(ctx, rfq), purchaseOrder: presentPurchaseOrder(purchaseOrder) };
  }),

  route(purchasing.reportsPurchasingProcurementAnalytics, (ctx) => procurementAnalytics(ctx, ctx.query)),
];
