import { contract } from '../../src/contract/index.js';
import { salesOrdersTable } from '../domain/sales-documents-tables.js';
import { presentInvoice } from '../domain/invoices.js';
import {
  changeSalesOrderStatus,
  convertSalesOrderToInvoice,
  createSalesOrder,
  deleteSalesOrder,
  presentSalesOrder,
  retrieveSalesOrder,
  salesOrderMatches,
  updateSalesOrder,
} from '../domain/sales-orders.js';
import { listPage } from '../store/list.js';
import { route, type Route } from './route.js';

const { sales } = contract;

/** Sales orders (spec document 2, "Sales orders"; get, update and delete are implied). */
export const salesOrderRoutes: Route[] = [
  route(sales.salesOrdersList, (ctx) => {
    const page = listPage(salesOrdersTable(ctx), ctx, sales.salesOrdersList.list, {
      where: salesOrderMatches(ctx.query),
      defaultSort: 'orderDate:desc,orderNumber:desc',
    });
    return { ...page, data: page.data.map(presentSalesOrder) };
  }),
  route(sales.salesOrdersCreate, (ctx) => presentSalesOrder(createSalesOrder(ctx, ctx.body))),
  route(sales.salesOrdersRetrieve, (ctx) => presentSalesOrder(retrieveSalesOrder(ctx, ctx.params.salesOrderId))),
  route(sales.salesOrdersUpdate, (ctx) => presentSalesOrder(updateSalesOrder(ctx, ctx.params.salesOrderId, ctx.body))),
  route(sales.salesOrdersDelete, (ctx) => deleteSalesOrder(ctx, ctx.params.salesOrderId)),
  route(sales.salesOrdersUpdateStatus, (ctx) => presentSalesOrder(changeSalesOrderStatus(ctx, ctx.params.salesOrderId, ctx.body))),
  route(sales.salesOrdersConvertToInvoice, (ctx) =>
    presentInvoice(ctx, convertSalesOrderToInvoice(ctx, ctx.params.salesOrderId, ctx.body)),
  ),
];
