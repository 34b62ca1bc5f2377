import {
  BILL_ATTACHMENT_MAX_BYTES,
  BILL_ATTACHMENT_TYPES,
  type BillAttachment,
  type BillAttachmentCreate,
} from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { validationError, type ValidationIssue } from '../../kernel/errors.js';
import { billAttachmentsTable } from './bill-tables.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes a base64 text decodes to, or null when it is not base64 (RFC 4648 §4, padded). */
function decodedSize(content: string): number | null {
  const text = content.replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

/** Each file's problems: an unaccepted type, content that is not base64, or a file over the limit (PUR-42). */
function attachmentIssues(files: readonly BillAttachmentCreate[]): ValidationIssue[] {
  const accepted: readonly string[] = BILL_ATTACHMENT_TYPES;
  return files.flatMap((file, index): ValidationIssue[] => {
    const at = (name: string) => `attachments.${index}.${name}`;
    const issues: ValidationIssue[] = [];
    const mimeType = file.mimeType.trim().toLowerCase();
    if (!accepted.includes(mimeType)) {
      issues.push({
        field: at('mimeType'),
        code: 'INVALID_CHOICE',
        message: `a bill takes ${accepted.join(', ')} files`,
        value: file.mimeType.slice(0, 100),
        constraint: [...accepted],
      });
    }
    const size = decodedSize(file.content);
    if (size === null) issues.push({ field: at('content'), code: 'INVALID_FORMAT', message: 'content is the file in base64' });
    else if (size > BILL_ATTACHMENT_MAX_BYTES) {
      issues.push({
        field: at('content'),
        code: 'MAX_VALUE',
        message: `the file is ${size} bytes; an attachment is at most ${BILL_ATTACHMENT_MAX_BYTES}`,
        constraint: { max: BILL_ATTACHMENT_MAX_BYTES },
      });
    } else if (size === 0) issues.push({ field: at('content'), code: 'MIN_VALUE', message: 'the file is empty' });
    return issues;
  });
}

/** Checks and stores a bill's new files (all or none: any problem of any file is one 422 VALIDATION_ERROR). */
export function attachBillFiles(ctx: CompanyContext, billId: string, files: readonly BillAttachmentCreate[] | undefined): void {
  if (!files || files.length === 0) return;
  const issues = attachmentIssues(files);
  if (issues.length > 0) throw validationError(issues);
  const table = billAttachmentsTable(ctx);
  const uploadedAt = ctx.clock.iso();
  for (const file of files) {
    const content = file.content.replace(/\s+/g, '');
    table.insert({
      id: table.newId(),
      billId,
      filename: file.filename.trim(),
      mimeType: file.mimeType.trim().toLowerCase(),
      size: decodedSize(content)!,
      content,
      uploadedAt,
    });
  }
}

/** A bill's files as the API shows them; `url` is a `data:` URL of the exact bytes with their type (decision PUR-42). */
export function presentBillAttachments(ctx: CompanyContext, billId: string): BillAttachment[] {
  return billAttachmentsTable(ctx)
    .byIndex('billId', billId)
    .map((row) => ({
      id: row.id,
      filename: row.filename,
      mimeType: row.mimeType,
      size: row.size,
      url: `data:${row.mimeType};base64,${row.content}`,
      uploadedAt: row.uploadedAt,
    }));
}
