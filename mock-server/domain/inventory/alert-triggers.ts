import type { AlertType } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { GLOBAL, type Store } from '../../store/index.js';
import { addDays, companyToday, daysBetween } from '../shared/calendar.js';
import { recordOutboxMessage } from '../shared/outbox.js';
import { registerWebhookReceivers, type CompanyRow } from '../platform/index.js';
import { categoryAndDescendants } from './item-categories.js';
import { itemsTable, type ItemRow } from './tables.js';
import { locationsTable } from './locations.js';
import { observeStockMovements } from './movements.js';
import { stockBalancesTable, type StockBalanceRow } from './stock-balances.js';
import { lotsOnHand, type LotBalance } from './lots.js';
import {
  ALERT_RULES,
  alertRuleReceivers,
  alertRulesTable,
  expiryWarningDays,
  type AlertFrequency,
  type AlertRuleRow,
} from './alert-rules.js';
import { alertsTable, INVENTORY_ALERTS, isOpenAlert, resolveBySystem, type AlertRow } from './alerts.js';

/**
 * When alerts are raised (decision INV-29): a movement that
 * takes a stock record (item at a location) across a level raises one alert, never one per movement
 * while past it; moving back resolves it. Expiry warnings are checked on each movement, on each move
 * of the mock clock and on each read of the alerts.
 */
export function defineAlertTables(store: Store): void {
  store.defineTable(ALERT_RULES, { prefix: 'alr' });
  store.defineTable(INVENTORY_ALERTS, { prefix: 'alt', indexes: ['itemId', 'ruleId'] });
  registerWebhookReceivers(store, 'alert_rule', alertRuleReceivers);
  observeStockMovements(store, (ctx, movement, before, after) => checkStockLevels(ctx, movement.itemId, before, after));
  store.clock.onJump(() => checkAllExpiries(store));
}

/** A level that watches a stock record: a rule's, or the item's own when no rule of that type covers it. */
interface Level {
  type: AlertType;
  threshold: number;
  rule: AlertRuleRow | null;
}

/** Spec document 2, "Alert types": overstock at or above its level, negative below zero, the others at or below. */
const reached = (level: Level, stock: number): boolean =>
  level.type === 'overstock' ? stock >= level.threshold : level.type === 'negative_stock' ? stock < 0 : stock <= level.threshold;

/** The item's own level of a type; null when it has none (no maximum, a zero minimum or reorder point). */
function itemLevel(item: ItemRow, type: AlertType): number | null {
  const { minimumStock, reorderPoint, maximumStock } = item.inventory;
  if (type === 'low_stock') return minimumStock > 0 ? minimumStock : null;
  if (type === 'reorder_point') return reorderPoint > 0 ? reorderPoint : null;
  if (type === 'overstock') return maximumStock !== null && maximumStock > 0 ? maximumStock : null;
  return type === 'out_of_stock' || type === 'negative_stock' ? 0 : null;
}

/** The item's own levels; `negative_stock` watches every item, as stock may go below zero (spec document 2, "Alert types"). */
const DEFAULT_LEVELS: readonly AlertType[] = ['low_stock', 'reorder_point', 'out_of_stock', 'overstock', 'negative_stock'];

function ruleCovers(ctx: CompanyContext, rule: AlertRuleRow, item: ItemRow, locationId: string): boolean {
  const { categories, locations } = rule.conditions;
  if (locations.length > 0 && !locations.includes(locationId)) return false;
  if (categories.length === 0) return true;
  return item.categoryId !== null && categories.some((id) => categoryAndDescendants(ctx, id).has(item.categoryId!));
}

const rulesCovering = (ctx: CompanyContext, item: ItemRow, locationId: string): AlertRuleRow[] =>
  alertRulesTable(ctx)
    .all()
    .filter((rule) => rule.active && ruleCovers(ctx, rule, item, locationId));

/** A stock-level rule's level for an item; null for expiry rules and where the item has no level of the type. */
function ruleLevel(rule: AlertRuleRow, item: ItemRow): Level | null {
  const threshold = rule.type === 'expiry_warning' ? null : (rule.conditions.threshold ?? itemLevel(item, rule.type));
  return threshold === null ? null : { type: rule.type, threshold, rule };
}

function levelsOf(item: ItemRow, rules: readonly AlertRuleRow[]): Level[] {
  const levels = rules.map((rule) => ruleLevel(rule, item)).filter((level): level is Level => level !== null);
  for (const type of DEFAULT_LEVELS) {
    const threshold = itemLevel(item, type);
    if (threshold !== null && !rules.some((rule) => rule.type === type)) levels.push({ type, threshold, rule: null });
  }
  return levels;
}

