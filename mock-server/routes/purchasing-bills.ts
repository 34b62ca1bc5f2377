import { contract } from '../../src/contract/index.js';
import { approveBill, billMatches, billsTable, createBill, payBill, presentBill, retrieveBill, updateBill, voidBillPayment } from '../domain/purchasing/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { purchasing } = contract;

/** Bills and their payments (spec document 2, "Purchase orders and bills"; issue #12, §4). */
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
  route(purchasing.billsVoidPayment, (ctx) => presentBill(ctx, voidBillPayment(ctx, ctx.params.billId, ctx.params.paymentId, ctx.body))),
];
