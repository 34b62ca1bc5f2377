import type { FileFormat, ReportEmailParams, ReportEmailResult } from '../../../../src/contract/index.js';
import { validationError } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import { recordOutboxMessage, type OutboxAttachment, type OutboxMessage } from '../../shared/outbox.js';
import { reportOfType } from '../core/catalogue.js';
import { reportNotFound } from '../core/errors.js';
import { reportFile } from '../core/files.js';
import { createReportLink } from './links.js';
import type { AnyReportDefinition } from '../core/registry.js';
import { runReport, type ReportRun } from '../core/run.js';
import { fileFormatOf, runParametersOf } from './run-parameters.js';

/** What an emailed report is made of: the run, its file and who it goes to. */
export interface ReportEmail {
  definition: AnyReportDefinition;
  params: Record<string, unknown>;
  format: FileFormat;
  run: ReportRun;
  to: string[];
  subject: string;
  message: string;
  attach: boolean;
  /** A download link, or null for none. */
  link: { expiryDays: number; baseUrl: string } | null;
  /** What the outbox files it under: the schedule's id, or the report type. */
  documentId: string;
}

/** The email as recorded, with the link's URL (which holds its secret: for the email's text only). */
export interface SentReportEmail {
  message: OutboxMessage;
  attachment: { filename: string; contentType: string } | null;
  link: { linkId: string; expiresAt: string; url: string } | null;
}

/**
 * Records a report's email in the outbox (nothing leaves the machine): the file attached and/or a link
 * to it. The file's bytes are written when the attachment is first read, from the figures of this run.
 */
export function sendReportEmail(ctx: CompanyContext, email: ReportEmail): SentReportEmail {
  const file = reportFile(ctx, email.definition, email.run.data, email.params, email.format, email.run.computedAt);
  const attachments: OutboxAttachment[] = email.attach
    ? [{ filename: file.filename, contentType: file.contentType, bytes: once(file.render) }]
    : [];
  const link = email.link
    ? createReportLink(ctx, {
        reportType: email.definition.type,
        params: email.params,
        format: email.format,
        data: email.run.data,
        computedAt: email.run.computedAt,
        expiryDays: email.link.expiryDays,
        baseUrl: email.link.baseUrl,
      })
    : null;
  const linkText = link ? `\n\nDownload ${file.filename} until ${link.row.expiresAt}: ${link.url}` : '';
  const message = recordOutboxMessage(ctx, {
    kind: 'report',
    documentId: email.documentId,
    to: email.to,
    cc: [],
    subject: email.subject,
    message: `${email.message}${linkText}`.trim(),
    attachPDF: email.attach && email.format === 'pdf',
    attachments,
  });
  return {
    message,
    attachment: email.attach ? { filename: file.filename, contentType: file.contentType } : null,
    link: link ? { linkId: link.row.id, expiresAt: link.row.expiresAt, url: link.url } : null,
  };
}

/** Link lifetime when `linkExpiryDays` is not given. */
export const DEFAULT_LINK_EXPIRY_DAYS = 7;

/**
 * `POST /v1/reports/{reportType}/email` (spec document 3, "Reports"): runs the report as its GET would
 * (cache and work limit included) and emails it as a file, attached (default) and/or behind a link.
 */
export function emailReport(
  ctx: CompanyContext,
  reportType: string,
  body: ReportEmailParams,
  caller: { generatedBy: string; baseUrl: string },
): ReportEmailResult {
  const definition = reportOfType(reportType);
  if (!definition) throw reportNotFound('report type', reportType);
  const attach = body.includeAttachment ?? true;
  const linked = body.includeLink ?? false;
  if (!attach && !linked) {
    throw validationError([
      {
        field: 'includeAttachment',
        code: 'INVALID_CHOICE',
        message: 'an emailed report needs its attachment, a link (includeLink), or both',
        value: false,
      },
    ]);
  }
  const run = runParametersOf(definition, body.parameters);
  const format = fileFormatOf(run);
  const report = runReport(ctx, definition, run.params, { generatedBy: caller.generatedBy });
  const layout = definition.layout(report.data, run.params);
  const sent = sendReportEmail(ctx, {
    definition,
    params: run.params,
    format,
    run: report,
    to: [...new Set(body.recipients)],
    subject: body.subject ?? `${layout.title}: ${layout.period}`,
    message: body.message ?? '',
    attach,
    link: linked ? { expiryDays: body.linkExpiryDays ?? DEFAULT_LINK_EXPIRY_DAYS, baseUrl: caller.baseUrl } : null,
    documentId: definition.type,
  });
  return {
    messageId: sent.message.id,
    reportType: definition.type,
    recipients: sent.message.to,
    subject: sent.message.subject,
    sentAt: sent.message.sentAt,
    attachment: sent.attachment,
    link: sent.link && { linkId: sent.link.linkId, expiresAt: sent.link.expiresAt },
  };
}

/** `fn` run on the first call only; later calls get the same promise. */
function once<T>(fn: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= fn());
}
