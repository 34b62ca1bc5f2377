import { contract } from '../../src/contract/index.js';
import { itemsTable, createItem, itemListValue, itemMatches, presentItem, retrieveItem, updateItem } from '../domain/inventory/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { inventory } = contract;

/** The item catalogue (spec document 2, "Items"); stock endpoints come with the inventory module. */
export const inventoryRoutes: Route[] = [
  listRoute(inventory.itemsList, {
    rows: (ctx) => itemsTable(ctx),
    where: (ctx) => itemMatches(ctx, ctx.query),
    value: itemListValue,
    // Only `stock` lives outside the row (in the stock records): other calls read the table's views.
    valueFields: ['stock'],
    presentation: ['includeVariants', 'includeImages'],
    present: (ctx, row) => presentItem(ctx, row, { variants: ctx.query.includeVariants === true, images: ctx.query.includeImages === true }),
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
