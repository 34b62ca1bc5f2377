import type { TaxReturnCreateParams, TaxReturnPreviewParams } from '../../../../src/contract/index.js';
import { validationError } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import { taxFiledThrough } from '../../accounting/index.js';
import { taxPeriodMonthsOf } from '../../platform/index.js';
import { checkDateOrder } from '../../sales/index.js';
import { addDays, addMonths, companyToday } from '../../shared/calendar.js';
import { fiscalYearStartOf } from '../core/period.js';

// Taxable periods (decision ACC-40): each return covers the company's `taxPeriodMonths` (two, SST's, by
// default) and starts the day after the last filed one.

export interface TaxPeriod {
  periodFrom: string;
  periodTo: string;
}

/** The last day of the period of the company's length that starts on `periodFrom`. */
const periodEnd = (ctx: CompanyContext, periodFrom: string): string => addDays(addMonths(periodFrom, taxPeriodMonthsOf(ctx)), -1);

/**
 * The period a return would cover by default: the one after the last filed return; before the first, the
 * last whole period ended by today, periods counted from the start of the fiscal year that holds today.
 */
export function nextTaxPeriod(ctx: CompanyContext): TaxPeriod {
  const filedThrough = taxFiledThrough(ctx);
  if (filedThrough !== null) {
    const periodFrom = addDays(filedThrough, 1);
    return { periodFrom, periodTo: periodEnd(ctx, periodFrom) };
  }
  const today = companyToday(ctx);
  const months = taxPeriodMonthsOf(ctx);
  let current = fiscalYearStartOf(ctx, today);
  while (addMonths(current, months) <= today) current = addMonths(current, months);
  const periodFrom = addMonths(current, -months);
  return { periodFrom, periodTo: addDays(current, -1) };
}

/** The period of `GET /tax-returns/preview`: as asked; `periodFrom` alone, the company's length from it; neither, the next to file. */
export function previewPeriod(ctx: CompanyContext, query: TaxReturnPreviewParams): TaxPeriod {
  const { periodFrom, periodTo } = query;
  if (periodFrom === undefined) {
    if (periodTo !== undefined) {
      throw validationError([{ field: 'periodFrom', code: 'REQUIRED_FIELD', message: 'periodTo needs periodFrom', value: periodFrom }]);
    }
    return nextTaxPeriod(ctx);
  }
  const period = { periodFrom, periodTo: periodTo ?? periodEnd(ctx, periodFrom) };
  checkDateOrder('periodTo', period.periodTo, period.periodFrom, 'periodFrom');
  return period;
}

/**
 * A period that may be filed (ACC-35, ACC-40): it starts the day after the last filed one (the first may
 * start anywhere) and is exactly the company's `taxPeriodMonths` long; 422 DATE_CONSTRAINT otherwise.
 */
export function checkFilingPeriod(ctx: CompanyContext, period: TaxReturnCreateParams): void {
  const filedThrough = taxFiledThrough(ctx);
  if (filedThrough !== null && period.periodFrom !== addDays(filedThrough, 1)) {
    const next = addDays(filedThrough, 1);
    throw validationError([
      {
        field: 'periodFrom',
        code: 'DATE_CONSTRAINT',
        message: `tax is filed to ${filedThrough}: the next return starts on ${next}`,
        value: period.periodFrom,
        constraint: { equals: next },
      },
    ]);
  }
  const end = periodEnd(ctx, period.periodFrom);
  if (period.periodTo !== end) {
    const months = taxPeriodMonthsOf(ctx);
    throw validationError([
      {
        field: 'periodTo',
        code: 'DATE_CONSTRAINT',
        message: `a tax return covers ${months} month${months === 1 ? '' : 's'} (the company's taxPeriodMonths): from ${period.periodFrom} it ends on ${end}`,
        value: period.periodTo,
        constraint: { equals: end },
      },
    ]);
  }
}
