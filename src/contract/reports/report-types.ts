import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery } from '../common.js';

// `GET /v1/reports` (implied): the report types a company can run, email, schedule or run asynchronously;
// a `reportType` of `POST /v1/reports/{reportType}/email` and a schedule's `reportId` is one of them.

/** A report of the catalogue. */
export const ReportType = z.object({
  /** The report type again, as every listed record has an id. */
  id: z.string(),
  /** The path's last segment: `trial-balance`. */
  reportType: z.string(),
  /** `/v1/reports/trial-balance`. */
  path: z.string(),
  summary: z.string(),
  /** json, csv, pdf, excel. */
  formats: z.array(z.string()),
});
export type ReportType = z.infer<typeof ReportType>;

export const ReportTypeListParams = z.object({ ...cursorPageQuery });
export type ReportTypeListParams = z.input<typeof ReportTypeListParams>;

export const reportsList = endpoint({
  id: 'reports.list',
  method: 'GET',
  path: '/reports',
  scope: 'read:reports',
  source: 'implied',
  summary: 'The report types the service computes, by name',
  description: "The report types: the values of an email's `reportType` and a schedule's `reportId`.",
  example: 'for await (const type of acs.reports.list()) console.log(type.reportType);',
  exampleCall: {},
  query: ReportTypeListParams,
  response: ReportType,
  list: { paging: 'cursor', defaultLimit: 50, maxLimit: 100, defaultSort: 'reportType:asc' },
});
