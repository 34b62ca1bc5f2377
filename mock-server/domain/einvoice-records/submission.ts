import type { ToIrbHeader } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { newUuid } from '../shared/uuid.js';
import { submissionHistory, submissionQueue, toIrbHdrs, type SubmissionQueueRow, type ToIrbHdrRow } from './tables.js';

/** Mock-clock delays of the simulated portal: queued -> Submitted, then Submitted -> Valid or Invalid. */
export const SUBMIT_DELAY_MS = 60_000;
export const VALIDATE_DELAY_MS = 60_000;

/** LHDN TIN shape: one or two letters then 9 to 12 digits (C20987654321, IG10293847010, EI00000000010). */
const TIN = /^[A-Z]{1,2}\d{9,12}$/;

/** A new entry in the to_irb submission queue for a Pending header; each one is an attempt. */
export function queueSubmission(ctx: CompanyContext, header: ToIrbHdrRow, atMs = ctx.store.clock.nowMs()): SubmissionQueueRow {
  const attempt = submissionQueue(ctx).countByIndex('toIrbHdrGuid', header.guid) + 1;
  return submissionQueue(ctx).insert({
    id: newUuid(ctx.store),
    toIrbHdrGuid: header.guid,
    attempt,
    status: 'QUEUED',
    queuedAtMs: atMs,
    submittedAtMs: null,
    request_response: null,
    request_error: null,
  });
}

/** The portal's findings on a header: malformed or missing TINs (the portal's own rule). */
export function portalFindings(header: ToIrbHeader): NonNullable<ToIrbHeader['validation_response']> {
  const findings: NonNullable<ToIrbHeader['validation_response']> = [];
  for (const side of ['supplier', 'buyer'] as const) {
    const tin = header[`hdr_${side}_tin`];
    if (!tin || !TIN.test(tin)) {
      findings.push({ code: 'CF401', field: `hdr_${side}_tin`, message: `The ${side}'s TIN ${tin ?? '(none)'} is not a valid LHDN TIN` });
    }
  }
  return findings;
}

const hexId = (ctx: CompanyContext, length: number) => newUuid(ctx.store).replace(/-/g, '').toUpperCase().slice(0, length);

// Each step is stamped when it fell due, not when a request noticed it, so a jump of the clock gives the same record.
function submit(ctx: CompanyContext, entry: SubmissionQueueRow, header: ToIrbHdrRow): void {
  const dueMs = entry.queuedAtMs + SUBMIT_DELAY_MS;
  const at = new Date(dueMs).toISOString();
  const request = {
    documentFormat: 'JSON',
    codeNumber: header.hdr_einvoice_code_no,
    type: header.hdr_einvoice_type,
    attempt: entry.attempt,
  };
  submissionHistory(ctx).insert({
    id: newUuid(ctx.store),
    toIrbHdrGuid: header.guid,
    attempt: entry.attempt,
    request,
    response: null,
    submittedAt: at,
  });
  submissionQueue(ctx).update(entry.id, { status: 'SUBMITTED', submittedAtMs: dueMs });
  toIrbHdrs(ctx).update(header.id, { hdr_submission_status: 'Submitted', hdr_actual_submission_date: at, updated_date: at });
}

function decide(ctx: CompanyContext, entry: SubmissionQueueRow, header: ToIrbHdrRow): void {
  const at = new Date(entry.submittedAtMs! + VALIDATE_DELAY_MS).toISOString();
  const findings = portalFindings(header);
  const valid = findings.length === 0;
  const uuid = hexId(ctx, 26);
  const response = valid ? { status: 'Valid', uuid, longId: hexId(ctx, 32) } : { status: 'Invalid', errors: findings };
  const [history] = submissionHistory(ctx)
    .byIndex('toIrbHdrGuid', header.guid)
    .filter((row) => row.attempt === entry.attempt);
  if (history) submissionHistory(ctx).update(history.id, { response });
  submissionQueue(ctx).update(entry.id, {
    status: 'DONE',
    request_response: response,
    request_error: valid ? null : findings.map((f) => f.message).join('; '),
  });
  toIrbHdrs(ctx).update(header.id, {
    hdr_submission_status: valid ? 'Valid' : 'Invalid',
    hdr_irb_doc_unique_ref_no: valid ? uuid : null,
    hdr_long_id: valid ? (response as { longId: string }).longId : null,
    hdr_validation_datetime: at,
    validation_response: valid ? null : findings,
    updated_date: at,
  });
}

/** The to-irb processor's submissions, on the mock clock: queued entries are sent, sent ones are decided. */
export function advanceSubmissions(ctx: CompanyContext): void {
  const now = ctx.store.clock.nowMs();
  const queue = submissionQueue(ctx);
  for (const entry of queue.byIndex('status', 'QUEUED')) {
    const header = toIrbHdrs(ctx).get(entry.toIrbHdrGuid);
    if (header && now >= entry.queuedAtMs + SUBMIT_DELAY_MS) submit(ctx, entry, header);
  }
  for (const entry of queue.byIndex('status', 'SUBMITTED')) {
    const header = toIrbHdrs(ctx).get(entry.toIrbHdrGuid);
    // The entry as submit() left it: read again, the index list holds the rows as they were.
    const current = queue.get(entry.id)!;
    if (header && current.submittedAtMs !== null && now >= current.submittedAtMs + VALIDATE_DELAY_MS)
      decide(ctx, current, toIrbHdrs(ctx).get(header.id)!);
  }
}
