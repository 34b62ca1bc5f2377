import {
  inventoryAlertRulesCreate,
  inventoryAlertRulesList,
  inventoryAlertRulesUpdate,
  inventoryAlertsList,
  inventoryAlertsUpdateStatus,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/**
 * Stock alerts (spec document 2, "Alert types"): a rule watches a stock level of items at locations,
 * and a movement that crosses it raises one alert, emails the rule's list and posts a signed delivery
 * to its webhook URL. Items' own `minimumStock`, `reorderPoint` and `maximumStock` raise alerts too.
 */
export class Alerts extends Resource {
  /**
   * Lists raised alerts, newest first, cursor-paged; expiry warnings due by today are raised first.
   *
   * @example
   * for await (const alert of acs.inventory.alerts.list({ status: 'active', type: 'low_stock' })) {
   *   console.log(alert.itemCode, alert.location.name, alert.currentStock, alert.message);
   * }
   */
  list = this.method(inventoryAlertsList);

  /**
   * Creates an alert rule. `conditions.threshold` replaces the item's level (`expiry_warning`: days
   * ahead, default 30). Webhook deliveries are signed with `notifications.secret`, shown once here.
   *
   * @example
   * const rule = await acs.inventory.alerts.createRule({
   *   name: 'Showroom running low', type: 'low_stock',
   *   conditions: { locations: [showroomId], threshold: 5 },
   *   notifications: { email: ['stock@example.com'], webhook: 'https://example.com/hooks/stock', frequency: 'daily' },
   * });
   * const secret = rule.notifications.secret; // keep it: verifySignature() needs it
   */
  createRule = this.method(inventoryAlertRulesCreate);

  /** Lists the company's alert rules in creation order; filter by `type`. */
  listRules = this.method(inventoryAlertRulesList);

  /** Changes a rule's `name`, `conditions`, `notifications` (merged field by field) or `active`; its type and secret stay. */
  updateRule = this.method(inventoryAlertRulesUpdate);

  /**
   * Acknowledges an active alert, or resolves an open one (`BusinessRuleError` otherwise). Alerts
   * also resolve by themselves when stock moves back past the level.
   *
   * @example
   * await acs.inventory.alerts.updateStatus(alert.id, { status: 'acknowledged', notes: 'PO sent' });
   */
  updateStatus = this.method(inventoryAlertsUpdateStatus);
}