function checkStockLevels(ctx: CompanyContext, itemId: string, before: StockBalanceRow, after: StockBalanceRow): void {
  const item = itemsTable(ctx).get(itemId);
  if (!item) return;
  const rules = rulesCovering(ctx, item, after.locationId);
  for (const level of watchesLevels(ctx, after.locationId) ? levelsOf(item, rules) : []) {
    const was = reached(level, before.onHand);
    const is = reached(level, after.onHand);
    if (!was && is) raiseLevelAlert(ctx, level, item, after);
    else if (was && !is)
      for (const open of alertsOf(ctx, level.rule, level.type, item.id, after.locationId).filter(isOpenAlert)) resolveBySystem(ctx, open);
  }
  checkExpiry(ctx, item, after.locationId, rules);
}

/**
 * Stock levels watch the places stock is kept, not transit: goods a transfer shipped pass through it
 * and leave it empty on receipt, which is no shortage (expiry warnings still see lots in transit).
 */
const watchesLevels = (ctx: CompanyContext, locationId: string): boolean => locationsTable(ctx).get(locationId)?.type !== 'transit';

/** Alerts of one rule (or the item's own levels, `rule` null) about one item at one location, oldest first. */
const alertsOf = (ctx: CompanyContext, rule: AlertRuleRow | null, type: AlertType, itemId: string, locationId: string): AlertRow[] =>
  alertsTable(ctx)
    .byIndex('itemId', itemId)
    .filter((row) => row.ruleId === (rule?.id ?? null) && row.type === type && row.locationId === locationId);

const HOUR_MS = 3_600_000;
/** How long after an alert the same rule stays silent about the same item and location. */
const QUIET_MS: Record<AlertFrequency, number> = { immediate: 0, daily: 24 * HOUR_MS, weekly: 7 * 24 * HOUR_MS };

const LEVEL_TEXT: Record<AlertType, (threshold: number) => string> = {
  low_stock: (t) => `at or below its minimum stock of ${t}`,
  reorder_point: (t) => `at or below its reorder point of ${t}`,
  out_of_stock: () => 'out of stock',
  overstock: (t) => `at or above its maximum stock of ${t}`,
  negative_stock: () => 'below zero',
  expiry_warning: (t) => `holding a lot that expires within ${t} days`,
};

/**
 * A crossing: a new alert, unless the rule's frequency keeps it quiet, in which case its last alert
 * about this item and location opens again, without a notification.
 */
function raiseLevelAlert(ctx: CompanyContext, level: Level, item: ItemRow, balance: StockBalanceRow): void {
  const earlier = alertsOf(ctx, level.rule, level.type, item.id, balance.locationId);
  const last = earlier.at(-1);
  if (last && isOpenAlert(last)) return;
  const quiet = level.rule ? QUIET_MS[level.rule.notifications.frequency] : 0;
  if (last && quiet > 0 && ctx.clock.nowMs() - Date.parse(last.raisedAt) < quiet) {
    alertsTable(ctx).update(last.id, { status: 'active', currentStock: balance.onHand, resolvedAt: null, resolvedBy: null });
    return;
  }
  const location = locationsTable(ctx).get(balance.locationId)?.name ?? balance.locationId;
  const message = `${item.itemCode} (${item.name}) at ${location}: ${balance.onHand} on hand, ${LEVEL_TEXT[level.type](level.threshold)}`;
  raiseAlert(ctx, level, item, balance, { message, lot: null });
}

function raiseAlert(
  ctx: CompanyContext,
  level: Level,
  item: ItemRow,
  balance: StockBalanceRow,
  facts: Pick<AlertRow, 'message' | 'lot'>,
): void {
  const table = alertsTable(ctx);
  const alert = table.insert({
    id: table.newId(),
    sequence: ctx.store.nextNumber(ctx.companyId, INVENTORY_ALERTS),
    type: level.type,
    status: 'active',
    ruleId: level.rule?.id ?? null,
    ruleName: level.rule?.name ?? null,
    itemId: item.id,
    itemCode: item.itemCode,
    itemName: item.name,
    locationId: balance.locationId,
    currentStock: balance.onHand,
    threshold: level.threshold,
    message: facts.message,
    lot: facts.lot,
    raisedAt: ctx.clock.iso(),
    raisedOn: companyToday(ctx),
    acknowledgedAt: null,
    acknowledgedBy: null,
    resolvedAt: null,
    resolvedBy: null,
    notes: null,
  });
  // The webhook URL is told through the alert's event (event rules and the delivery engine); emails here.
  const email = level.rule?.notifications.email ?? [];
  if (email.length > 0) {
    recordOutboxMessage(ctx, {
      kind: 'inventory_alert',
      documentId: alert.id,
      to: [...email],
      cc: [],
      subject: `Stock alert (${alert.type}): ${item.itemCode}`,
      message: alert.message,
      attachPDF: false,
    });
  }
}

