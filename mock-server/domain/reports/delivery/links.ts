import type { FileFormat } from '../../../../src/contract/index.js';
import { ServiceError } from '../../../kernel/errors.js';
import type { CompanyContext } from '../../../store/context.js';
import { GLOBAL, type Store } from '../../../store/index.js';
import { randomSecret, secretHash } from '../../../kernel/digest.js';
import { reportOfType } from '../core/catalogue.js';
import { reportNotFound } from '../core/errors.js';
import { reportFile, type ReportFileOut } from '../core/files.js';

/**
 * A download link of an emailed report (spec document 3: `includeLink`, `linkExpiryDays`): the figures
 * as they were when the email was sent, served without credentials to whoever holds the token until the
 * link expires by the clock. Only the token's hash is kept; the token is in the email alone.
 */
export interface ReportLinkRow {
  id: string;
  companyId: string;
  tokenHash: string;
  reportType: string;
  params: Record<string, unknown>;
  format: FileFormat;
  data: unknown;
  computedAt: string;
  expiresAt: string;
  createdAt: string;
}

export const REPORT_LINKS = 'reportLinks';

const DAY_MS = 86_400_000;

/** Of the whole service, not a company: the link's path names no company (its row does). */
const linksTable = (store: Store) => store.table<ReportLinkRow>(GLOBAL, REPORT_LINKS);

export interface NewReportLink {
  reportType: string;
  params: Record<string, unknown>;
  format: FileFormat;
  data: unknown;
  computedAt: string;
  expiryDays: number;
  /** The business API's base URL the link is written under. */
  baseUrl: string;
}

/** Records a link and answers its row and its URL, `<base>/reports/links/{linkId}?token=...` (the one place the token appears). */
export function createReportLink(ctx: CompanyContext, link: NewReportLink): { row: ReportLinkRow; url: string } {
  const table = linksTable(ctx.store);
  const token = randomSecret(32);
  const { expiryDays, baseUrl, ...report } = link;
  const row = table.insert({
    id: table.newId(),
    companyId: ctx.companyId,
    tokenHash: secretHash(token),
    ...report,
    expiresAt: new Date(ctx.clock.nowMs() + expiryDays * DAY_MS).toISOString(),
    createdAt: ctx.clock.iso(),
  });
  // In a query parameter named `token`: loggers redact it there (the SDK's redactUrl), and the mock's request log drops queries.
  return { row, url: `${baseUrl}/reports/links/${row.id}?token=${token}` };
}

/**
 * The file behind a link. An unknown link and a wrong token answer alike, 404 REPORT_NOT_FOUND, so
 * that the id alone tells nothing; the right token after the expiry, 410 REPORT_LINK_EXPIRED.
 */
export function openReportLink(store: Store, linkId: string, token: string): ReportFileOut {
  const row = linksTable(store).get(linkId);
  if (!row || row.tokenHash !== secretHash(token)) throw reportNotFound('report link', linkId);
  const definition = reportOfType(row.reportType);
  if (!definition) throw reportNotFound('report link', linkId);
  if (store.clock.nowMs() >= Date.parse(row.expiresAt)) {
    throw new ServiceError('REPORT_LINK_EXPIRED', `This report link expired at ${row.expiresAt}; ask for the report to be sent again`, [
      { field: 'linkId', expiresAt: row.expiresAt },
    ]);
  }
  const ctx: CompanyContext = { store, clock: store.clock, companyId: row.companyId };
  return reportFile(ctx, definition, row.data, row.params, row.format, row.computedAt);
}
