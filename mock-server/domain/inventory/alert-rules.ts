import { DEFAULT_EXPIRY_WARNING_DAYS, type AlertRule, type AlertRuleCreateParams, type AlertType } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Store, Table } from '../../store/index.js';
import { notFound, validationError } from '../../kernel/errors.js';
import { webhookSecret, type WebhookReceiverSource } from '../platform/index.js';
import { resolveItemCategory } from './item-categories.js';
import { retrieveLocation } from './locations.js';

/** Alert rules (spec document 2, `POST /inventory/alerts/rules`): which stock level raises which alert, and who is told. */
export const ALERT_RULES = 'inventoryAlertRules';

export type AlertFrequency = AlertRule['notifications']['frequency'];

export interface AlertRuleRow {
  id: string;
  /** Creation order within the company (timestamps may tie); not shown. */
  sequence: number;
  name: string;
  type: AlertType;
  conditions: { categories: string[]; locations: string[]; threshold: number | null };
  notifications: { email: string[]; webhook: string | null; frequency: AlertFrequency };
  active: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
}

export const alertRulesTable = (ctx: CompanyContext): Table<AlertRuleRow> => ctx.store.table<AlertRuleRow>(ctx.companyId, ALERT_RULES);

export const presentAlertRule = (row: AlertRuleRow, generatedSecret?: string): AlertRule => ({
  id: row.id,
  name: row.name,
  type: row.type,
  conditions: { categories: [...row.conditions.categories], locations: [...row.conditions.locations], threshold: row.conditions.threshold },
  notifications: {
    email: [...row.notifications.email],
    webhook: row.notifications.webhook,
    frequency: row.notifications.frequency,
    ...(generatedSecret === undefined ? {} : { secret: generatedSecret }),
  },
  active: row.active,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

type ConditionsInput = NonNullable<AlertRuleCreateParams['conditions']>;

/** Known categories and locations, and a threshold the type can use (days ahead for expiry: whole days). */
export function checkedConditions(
  ctx: CompanyContext,
  type: AlertType,
  input: ConditionsInput,
  before?: AlertRuleRow['conditions'],
): AlertRuleRow['conditions'] {
  const conditions = {
    categories: [...new Set(input.categories ?? before?.categories ?? [])],
    locations: [...new Set(input.locations ?? before?.locations ?? [])],
    threshold: input.threshold === undefined ? (before?.threshold ?? null) : input.threshold,
  };
  for (const [index, id] of conditions.categories.entries()) resolveItemCategory(ctx, id, `conditions.categories.${index}`);
  for (const [index, id] of conditions.locations.entries()) retrieveLocation(ctx, id, `conditions.locations.${index}`);
  const { threshold } = conditions;
  if (threshold !== null && (type === 'out_of_stock' || type === 'negative_stock')) {
    // Spec document 2, "Alert types": these two compare with zero.
    throw validationError([
      {
        field: 'conditions.threshold',
        code: 'INVALID_CHOICE',
        message: `a ${type} rule compares stock with zero and takes no threshold`,
        value: threshold,
        constraint: [null],
      },
    ]);
  }
  if (threshold !== null && type === 'expiry_warning' && !Number.isInteger(threshold)) {
    throw validationError([
      {
        field: 'conditions.threshold',
        code: 'INVALID_FORMAT',
        message: 'an expiry_warning threshold is a whole number of days',
        value: threshold,
      },
    ]);
  }
  return conditions;
}

export function retrieveAlertRule(ctx: CompanyContext, ruleId: string): AlertRuleRow {
  const row = alertRulesTable(ctx).get(ruleId);
  if (!row) throw notFound('alert rule', ruleId, 'ALERT_RULE_NOT_FOUND', 'ruleId');
  return row;
}

/** The level a rule compares stock with: its own threshold, else the item's (expiry: days ahead). */
export const expiryWarningDays = (rule: Pick<AlertRuleRow, 'conditions'>): number =>
  rule.conditions.threshold ?? DEFAULT_EXPIRY_WARNING_DAYS;

/**
 * A rule's webhook URL as a receiver of the signed deliveries (spec document 1, "Webhooks"): the
 * events of the alerts it raised, signed with the rule's secret; read again at each attempt.
 */
export const alertRuleReceivers: WebhookReceiverSource = {
  receiversOf(store, companyId, event, data) {
    const ruleId = event.startsWith('inventory.') ? (data as { ruleId?: unknown } | null)?.ruleId : undefined;
    if (typeof ruleId !== 'string') return [];
    const rule = store.table<AlertRuleRow>(companyId, ALERT_RULES).get(ruleId);
    return rule?.notifications.webhook ? [rule.id] : [];
  },
  find(store: Store, companyId, id) {
    const rule = store.table<AlertRuleRow>(companyId, ALERT_RULES).get(id);
    const url = rule?.notifications.webhook;
    return rule && url ? { url, active: rule.active, secret: webhookSecret(store, companyId, id) } : undefined;
  },
};
