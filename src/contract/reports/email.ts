import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { EMAIL_MAX_LENGTH, isoDateTime, secret } from '../common.js';
import { ReportRunParameters } from './schedules.js';

// `POST /v1/reports/{reportType}/email` (spec document 3, "Reports") and the download link it can send
// (implied; decisions REP-87 and REP-88).

export const ReportEmailParams = z.object({
  /** The report's parameters (`asOfDate`, ...); `format` csv, pdf (default) or excel is the file's. */
  parameters: ReportRunParameters.optional(),
  recipients: z.array(z.email().max(EMAIL_MAX_LENGTH)).min(1).max(50),
  /** Default: the report's title and period. */
  subject: z.string().trim().min(1).max(200).optional(),
  message: z.string().max(5000).optional(),
  /** Attach the file (default true). */
  includeAttachment: z.boolean().optional(),
  /** Add a link that downloads the file without credentials until it expires (default false). */
  includeLink: z.boolean().optional(),
  /** How long the link works, 1 to 30 days (default 7). */
  linkExpiryDays: z.number().int().min(1).max(30).optional(),
});
export type ReportEmailParams = z.input<typeof ReportEmailParams>;

/** The message as sent: the link's secret is in the email only, never in this answer. */
export const ReportEmailResult = z.object({
  messageId: z.string(),
  reportType: z.string(),
  recipients: z.array(z.string()),
  subject: z.string(),
  sentAt: isoDateTime(),
  attachment: z.object({ filename: z.string(), contentType: z.string() }).nullable(),
  link: z.object({ linkId: z.string(), expiresAt: isoDateTime() }).nullable(),
});
export type ReportEmailResult = z.infer<typeof ReportEmailResult>;

export const reportsEmail = endpoint({
  id: 'reports.email',
  method: 'POST',
  path: '/reports/{reportType}/email',
  scope: 'write:accounts',
  summary: 'Email a report as a file, attached and/or behind a download link that expires',
  description:
    'Emails a report as a file (pdf by default), attached and/or behind a link that works without ' + 'credentials until it expires.',
  example: "await acs.reports.email('trial-balance', { recipients: ['auditor@example.my'], includeLink: true });",
  exampleCall: {
    params: { reportType: 'trial-balance' },
    body: { parameters: { format: 'csv' }, recipients: ['cfo@every.my'], includeLink: true },
  },
  params: z.object({ reportType: z.string() }),
  body: ReportEmailParams,
  response: ReportEmailResult,
});

/** The link's secret, from the emailed URL's `token`. */
export const ReportDownloadLinkParams = z.object({ token: secret(z.string().min(1).max(128)) });
export type ReportDownloadLinkParams = z.input<typeof ReportDownloadLinkParams>;

/** A link always answers the file (its bytes, `Content-Type`, `Content-Disposition`): the SDK resolves to a `ReportFile`. */
export const ReportLinkFile = z.unknown();

export const reportsDownloadLink = endpoint({
  id: 'reports.downloadLink',
  method: 'GET',
  path: '/reports/links/{linkId}',
  source: 'implied',
  // The SDK method resolves to the emailed file, whatever the report's JSON form.
  sdkMethod: 'custom',
  auth: false,
  tags: ['reports'],
  summary: 'Download an emailed report by its link, without credentials, until the link expires (then 410 REPORT_LINK_EXPIRED)',
  description: "Downloads an emailed report by its link's id and token, without credentials, until it expires (410).",
  example: 'const file = await acs.reports.downloadLink(linkId, { token });',
  params: z.object({ linkId: z.string() }),
  query: ReportDownloadLinkParams,
  files: ['csv', 'pdf', 'excel'],
  response: ReportLinkFile,
});
