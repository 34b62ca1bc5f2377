import type { EinvoiceIssue, EinvoiceStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { GLOBAL, type Store } from '../../store/index.js';
import { ServiceError } from '../../kernel/errors.js';
import { stateMachine } from '../shared/transitions.js';
import type { CompanyRow } from '../platform/index.js';
import { recordInvoiceEinvoice } from '../sales/index.js';
import { qrDataUri, validationLink } from './qr.js';
import { einvoicesTable, type EinvoiceRow } from './tables.js';
import { newLongId, newValidationId, PORTAL_BASES } from './portal.js';

// The e-invoice's states (spec document 3, "States and transitions: E-invoice"): created -> validated ->
// submitted -> accepted | rejected; submitted | accepted -> cancelled.

export const EINVOICE_MOVES = stateMachine<EinvoiceStatus, 'validate' | 'submit' | 'cancel'>({
  validate: { from: ['created'], rule: 'a {status} e-invoice has been validated already' },
  submit: { from: ['validated'], rule: 'only a validated e-invoice can be submitted; this one is {status}' },
  cancel: { from: ['submitted', 'accepted'], rule: 'only a submitted or accepted e-invoice can be cancelled; this one is {status}' },
});

type Timeline = EinvoiceRow['timeline'];
export const withEntry = (row: EinvoiceRow, status: EinvoiceStatus, timestamp: string, notes: string | null): Timeline => [
  ...row.timeline,
  { status, timestamp, notes },
];

/** Writes the changes and makes the source sales invoice's `einvoice` follow (SALES-66). */
export function writeEinvoice(ctx: CompanyContext, row: EinvoiceRow, changes: Partial<EinvoiceRow>): EinvoiceRow {
  const next = einvoicesTable(ctx).update(row.id, changes);
  if (next.documentType === 'invoice') {
    recordInvoiceEinvoice(ctx, next.invoiceId, {
      status: next.status,
      submittedAt: next.government.submittedAt,
      acceptedAt: next.government.acceptanceTime,
      uuid: next.uuid,
      validationHash: next.validationHash,
    });
  }
  return next;
}

/** The portal's answer to a rejected submission (spec document 3, "Errors": `governmentResponse`). */
export function governmentResponseOf(row: EinvoiceRow, errors: EinvoiceIssue[], validationId: string, timestamp: string) {
  const first = errors[0];
  return {
    portal: row.portal,
    errorCode: first?.code ?? 'REJECTED',
    errorMessage: first?.message ?? 'The portal rejected the document',
    validationId,
    timestamp,
  };
}

/**
 * The portal's decision, once the mock clock has passed its moment: written the first time anyone
 * observes it (a read, a write, a clock jump), so its event is published once.
 */
export function settleEinvoice(ctx: CompanyContext, row: EinvoiceRow): EinvoiceRow {
  const decision = row.decision;
  if (row.status !== 'submitted' || !decision || ctx.clock.nowMs() < decision.at) return row;
  const at = new Date(decision.at).toISOString();
  return ctx.store.transaction(() => {
    if (decision.accept) {
      const longId = newLongId(ctx.store);
      return writeEinvoice(ctx, row, {
        status: 'accepted',
        qrCode: qrDataUri(validationLink(PORTAL_BASES[row.portal], row.uuid, longId)),
        government: { ...row.government, longId, validationTime: at, acceptanceTime: at, status: 'valid' },
        timeline: withEntry(row, 'accepted', at, `Accepted by ${row.portal}`),
        updatedAt: at,
      });
    }
    const response = governmentResponseOf(row, decision.errors, newValidationId(ctx.store), at);
    return writeEinvoice(ctx, row, {
      status: 'rejected',
      government: { ...row.government, validationTime: at, status: 'invalid' },
      validation: { ...row.validation, isValid: false, errors: decision.errors },
      timeline: withEntry(
        row,
        'rejected',
        at,
        `Rejected by ${row.portal}: ${response.errorCode} ${response.errorMessage} (validation ${response.validationId})`,
      ),
      updatedAt: at,
    });
  });
}

/** Every submitted e-invoice of the company brought up to date with the clock. */
export function settleEinvoices(ctx: CompanyContext): void {
  for (const row of einvoicesTable(ctx).byIndex('status', 'submitted')) settleEinvoice(ctx, row);
}

/** Every company's decisions that fell due, then the timer for the next one. */
function settleAllCompanies(store: Store): void {
  if (!store.hasTable('companies')) return;
  let soonest = Infinity;
  for (const company of store.table<CompanyRow>(GLOBAL, 'companies').all()) {
    const ctx: CompanyContext = { store, clock: store.clock, companyId: company.id };
    settleEinvoices(ctx);
    for (const row of einvoicesTable(ctx).byIndex('status', 'submitted')) soonest = Math.min(soonest, row.decision?.at ?? Infinity);
  }
  armPortal(store, soonest);
}

/**
 * The portal decides on each move of the mock clock, and at its moment in real time (one timer per
 * service, as report jobs complete), so webhooks and the stream hear of it without anyone reading.
 */
export function watchEinvoicePortal(store: Store): void {
  store.clock.onJump(() => settleAllCompanies(store));
}

const timers = new WeakMap<Store, { at: number; timer: ReturnType<typeof setTimeout> }>();

/** Sets the service's one portal timer for `atMs` when that is sooner than the one set. */
export function armPortal(store: Store, atMs: number): void {
  const current = timers.get(store);
  if (current && current.at <= atMs && current.at > store.clock.nowMs()) return;
  if (current) clearTimeout(current.timer);
  timers.delete(store);
  if (!Number.isFinite(atMs)) return;
  const timer = setTimeout(
    () => {
      timers.delete(store);
      // Off any request: a fault here must not end the process.
      try {
        settleAllCompanies(store);
      } catch (error) {
        console.error('acs-mock: the simulated e-invoice portal failed to decide', error);
      }
    },
    Math.min(Math.max(atMs - store.clock.nowMs(), 0), 2 ** 31 - 1),
  );
  // A pending decision must not keep a Node process (a test run, a script) alive.
  (timer as { unref?: () => void }).unref?.();
  timers.set(store, { at: atMs, timer });
}

/** 409 EINVOICE_ALREADY_SUBMITTED with the spec's details. */
export const alreadySubmitted = (row: EinvoiceRow) =>
  new ServiceError('EINVOICE_ALREADY_SUBMITTED', `E-invoice ${row.id} was submitted and accepted already`, [
    { einvoiceId: row.id, status: row.status, submissionId: row.submissionId, submittedAt: row.government.submittedAt },
  ]);

/** 422 EINVOICE_VALIDATION_FAILED: the portal's findings as details, its answer as `governmentResponse`. */
export function validationFailed(ctx: CompanyContext, row: EinvoiceRow, findings: EinvoiceIssue[]): ServiceError {
  const governmentResponse = governmentResponseOf(row, findings, newValidationId(ctx.store), ctx.clock.iso());
  const details = findings.map(({ code, message, field, severity, xpath }) => ({
    code,
    message,
    field,
    ...(severity ? { severity } : {}),
    ...(xpath ? { xpath } : {}),
  }));
  return new ServiceError(
    'EINVOICE_VALIDATION_FAILED',
    `The ${row.portal} portal rejected the document: ${governmentResponse.errorMessage}`,
    details,
    undefined,
    undefined,
    {
      governmentResponse,
    },
  );
}
