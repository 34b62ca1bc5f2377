import type { EinvoiceCreateParams, EinvoiceSubmission } from '../../../src/contract/index.js';
import type { z } from 'zod';
import type { EinvoiceSubmitParams } from '../../../src/contract/einvoice/records.js';
import type { ActingContext } from '../shared/actor.js';
import { createEinvoiceRecord, withBuyerOverrides } from './create.js';
import { invalidInvoiceData, loadEinvoiceSource } from './source.js';
import type { EinvoiceRow } from './tables.js';
import { retrieveEinvoiceRow } from './presenter.js';
import { newSubmissionId, portalDelayMs, portalFindings } from './portal.js';
import { alreadySubmitted, armPortal, EINVOICE_MOVES, settleEinvoice, validationFailed, withEntry, writeEinvoice } from './lifecycle.js';
import { localValidation } from './validation.js';

type SubmitParams = z.input<typeof EinvoiceSubmitParams>;

/** Default of `options.timeout` (seconds): the spec's example. */
const DEFAULT_WAIT_SECONDS = 60;

/**
 * `POST /v1/einvoice/create` (spec document 3, state table): created, then validated; submitted too
 * with `autoSubmit` (top level or in `options`) unless `validateOnly`.
 */
export function createEinvoice(ctx: ActingContext, params: EinvoiceCreateParams): EinvoiceRow {
  const created = createEinvoiceRecord(ctx, params);
  const source = withBuyerOverrides(loadEinvoiceSource(ctx, params.invoiceId), params.buyer);
  const { warnings } = localValidation(source, params.format);
  const now = ctx.clock.iso();
  EINVOICE_MOVES.assert('validate', created.status);
  let row = writeEinvoice(ctx, created, {
    status: 'validated',
    validation: { isValid: true, validatedAt: now, errors: [], warnings },
    timeline: withEntry(created, 'validated', now, `Passed validation against ${created.compliance.profile}`),
    updatedAt: now,
  });
  const autoSubmit = params.autoSubmit ?? params.options?.autoSubmit ?? false;
  const validateOnly = params.validateOnly ?? params.options?.validateOnly ?? false;
  if (autoSubmit && !validateOnly) row = submitRow(ctx, row, {});
  return row;
}

/** `POST /v1/einvoice/submit`: a validated e-invoice to its portal. */
export function submitEinvoice(ctx: ActingContext, params: SubmitParams): EinvoiceRow {
  const row = settleEinvoice(ctx, retrieveEinvoiceRow(ctx, params.einvoiceId));
  if (params.portal && params.portal !== row.portal) {
    throw invalidInvoiceData([{ field: 'portal', message: `a ${row.format} e-invoice goes to ${row.portal}, not ${params.portal}` }]);
  }
  return submitRow(ctx, row, params);
}

function submitRow(ctx: ActingContext, row: EinvoiceRow, params: Pick<SubmitParams, 'submissionType' | 'options'>): EinvoiceRow {
  if (row.status === 'accepted') throw alreadySubmitted(row);
  EINVOICE_MOVES.assert('submit', row.status, { einvoiceId: row.id });
  const options = params.options ?? {};
  const delay = portalDelayMs(ctx.store);
  const findings = portalFindings(row);
  // The caller waits when the portal answers within its timeout: the decision is then immediate.
  const waits = options.waitForResponse === true && delay <= (options.timeout ?? DEFAULT_WAIT_SECONDS) * 1000;
  // A 422 changes nothing: the e-invoice stays validated (decision EINV-23).
  if (waits && findings.length) throw validationFailed(ctx, row, findings);
  const nowMs = ctx.clock.nowMs();
  const now = ctx.clock.iso();
  const submissionId = newSubmissionId(ctx.store);
  const submitted = writeEinvoice(ctx, row, {
    status: 'submitted',
    submissionId,
    submissionType: params.submissionType ?? row.submissionType,
    government: { ...row.government, submissionId, submittedAt: now },
    decision: { at: waits ? nowMs : nowMs + delay, accept: findings.length === 0, errors: findings },
    notify: options.notifyOnCompletion === true,
    timeline: withEntry(row, 'submitted', now, `Submitted to ${row.portal} as ${submissionId}`),
    updatedAt: now,
  });
  if (!waits) armPortal(ctx.store, submitted.decision!.at);
  return settleEinvoice(ctx, submitted);
}

/** The submit answer (spec document 3, "Submit request"): ids, status and where to poll. */
export function presentSubmission(row: EinvoiceRow, nowMs: number): EinvoiceSubmission {
  const { portal, submissionId, longId, submittedAt } = row.government;
  const left = row.decision && row.status === 'submitted' ? Math.max(0, row.decision.at - nowMs) : 0;
  return {
    submissionId: row.submissionId ?? '',
    status: row.status,
    government: { portal, submissionId, longId, submittedAt },
    tracking: {
      estimatedProcessingTime: `${Math.ceil(left / 1000)} seconds`,
      statusCheckUrl: `/v1/einvoice/${row.id}/status`,
    },
  };
}
