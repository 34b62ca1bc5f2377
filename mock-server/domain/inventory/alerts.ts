import type { AlertListParams, AlertStatusParams, AlertType, InventoryAlert } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Table } from '../../store/index.js';
import { notFound } from '../../kernel/errors.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { stateMachine } from '../shared/transitions.js';
import { locationRef } from './locations.js';

/**
 * Raised alerts (spec document 2, `GET /inventory/alerts`; the record is not shown, see
 * decision INV-29): one stock record (an item at a location) that crossed a rule's level.
 */
export const INVENTORY_ALERTS = 'inventoryAlerts';

export type AlertStatus = InventoryAlert['status'];

/** The alert as the API shows it, less the location reference (read from the location), and what only the store needs. */
export type AlertRow = Omit<InventoryAlert, 'location'> & {
  /** Raising order within the company: the list's default order, newest first. */
  sequence: number;
  /** The company-local day it was raised: what `dateFrom` / `dateTo` compare. */
  raisedOn: string;
};

export const alertsTable = (ctx: CompanyContext): Table<AlertRow> => ctx.store.table<AlertRow>(ctx.companyId, INVENTORY_ALERTS);

/** The event an alert publishes (spec document 1 names low and out of stock; the others are implied); none for `negative_stock`. */
export const ALERT_EVENTS: Partial<Record<AlertType, string>> = {
  low_stock: 'inventory.low_stock',
  out_of_stock: 'inventory.out_of_stock',
  overstock: 'inventory.overstock',
  reorder_point: 'inventory.reorder_point',
  expiry_warning: 'inventory.expiry_warning',
};

export const presentAlert = (ctx: CompanyContext, row: AlertRow): InventoryAlert => ({
  id: row.id,
  type: row.type,
  status: row.status,
  ruleId: row.ruleId,
  ruleName: row.ruleName,
  itemId: row.itemId,
  itemCode: row.itemCode,
  itemName: row.itemName,
  locationId: row.locationId,
  location: locationRef(ctx, row.locationId),
  currentStock: row.currentStock,
  threshold: row.threshold,
  lot: row.lot && { ...row.lot },
  message: row.message,
  raisedAt: row.raisedAt,
  acknowledgedAt: row.acknowledgedAt,
  acknowledgedBy: row.acknowledgedBy,
  resolvedAt: row.resolvedAt,
  resolvedBy: row.resolvedBy,
  notes: row.notes,
});

/** The plain filters of `GET /inventory/alerts` as one predicate. */
export const alertMatches =
  (query: AlertListParams) =>
  (row: AlertRow): boolean =>
    (query.type === undefined || row.type === query.type) &&
    (query.status === undefined || row.status === query.status) &&
    (query.itemId === undefined || row.itemId === query.itemId) &&
    (query.locationId === undefined || row.locationId === query.locationId) &&
    (query.ruleId === undefined || row.ruleId === query.ruleId) &&
    (query.dateFrom === undefined || row.raisedOn >= query.dateFrom) &&
    (query.dateTo === undefined || row.raisedOn <= query.dateTo);

/** An alert is open until someone resolves it or the stock recovers; acknowledging keeps it open. */
const alertMoves = stateMachine<AlertStatus, 'acknowledged' | 'resolved'>({
  acknowledged: { from: ['active'], rule: 'only an active alert can be acknowledged' },
  resolved: { from: ['active', 'acknowledged'], rule: 'the alert is already resolved' },
});

export const isOpenAlert = (row: AlertRow): boolean => row.status !== 'resolved';

export function retrieveAlert(ctx: CompanyContext, alertId: string): AlertRow {
  const row = alertsTable(ctx).get(alertId);
  if (!row) throw notFound('alert', alertId, 'ALERT_NOT_FOUND', 'alertId');
  return row;
}

/** `PATCH /inventory/alerts/{alertId}/status`: a user acknowledges or resolves an alert. */
export function changeAlertStatus(ctx: ActingContext, alertId: string, input: AlertStatusParams): AlertRow {
  return ctx.store.transaction(() => {
    const row = retrieveAlert(ctx, alertId);
    alertMoves.assert(input.status, row.status, { alertId: row.id, type: row.type, itemCode: row.itemCode });
    const now = ctx.clock.iso();
    const by = actorOf(ctx);
    const notes = input.notes ?? row.notes;
    if (input.status === 'acknowledged')
      return alertsTable(ctx).update(row.id, { status: 'acknowledged', acknowledgedAt: now, acknowledgedBy: by, notes });
    return alertsTable(ctx).update(row.id, { status: 'resolved', resolvedAt: now, resolvedBy: by, notes });
  });
}

/** Closes an open alert whose condition no longer holds (stock recovered, the lot ran out). */
export function resolveBySystem(ctx: CompanyContext, row: AlertRow): void {
  alertsTable(ctx).update(row.id, { status: 'resolved', resolvedAt: ctx.clock.iso(), resolvedBy: 'system' });
}
