// The date ranges of the integrations module: a sync's `dateRange` and the analytics' `from`/`to`, read one way.
import { ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { addDays, companyToday, daysBetween } from '../shared/calendar.js';

/** The longest range one sync reads (a quarter), so one request stays bounded (spec document 3, "Limits"). */
export const MAX_SYNC_DAYS = 92;

export interface PeriodRule {
  /** Days up to the company's today when the caller gives no start. */
  defaultDays: number;
  /** The longest range accepted. */
  maxDays: number;
  /** The two fields as the caller spells them, for the error. */
  names: readonly [string, string];
  /** Whether the end is cut at today: a sync reads nothing ahead of today; a history query may name any end. */
  endsByToday: boolean;
}

/** A sync's rule: the last `defaultDays` by default, at most a quarter, fields `dateRange.from`/`.to`. */
export const syncRule = (defaultDays: number): PeriodRule => ({
  defaultDays,
  maxDays: MAX_SYNC_DAYS,
  names: ['dateRange.from', 'dateRange.to'],
  endsByToday: true,
});

/**
 * The range asked for (its end cut at the company's today when the rule says so), by default the last
 * `defaultDays` to today; 400 INVALID_DATE_RANGE, naming both fields, when reversed or over `maxDays`.
 */
export function integrationPeriod(
  ctx: CompanyContext,
  range: { from?: string; to?: string } | undefined,
  rule: PeriodRule,
): { from: string; to: string } {
  const today = companyToday(ctx);
  const to = range?.to !== undefined && (range.to < today || !rule.endsByToday) ? range.to : today;
  const from = range?.from ?? addDays(to, -(rule.defaultDays - 1));
  const invalid = (message: string) =>
    new ServiceError('INVALID_DATE_RANGE', message, [
      { field: rule.names[0], message, value: from, code: 'INVALID_DATE_RANGE' },
      { field: rule.names[1], message, value: range?.to ?? to, code: 'INVALID_DATE_RANGE' },
    ]);
  if (from > to) throw invalid(`${rule.names[0]} ${from} is after ${to === range?.to ? rule.names[1] : 'today'}, ${to}`);
  const length = daysBetween(from, to) + 1;
  if (length > rule.maxDays) throw invalid(`at most ${rule.maxDays} days at once; ${from} to ${to} is ${length}`);
  return { from, to };
}

/** Every day of a period, first to last. */
export const daysOf = ({ from, to }: { from: string; to: string }): string[] =>
  Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));
