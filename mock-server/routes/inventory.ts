import { contract } from '../../src/contract/index.js';
import { itemListingsTable, createItem, itemMatches, presentItem, retrieveItem, updateItem } from '../domain/inventory/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { inventory } = contract;

/** The item catalogue (spec document 2, "Items"); stock endpoints come with the inventory module. */
export const inventoryRoutes: Route[] = [
  listRoute(inventory.itemsList, {
    // The items with their stock, location and category kept beside them: every declared filter and sort reads kept views.
    rows: (ctx) => itemListingsTable(ctx),
    where: (ctx) => itemMatches(ctx, ctx.query),
    presentation: ['includeVariants', 'includeImages'],
    present: (ctx, row) =>
      presentItem(ctx, row, { variants: ctx.query.includeVariants === true, images: ctx.query.includeImages === true }),
  }),
  route(inventory.itemsRetrieve, (ctx) =>
    presentItem(ctx, retrieveItem(ctx, ctx.params.itemId), {
      variants: true,
      images: true,
      stockHistory: ctx.query.includeStockHistory === true,
      transactions: ctx.query.includeTransactions === true,
    }),
  ),
  route(inventory.itemsCreate, (ctx) => presentItem(ctx, createItem(ctx, ctx.body))),
  route(inventory.itemsUpdate, (ctx) => presentItem(ctx, updateItem(ctx, ctx.params.itemId, ctx.body))),
];
