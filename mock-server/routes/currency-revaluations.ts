import { contract } from '../../src/contract/index.js';
import {
  createCurrencyRevaluation,
  currencyRevaluationsTable,
  presentCurrencyRevaluation,
  retrieveCurrencyRevaluation,
} from '../domain/reports/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { reports } = contract;

/** Currency revaluations (implied, ACC-37): they read sales and purchasing documents, so in the reports module. */
export const currencyRevaluationRoutes: Route[] = [
  route(reports.currencyRevaluationsCreate, (ctx) => presentCurrencyRevaluation(createCurrencyRevaluation(ctx, ctx.body))),
  listRoute(reports.currencyRevaluationsList, {
    rows: (ctx) => currencyRevaluationsTable(ctx),
    present: (_ctx, row) => presentCurrencyRevaluation(row),
  }),
  route(reports.currencyRevaluationsRetrieve, (ctx) =>
    presentCurrencyRevaluation(retrieveCurrencyRevaluation(ctx, ctx.params.currencyRevaluationId)),
  ),
];
