import { contract } from '../../src/contract/index.js';
import { itemsTable } from '../domain/inventory/tables.js';
import { createItem, itemListValue, itemMatches, presentItem, retrieveItem, updateItem } from '../domain/inventory/items.js';
import { listPage } from '../store/list.js';
import { route, type Route } from '../kernel/route.js';

const { inventory } = contract;

/** The item catalogue (spec document 2, "Items"); stock endpoints come with the inventory module. */
export const inventoryRoutes: Route[] = [
  route(inventory.itemsList, (ctx) => {
    const page = listPage(itemsTable(ctx), ctx, inventory.itemsList.list, {
      where: itemMatches(ctx, ctx.query),
      defaultSort: 'itemCode:asc',
      value: itemListValue,
    });
    const include = { variants: ctx.query.includeVariants === true, images: ctx.query.includeImages === true };
    return { ...page, data: page.data.map((row) => presentItem(ctx, row, include)) };
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