/**
 * Expiry warnings of the rules covering one stock record: one alert per rule and lot once the lot is
 * within the rule's days of expiring by the mock clock; resolved when the lot is used up.
 */
function checkExpiry(ctx: CompanyContext, item: ItemRow, locationId: string, rules: readonly AlertRuleRow[]): void {
  const expiryRules = rules.filter((rule) => rule.type === 'expiry_warning');
  if (expiryRules.length === 0) return;
  const lots = lotsOnHand(ctx, item.id, locationId);
  const today = companyToday(ctx);
  const balance = stockBalancesTable(ctx)
    .byIndex('itemId', item.id)
    .find((row) => row.locationId === locationId);
  if (!balance) return;
  for (const rule of expiryRules) {
    const days = expiryWarningDays(rule);
    const earlier = alertsOf(ctx, rule, 'expiry_warning', item.id, locationId);
    for (const open of earlier.filter(isOpenAlert))
      if (!lots.some((lot) => lot.lotNumber === open.lot?.lotNumber)) resolveBySystem(ctx, open);
    for (const lot of lots) {
      if (lot.expiryDate === null || lot.expiryDate > addDays(today, days)) continue;
      if (earlier.some((row) => row.lot?.lotNumber === lot.lotNumber)) continue;
      raiseAlert(ctx, { type: 'expiry_warning', threshold: days, rule }, item, balance, {
        message: expiryMessage(ctx, item, balance, lot, today),
        lot: { ...lot, expiryDate: lot.expiryDate },
      });
    }
  }
}

function expiryMessage(ctx: CompanyContext, item: ItemRow, balance: StockBalanceRow, lot: LotBalance, today: string): string {
  const location = locationsTable(ctx).get(balance.locationId)?.name ?? balance.locationId;
  const left = daysBetween(today, lot.expiryDate!);
  const when = left < 0 ? `expired on ${lot.expiryDate}` : left === 0 ? 'expires today' : `expires on ${lot.expiryDate} (in ${left} days)`;
  return `${item.itemCode} (${item.name}) at ${location}: lot ${lot.lotNumber} ${when}, ${lot.quantity} of it on hand`;
}

/** A rule made or changed while active: stock records already past its level get their alert now, as if they had just crossed it. */
export function raiseForStockOnHand(ctx: CompanyContext, rule: AlertRuleRow): void {
  if (!rule.active) return;
  for (const balance of stockBalancesTable(ctx).all()) {
    const item = itemsTable(ctx).get(balance.itemId);
    if (!item || !ruleCovers(ctx, rule, item, balance.locationId)) continue;
    const level = watchesLevels(ctx, balance.locationId) ? ruleLevel(rule, item) : null;
    if (level && reached(level, balance.onHand)) raiseLevelAlert(ctx, level, item, balance);
    if (rule.type === 'expiry_warning' && balance.onHand > 0) checkExpiry(ctx, item, balance.locationId, [rule]);
  }
}

/** Expiry warnings of one company's stock by its clock today (each read of `GET /inventory/alerts`). */
export function checkExpiries(ctx: CompanyContext): void {
  const hasRule = alertRulesTable(ctx)
    .all()
    .some((rule) => rule.active && rule.type === 'expiry_warning');
  if (!hasRule) return;
  ctx.store.transaction(() => {
    for (const balance of stockBalancesTable(ctx).all()) {
      const item = itemsTable(ctx).get(balance.itemId);
      if (item && balance.onHand > 0) checkExpiry(ctx, item, balance.locationId, rulesCovering(ctx, item, balance.locationId));
    }
  });
}

/** After the mock clock moves: every company's expiry warnings. */
function checkAllExpiries(store: Store): void {
  if (!store.hasTable('companies')) return;
  for (const company of store.table<CompanyRow>(GLOBAL, 'companies').all())
    checkExpiries({ store, clock: store.clock, companyId: company.id });
}
