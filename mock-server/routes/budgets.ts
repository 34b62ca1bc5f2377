import { contract } from '../../src/contract/index.js';
import {
  budgetMatches,
  budgetsTable,
  createBudget,
  deleteBudget,
  presentBudget,
  retrieveBudget,
  updateBudget,
} from '../domain/reports/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { reports } = contract;

/** Budgets (implied, REP-73): what `GET /v1/reports/budget-vs-actual` compares the books with. */
export const budgetRoutes: Route[] = [
  listRoute(reports.budgetsList, {
    rows: (ctx) => budgetsTable(ctx),
    where: (ctx) => budgetMatches(ctx.query),
    present: (_ctx, row) => presentBudget(row),
  }),
  route(reports.budgetsCreate, (ctx) => presentBudget(createBudget(ctx, ctx.body))),
  route(reports.budgetsRetrieve, (ctx) => presentBudget(retrieveBudget(ctx, ctx.params.budgetId))),
  route(reports.budgetsUpdate, (ctx) => presentBudget(updateBudget(ctx, ctx.params.budgetId, ctx.body))),
  route(reports.budgetsDelete, (ctx) => deleteBudget(ctx, ctx.params.budgetId)),
];
