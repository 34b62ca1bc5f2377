import { presentAdjustment, STOCK_ADJUSTMENTS, type AdjustmentRow } from '../../domain/inventory/index.js';
import { onFieldChange, tableRule, type EventRule } from '../bus.js';

/**
 * `inventory.adjustment` (spec document 1, "Events", inventory): published when an adjustment is posted
 * (created posted, or a draft posted later), with the adjustment as the API shows it; a draft moves no
 * stock, so it publishes nothing.
 */
export const inventoryAdjustmentEventRules: EventRule[] = [
  tableRule<AdjustmentRow>({
    table: STOCK_ADJUSTMENTS,
    event: 'inventory.adjustment',
    when: onFieldChange('status', ['posted']),
    present: (change, ctx) => presentAdjustment(ctx, change.after!),
  }),
];
