import type { AlertRuleCreateParams } from '../../src/contract/index.js';
import { createAlertRule, locationsTable } from '../domain/inventory/index.js';
import type { ActingContext } from '../domain/shared/actor.js';

/** A demo rule; `locationCodes` name the company's seeded locations. */
type DemoAlertRule = Omit<AlertRuleCreateParams, 'conditions'> & { locationCodes: string[] };

/**
 * Each demo company's alert rules (INV-32), made after its stock is in: the stock records already
 * below a level show as active alerts (the showroom's chairs and desks; the bakery's pastries).
 */
export const DEMO_ALERT_RULES: readonly DemoAlertRule[][] = [
  [{ name: 'Showroom running low', type: 'low_stock', locationCodes: ['SR-PJ'], notifications: { frequency: 'daily' } }],
  [{ name: 'Kitchen stock low', type: 'low_stock', locationCodes: ['KITCHEN'], notifications: { frequency: 'daily' } }],
];

export function seedAlertRules(ctx: ActingContext, rules: readonly DemoAlertRule[]): void {
  const locations = locationsTable(ctx).all();
  for (const { locationCodes, ...rule } of rules) {
    const ids = locationCodes.map((code) => locations.find((location) => location.code === code)!.id);
    createAlertRule(ctx, { ...rule, conditions: { locations: ids } });
  }
}
