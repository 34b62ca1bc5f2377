import type { AlertRule, AlertRuleCreateParams, AlertRuleUpdateParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { keepWebhookSecret } from '../platform/index.js';
import { ALERT_RULES, alertRulesTable, checkedConditions, presentAlertRule, retrieveAlertRule, type AlertRuleRow } from './alert-rules.js';
import { raiseForStockOnHand } from './alert-triggers.js';

/**
 * Creates a rule; its webhook's signing secret is kept apart and shown once when the service made it.
 * Stock records already past its level get their alert at once, as if they had just crossed it.
 */
export function createAlertRule(ctx: ActingContext, input: AlertRuleCreateParams): AlertRule {
  return ctx.store.transaction(() => {
    const table = alertRulesTable(ctx);
    const now = ctx.clock.iso();
    const row = table.insert({
      id: table.newId(),
      sequence: ctx.store.nextNumber(ctx.companyId, ALERT_RULES),
      name: input.name,
      type: input.type,
      conditions: checkedConditions(ctx, input.type, input.conditions ?? {}),
      notifications: {
        email: [...new Set(input.notifications?.email ?? [])],
        webhook: input.notifications?.webhook ?? null,
        frequency: input.notifications?.frequency ?? 'immediate',
      },
      active: input.active ?? true,
      createdBy: actorOf(ctx),
      createdAt: now,
      updatedAt: now,
    });
    const { generated } = keepWebhookSecret(ctx, row.id, input.notifications?.secret);
    raiseForStockOnHand(ctx, row);
    return presentAlertRule(row, generated);
  });
}

export function updateAlertRule(ctx: CompanyContext, ruleId: string, patch: AlertRuleUpdateParams): AlertRuleRow {
  return ctx.store.transaction(() => {
    const row = retrieveAlertRule(ctx, ruleId);
    const sent = patch.notifications ?? {};
    const changed = alertRulesTable(ctx).update(row.id, {
      name: patch.name ?? row.name,
      conditions: patch.conditions ? checkedConditions(ctx, row.type, patch.conditions, row.conditions) : row.conditions,
      notifications: {
        email: sent.email ? [...new Set(sent.email)] : row.notifications.email,
        webhook: sent.webhook === undefined ? row.notifications.webhook : sent.webhook,
        frequency: sent.frequency ?? row.notifications.frequency,
      },
      active: patch.active ?? row.active,
      updatedAt: ctx.clock.iso(),
    });
    raiseForStockOnHand(ctx, changed);
    return changed;
  });
}
