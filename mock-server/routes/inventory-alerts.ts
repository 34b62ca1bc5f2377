import { contract } from '../../src/contract/index.js';
import {
  alertMatches,
  alertRulesTable,
  alertsTable,
  changeAlertStatus,
  checkExpiries,
  createAlertRule,
  presentAlert,
  presentAlertRule,
  updateAlertRule,
} from '../domain/inventory/index.js';
import { listRoute } from './list-route.js';
import { route, type Route } from '../store/context.js';

const { inventory } = contract;

/** Stock alerts and their rules (spec document 2, "Stock": `GET /inventory/alerts`, `POST /inventory/alerts/rules`). */
export const inventoryAlertRoutes: Route[] = [
  listRoute(inventory.inventoryAlertsList, {
    rows: (ctx) => {
      // Expiry warnings fall due by the clock: a read sees those due today.
      checkExpiries(ctx);
      return alertsTable(ctx);
    },
    where: (ctx) => alertMatches(ctx.query),
    present: presentAlert,
  }),
  route(inventory.inventoryAlertsUpdateStatus, (ctx) => presentAlert(ctx, changeAlertStatus(ctx, ctx.params.alertId, ctx.body))),
  route(inventory.inventoryAlertRulesCreate, (ctx) => createAlertRule(ctx, ctx.body)),
  listRoute(inventory.inventoryAlertRulesList, {
    rows: (ctx) => alertRulesTable(ctx),
    where: (ctx) => (row) => ctx.query.type === undefined || row.type === ctx.query.type,
    present: (_ctx, row) => presentAlertRule(row),
  }),
  route(inventory.inventoryAlertRulesUpdate, (ctx) => presentAlertRule(updateAlertRule(ctx, ctx.params.ruleId, ctx.body))),
];
