import { contract } from '../../src/contract/index.js';
import { abcAnalysis, lowStockReport, stockMovementsReport, stockValuationReport } from '../domain/inventory/index.js';
import { route, type Route } from '../store/context.js';

const { inventory } = contract;

/** The inventory reports (spec document 2, "Inventory reports"): reads of the movement log. */
export const inventoryReportRoutes: Route[] = [
  route(inventory.inventoryReportsValuation, (ctx) => stockValuationReport(ctx, ctx.query)),
  route(inventory.inventoryReportsMovements, (ctx) => stockMovementsReport(ctx, ctx.query)),
  route(inventory.inventoryReportsLowStock, (ctx) => lowStockReport(ctx, ctx.query)),
  route(inventory.inventoryReportsAbcAnalysis, (ctx) => abcAnalysis(ctx, ctx.query)),
];
