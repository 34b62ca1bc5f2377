import { EINVOICE_CANCEL_REASONS, type EinvoiceStatusReport } from '../../../src/contract/index.js';
import type { z } from 'zod';
import type { EinvoiceCancelParams } from '../../../src/contract/einvoice/records.js';
import { ServiceError } from '../../kernel/errors.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import type { CompanyContext } from '../../store/context.js';
import { invalidInvoiceData } from './source.js';
import type { EinvoiceRow } from './tables.js';
import { retrieveEinvoiceRow } from './presenter.js';
import { EINVOICE_MOVES, settleEinvoice, withEntry, writeEinvoice } from './lifecycle.js';

type CancelParams = z.input<typeof EinvoiceCancelParams>;
type ReasonCode = '01' | '02' | '03' | '04' | '05';

/** MyInvois lets the supplier cancel within 72 hours of validation (LHDN's e-invoice guideline); PEPPOL has no such window. */
export const MYINVOIS_CANCEL_WINDOW_MS = 72 * 3600 * 1000;

/** The spec's reason codes: `01` duplicate_invoice ... `05` other. */
const codeOf = (reason: (typeof EINVOICE_CANCEL_REASONS)[number]): ReasonCode =>
  `0${EINVOICE_CANCEL_REASONS.indexOf(reason) + 1}` as ReasonCode;

function reasonOf(params: CancelParams) {
  const { reason, reasonCode } = params;
  if (!reason && !reasonCode) throw invalidInvoiceData([{ field: 'reasonCode', message: 'give reason or reasonCode (01 to 05)' }]);
  if (reason && reasonCode && codeOf(reason) !== reasonCode) {
    throw invalidInvoiceData([{ field: 'reasonCode', message: `reason ${reason} is code ${codeOf(reason)}, not ${reasonCode}` }]);
  }
  const code = reasonCode ?? codeOf(reason!);
  return { reason: EINVOICE_CANCEL_REASONS[Number(code) - 1]!, reasonCode: code };
}

/** `POST /v1/einvoice/{id}/cancel` (spec document 3): a submitted or accepted e-invoice, within the portal's window. */
export function cancelEinvoice(ctx: ActingContext, einvoiceId: string, params: CancelParams): EinvoiceRow {
  const row = settleEinvoice(ctx, retrieveEinvoiceRow(ctx, einvoiceId));
  EINVOICE_MOVES.assert('cancel', row.status, { einvoiceId: row.id });
  const { reason, reasonCode } = reasonOf(params);
  const closesAt = cancellableUntil(row);
  if (closesAt !== null && ctx.clock.nowMs() > closesAt) {
    const until = new Date(closesAt).toISOString();
    throw new ServiceError(
      'EINVOICE_CANCELLATION_WINDOW_CLOSED',
      `MyInvois allows cancellation until ${until}, 72 hours after acceptance`,
      [{ einvoiceId: row.id, status: row.status, acceptanceTime: row.government.acceptanceTime, cancellableUntil: until }],
    );
  }
  const now = ctx.clock.iso();
  const notes = params.notes ?? null;
  return writeEinvoice(ctx, row, {
    status: 'cancelled',
    government: { ...row.government, status: 'cancelled' },
    cancellation: { reason, reasonCode, notes, cancellationDate: params.cancellationDate ?? companyToday(ctx) },
    decision: null,
    timeline: withEntry(row, 'cancelled', now, `Cancelled by ${actorOf(ctx)}: ${reasonCode} ${reason}${notes ? ` (${notes})` : ''}`),
    updatedAt: now,
  });
}

/** When an accepted MyInvois e-invoice stops being cancellable (epoch ms); null without a window. */
export function cancellableUntil(row: EinvoiceRow): number | null {
  if (row.portal !== 'myinvois' || row.status !== 'accepted' || !row.government.acceptanceTime) return null;
  return Date.parse(row.government.acceptanceTime) + MYINVOIS_CANCEL_WINDOW_MS;
}

/** What the caller can do next in each state (spec document 3, status `nextActions`). */
export function nextActionsOf(row: EinvoiceRow, nowMs: number): string[] {
  switch (row.status) {
    case 'created':
      return ['validate'];
    case 'validated':
      return ['submit'];
    case 'submitted':
      return ['wait', 'cancel'];
    case 'accepted': {
      const until = cancellableUntil(row);
      return ['download_pdf', 'send_to_customer', ...(until === null || nowMs <= until ? ['cancel'] : [])];
    }
    case 'rejected':
      return ['fix_and_recreate'];
    default:
      return [];
  }
}

/** `GET /v1/einvoice/{id}/status`: the state, with the portal's decision applied once due. */
export function einvoiceStatusReport(ctx: CompanyContext, einvoiceId: string): EinvoiceStatusReport {
  const row = settleEinvoice(ctx, retrieveEinvoiceRow(ctx, einvoiceId));
  return {
    id: row.id,
    status: row.status,
    government: row.government,
    timeline: row.timeline,
    nextActions: nextActionsOf(row, ctx.clock.nowMs()),
  };
}
