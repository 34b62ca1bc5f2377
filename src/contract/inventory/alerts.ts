import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { LocationRef } from './locations.js';
import { cursorPageQuery, EMAIL_MAX_LENGTH, isoDate, isoDateTime, nonNegativeQuantity, secret, sortQuery } from '../common.js';
import { dateOrder, text } from '../sales/document-lines.js';
import { WEBHOOK_SECRET_MAX_LENGTH, WEBHOOK_SECRET_MIN_LENGTH, WebhookUrl } from '../platform/webhooks.js';

// Spec document 2, "Alert types (inventory)" and the alerts rows of "Stock"; the alert record and the
// list's query are not shown (decision INV-29).

/** The six alert types of the spec; `negative_stock` fires when stock goes below zero (where the company allows it). */
export const ALERT_TYPES = ['low_stock', 'out_of_stock', 'overstock', 'negative_stock', 'expiry_warning', 'reorder_point'] as const;
export const AlertType = z.enum(ALERT_TYPES);
export type AlertType = z.infer<typeof AlertType>;

/** How often one rule may alert about one item at one location: every crossing, or once a day / a week. */
export const ALERT_FREQUENCIES = ['immediate', 'daily', 'weekly'] as const;
/** `active` until stock recovers (then `resolved` by itself) or a user acknowledges or resolves it. */
export const ALERT_STATUSES = ['active', 'acknowledged', 'resolved'] as const;

/** Days ahead an `expiry_warning` rule warns when its `threshold` is not given. */
export const DEFAULT_EXPIRY_WARNING_DAYS = 30;

const ids = () => z.array(z.string().min(1).max(100)).max(50);

export const AlertRuleConditions = z.object({
  /** Item category ids (their subcategories match too); empty: every category. */
  categories: z.array(z.string()),
  /** Location ids; empty: every location. */
  locations: z.array(z.string()),
  /** A stock level (for `expiry_warning`: days ahead) instead of the item's own; null: the item's level. */
  threshold: z.number().nullable(),
});

export const AlertRuleNotifications = z.object({
  email: z.array(z.string()),
  /** Receives each alert of the rule as a signed delivery (`X-Signature`, like webhook subscriptions). */
  webhook: z.string().nullable(),
  frequency: z.enum(ALERT_FREQUENCIES),
  /** The generated signing secret of `webhook`, in the create answer only (when none was sent). */
  secret: z.string().optional(),
});

