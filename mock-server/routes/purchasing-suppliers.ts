import { contract } from '../../src/contract/index.js';
import {
  presentSupplierRating,
  rateSupplier,
  supplierDeliveryPerformance,
  supplierPerformance,
  supplierPerformanceReport,
  supplierQualityRatings,
} from '../domain/purchasing/index.js';
import { route, type Route } from '../store/context.js';

const { purchasing } = contract;

/** Supplier performance and its report (spec document 2, "Procurement workflows"; PUR-24 to PUR-26); the supplier records are in purchasing.ts. */
export const purchasingSupplierRoutes: Route[] = [
  route(purchasing.suppliersPerformance, (ctx) => supplierPerformance(ctx, ctx.params.supplierId, ctx.query)),
  route(purchasing.suppliersDeliveryPerformance, (ctx) => supplierDeliveryPerformance(ctx, ctx.params.supplierId, ctx.query)),
  route(purchasing.suppliersQualityRatings, (ctx) => supplierQualityRatings(ctx, ctx.params.supplierId, ctx.query)),
  route(purchasing.suppliersRatePerformance, (ctx) => presentSupplierRating(rateSupplier(ctx, ctx.params.supplierId, ctx.body))),
  route(purchasing.reportsPurchasingSupplierPerformance, (ctx) => supplierPerformanceReport(ctx, ctx.query)),
];
