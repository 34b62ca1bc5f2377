import { contract } from '../../src/contract/index.js';
import {
  agedPayables,
  approveBill,
  billMatches,
  billPayments,
  presentBillPayment,
  spendAnalysis,
  billsTable,
  createBill,
  payBill,
  presentBill,
  retrieveBill,
  updateBill,
  voidBill,
  voidBillPayment,
} from '../domain/purchasing/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { purchasing } = contract;

/** Bills, their payments and the payables reports (spec document 2, "Purchase orders and bills"; PUR-32 to PUR-45). */
export const purchasingBillRoutes: Route[] = [
  listRoute(purchasing.billsList, {
    rows: (ctx) => billsTable(ctx),
    where: (ctx) => billMatches(ctx, ctx.query),
    present: (ctx, row) => presentBill(ctx, row),
  }),
  route(purchasing.billsCreate, (ctx) => presentBill(ctx, createBill(ctx, ctx.body))),
  route(purchasing.billsRetrieve, (ctx) => presentBill(ctx, retrieveBill(ctx, ctx.params.billId))),
  route(purchasing.billsUpdate, (ctx) => presentBill(ctx, updateBill(ctx, ctx.params.billId, ctx.body))),
  route(purchasing.billsApprove, (ctx) => presentBill(ctx, approveBill(ctx, ctx.params.billId))),
  route(purchasing.billsPay, (ctx) => presentBill(ctx, payBill(ctx, ctx.params.billId, ctx.body))),
  listRoute(purchasing.billsListPayments, {
    rows: (ctx) => billPayments(ctx, ctx.params.billId),
    present: (_ctx, row) => presentBillPayment(row),
  }),
  route(purchasing.billsVoidPayment, (ctx) => presentBill(ctx, voidBillPayment(ctx, ctx.params.billId, ctx.params.paymentId, ctx.body))),
  route(purchasing.billsVoid, (ctx) => presentBill(ctx, voidBill(ctx, ctx.params.billId, ctx.body))),
  route(purchasing.reportsPurchasingAgedPayables, (ctx) => agedPayables(ctx, ctx.query)),
  route(purchasing.reportsPurchasingSpendAnalysis, (ctx) => spendAnalysis(ctx, ctx.query)),
];
