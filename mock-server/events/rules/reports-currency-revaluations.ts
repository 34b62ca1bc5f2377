import { CURRENCY_REVALUATIONS, presentCurrencyRevaluation, type CurrencyRevaluationRow } from '../../domain/reports/index.js';
import { onInsert, tableRule, type EventRule } from '../bus.js';

/** `currency_revaluation.created` when a run posts (implied, ACC-37), with the run as the API shows it. */
export const reportCurrencyRevaluationEventRules: EventRule[] = [
  tableRule<CurrencyRevaluationRow>({
    table: CURRENCY_REVALUATIONS,
    event: 'currency_revaluation.created',
    when: onInsert,
    present: (change) => presentCurrencyRevaluation(change.after!),
  }),
];
