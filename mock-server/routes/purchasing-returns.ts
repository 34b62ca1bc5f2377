import { contract } from '../../src/contract/index.js';
import {
  createPurchaseReturn,
  presentPurchaseReturn,
  purchaseReturnMatches,
  purchaseReturnsTable,
  retrievePurchaseReturn,
  voidPurchaseReturn,
} from '../domain/purchasing/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { purchasing } = contract;

/** Purchase returns of received goods (implied, PUR-61, PUR-62). */
export const purchasingReturnRoutes: Route[] = [
  listRoute(purchasing.purchaseReturnsList, {
    rows: (ctx) => purchaseReturnsTable(ctx),
    where: (ctx) => purchaseReturnMatches(ctx.query),
    present: (_ctx, row) => presentPurchaseReturn(row),
  }),
  route(purchasing.purchaseReturnsCreate, (ctx) => presentPurchaseReturn(createPurchaseReturn(ctx, ctx.body))),
  route(purchasing.purchaseReturnsRetrieve, (ctx) => presentPurchaseReturn(retrievePurchaseReturn(ctx, ctx.params.purchaseReturnId))),
  route(purchasing.purchaseReturnsVoid, (ctx) => presentPurchaseReturn(voidPurchaseReturn(ctx, ctx.params.purchaseReturnId, ctx.body))),
];