export const AlertRule = z.object({
  id: z.string(),
  name: z.string(),
  type: AlertType,
  conditions: AlertRuleConditions,
  notifications: AlertRuleNotifications,
  active: z.boolean(),
  createdBy: z.string(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type AlertRule = z.infer<typeof AlertRule>;

const ConditionsInput = z.object({
  /** Item category ids, at most 50, each existing (subcategories match too); empty or omitted: every category. */
  categories: ids().optional(),
  /** Location ids, at most 50, each existing; empty or omitted: every location. */
  locations: ids().optional(),
  /** Level instead of the item's own (`expiry_warning`: whole days ahead, default 30); refused for `out_of_stock`, `negative_stock`. */
  threshold: nonNegativeQuantity().nullable().optional(),
});

const NotificationsInput = z.object({
  /** Addresses to notify, at most 20 (duplicates dropped); default none. */
  email: z.array(z.email().max(EMAIL_MAX_LENGTH)).max(20).optional(),
  /** URL that receives each alert as a signed delivery; null or omitted: none. */
  webhook: WebhookUrl.nullable().optional(),
  /** `immediate` (default, every crossing), `daily` or `weekly`: how often one item at one location may alert. */
  frequency: z.enum(ALERT_FREQUENCIES).optional(),
  /** Signing secret of `webhook`; when omitted the service generates one and returns it once. */
  secret: secret(z.string().min(WEBHOOK_SECRET_MIN_LENGTH).max(WEBHOOK_SECRET_MAX_LENGTH)).optional(),
});

export const AlertRuleCreateParams = z.object({
  /** Display name, 1-100 characters (trimmed). */
  name: z.string().trim().min(1).max(100),
  /** The alert type the rule raises (`low_stock`, `out_of_stock`, ...); cannot change later. */
  type: AlertType,
  /** Which categories and locations the rule watches, and its threshold; default every one, the item's own levels. */
  conditions: ConditionsInput.optional(),
  /** Who hears of each alert (emails, a webhook) and how often; default no one, `immediate`. */
  notifications: NotificationsInput.optional(),
  /** Whether the rule raises alerts; default true. */
  active: z.boolean().optional(),
});
export type AlertRuleCreateParams = z.input<typeof AlertRuleCreateParams>;

/** The changed fields; `conditions` and `notifications` merge field by field; the type and the secret stay. */
export const AlertRuleUpdateParams = z.object({
  /** New display name, 1-100 characters (trimmed). */
  name: z.string().trim().min(1).max(100).optional(),
  /** Changed conditions, merged field by field with the current ones. */
  conditions: ConditionsInput.optional(),
  /** Changed notifications, merged field by field; the webhook's signing secret cannot change here. */
  notifications: NotificationsInput.omit({ secret: true }).optional(),
  /** Whether the rule raises alerts. */
  active: z.boolean().optional(),
});
export type AlertRuleUpdateParams = z.input<typeof AlertRuleUpdateParams>;

/** The lot an `expiry_warning` is about. */
export const AlertLot = z.object({ lotNumber: z.string(), expiryDate: z.string(), quantity: z.number() });

/** One raised alert: a stock record (item at a location) that crossed a rule's level. */
export const InventoryAlert = z.object({
  id: z.string(),
  type: AlertType,
  status: z.enum(ALERT_STATUSES),
  /** null: raised by the item's own levels (`minimumStock`, `reorderPoint`, `maximumStock`), with no notifications. */
  ruleId: z.string().nullable(),
  ruleName: z.string().nullable(),
  itemId: z.string(),
  itemCode: z.string(),
  itemName: z.string(),
  locationId: z.string(),
  location: LocationRef,
  /** On hand at the location when raised. */
  currentStock: z.number(),
  /** The level crossed (for `expiry_warning`: the days ahead). */
  threshold: z.number(),
  lot: AlertLot.nullable(),
  message: z.string(),
  raisedAt: isoDateTime(),
  acknowledgedAt: isoDateTime().nullable(),
  acknowledgedBy: z.string().nullable(),
  resolvedAt: isoDateTime().nullable(),
  /** A user, or `system` when stock recovered (or the lot ran out). */
  resolvedBy: z.string().nullable(),
  notes: z.string().nullable(),
});
export type InventoryAlert = z.infer<typeof InventoryAlert>;

export const AlertListParams = z
  .object({
    type: AlertType.optional(),
    status: z.enum(ALERT_STATUSES).optional(),
    itemId: z.string().optional(),
    locationId: z.string().optional(),
    ruleId: z.string().optional(),
    /** The company-local day raised, from. */
    dateFrom: isoDate().optional(),
    dateTo: isoDate().optional(),
    ...sortQuery,
    ...cursorPageQuery,
  })
  .superRefine(dateOrder('dateFrom', 'dateTo'));
export type AlertListParams = z.input<typeof AlertListParams>;

export const AlertRuleListParams = z.object({ type: AlertType.optional(), ...sortQuery, ...cursorPageQuery });
export type AlertRuleListParams = z.input<typeof AlertRuleListParams>;

export const AlertStatusParams = z.object({ status: z.enum(['acknowledged', 'resolved']), notes: text(1000).optional() });
export type AlertStatusParams = z.input<typeof AlertStatusParams>;

const alertList = { paging: 'cursor', defaultLimit: 50, maxLimit: 100 } as const;

export const inventoryAlertsList = endpoint({
  id: 'inventory.alerts.list',
  method: 'GET',
  path: '/inventory/alerts',
  scope: 'read:inventory',
  summary: 'List raised stock alerts, newest first',
  description: 'Lists raised alerts, newest first, cursor-paged; expiry warnings due by today are raised first.',
  example: `for await (const alert of acs.inventory.alerts.list({ status: 'active', type: 'low_stock' })) {
  console.log(alert.itemCode, alert.location.name, alert.currentStock, alert.message);
}`,
  exampleCall: { query: { status: 'active', type: 'low_stock' } },
  query: AlertListParams,
  response: InventoryAlert,
  list: {
    ...alertList,
    defaultSort: 'sequence:desc',
    filters: { raisedAt: 'datetime', currentStock: 'number' },
    sort: ['raisedAt', 'currentStock', 'itemCode'],
  },
});

export const inventoryAlertsUpdateStatus = endpoint({
  id: 'inventory.alerts.updateStatus',
  method: 'PATCH',
  path: '/inventory/alerts/{alertId}/status',
  scope: 'write:inventory',
  source: 'implied',
  summary: 'Acknowledge or resolve an alert',
  description:
    'Acknowledges an active alert, or resolves an open one (`BusinessRuleError` otherwise). Alerts also ' +
    'resolve by themselves when stock moves back past the level.',
  example: "await acs.inventory.alerts.updateStatus(alert.id, { status: 'acknowledged', notes: 'PO sent' });",
  exampleCall: { params: { alertId: { first: 'inventory.alerts.list' } }, body: { status: 'acknowledged' } },
  params: z.object({ alertId: z.string() }),
  body: AlertStatusParams,
  response: InventoryAlert,
});

export const inventoryAlertRulesCreate = endpoint({
  id: 'inventory.alerts.createRule',
  method: 'POST',
  path: '/inventory/alerts/rules',
  scope: 'write:inventory',
  status: 201,
  summary: 'Create an alert rule',
  description:
    "Creates an alert rule. `conditions.threshold` replaces the item's level (`expiry_warning`: days " +
    'ahead, default 30). Webhook deliveries are signed with `notifications.secret`, shown once here.',
  example: `const rule = await acs.inventory.alerts.createRule({
  name: 'Showroom running low', type: 'low_stock',
  conditions: { locations: [showroomId], threshold: 5 },
  notifications: { email: ['stock@example.com'], webhook: 'https://example.com/hooks/stock', frequency: 'daily' },
});
const secret = rule.notifications.secret; // keep it: verifySignature() needs it`,
  exampleCall: {
    body: {
      name: 'Every endpoint rule',
      type: 'overstock',
      notifications: { webhook: 'https://example.com/hooks/stock' },
    },
  },
  body: AlertRuleCreateParams,
  response: AlertRule,
});

export const inventoryAlertRulesList = endpoint({
  id: 'inventory.alerts.listRules',
  method: 'GET',
  path: '/inventory/alerts/rules',
  scope: 'read:inventory',
  source: 'implied',
  summary: "List the company's alert rules",
  description: "Lists the company's alert rules in creation order; filter by `type`.",
  exampleCall: { query: { type: 'low_stock' } },
  query: AlertRuleListParams,
  response: AlertRule,
  list: { ...alertList, defaultSort: 'sequence:asc', sort: ['name', 'createdAt'] },
});

export const inventoryAlertRulesUpdate = endpoint({
  id: 'inventory.alerts.updateRule',
  method: 'PATCH',
  path: '/inventory/alerts/rules/{ruleId}',
  scope: 'write:inventory',
  source: 'implied',
  summary: "Change an alert rule's name, conditions, notifications or active flag",
  description: "Changes a rule's `name`, `conditions`, `notifications` (merged field by field) or `active`; its type " + 'and secret stay.',
  exampleCall: { params: { ruleId: { first: 'inventory.alerts.listRules' } }, body: { notifications: { frequency: 'weekly' } } },
  params: z.object({ ruleId: z.string() }),
  body: AlertRuleUpdateParams,
  response: AlertRule,
});
