import { notFound, ServiceError } from '../../../kernel/errors.js';
import { boundText } from '../../../kernel/echo.js';

// The report error codes of spec document 3 ("Errors"; statuses not shown: ours, decision REP-2).

/** 400: the dates are in the wrong order, or the range is longer than reports cover. */
export const invalidDateRange = (message: string, fields: Record<string, unknown>) =>
  new ServiceError(
    'INVALID_DATE_RANGE',
    message,
    Object.entries(fields).map(([field, value]) => ({ field, message, value })),
  );

/** 400: a parameter the report cannot use (a currency other than the company's, a budget of another year). */
export const invalidParameters = (field: string, message: string, value?: unknown) =>
  new ServiceError('INVALID_PARAMETERS', message, [
    { field, message, ...(value === undefined ? {} : { value: typeof value === 'string' ? boundText(value) : value }) },
  ]);

/** 400: `format` is none of json, csv, pdf, excel. */
export const formatNotSupported = (format: string) =>
  new ServiceError('FORMAT_NOT_SUPPORTED', `format ${boundText(format)} is not supported; use json, csv, pdf or excel`, [
    {
      field: 'format',
      message: 'supported formats: json, csv, pdf, excel',
      value: boundText(format),
      allowed: ['json', 'csv', 'pdf', 'excel'],
    },
  ]);

/** 404: no saved report (or schedule, job) with this id in the company. */
export const reportNotFound = (what: string, id: string) => notFound(what, id, 'REPORT_NOT_FOUND');

/** 422: the books hold nothing the report could be computed from (a budget-vs-actual without a budget). */
export const insufficientData = (message: string, facts: Record<string, unknown> = {}) =>
  new ServiceError('INSUFFICIENT_DATA', message, [{ message, ...facts }]);

/** 422: the report would read more than a synchronous request may; the caller should narrow it or run it asynchronously. */
export const generationTimeout = (reportType: string, work: number, limit: number) =>
  new ServiceError(
    'REPORT_GENERATION_TIMEOUT',
    `The ${reportType} report needs more work than a synchronous request allows (${work} > ${limit} units); use a smaller range, or run it asynchronously`,
    [
      {
        reportType,
        work,
        limit,
        suggestion: reportType === 'balance-sheet' ? 'POST /v1/reports/balance-sheet/async' : 'a smaller date range',
      },
    ],
  );
