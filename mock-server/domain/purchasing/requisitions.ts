import type { Requisition, RequisitionCreateParams, RequisitionStatus, RequisitionUpdateParams } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { actorOf, type ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { nextDocumentNumber } from '../shared/numbering.js';
import { stateMachine } from '../shared/transitions.js';
import { companyCurrency } from '../platform/index.js';
import { notFound, validationError } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { requisitionLines } from './requisition-lines.js';
import { REQUISITION_NUMBER, requisitionsTable, type RequisitionLineRow, type RequisitionRow } from './requisition-rfq-tables.js';

const ALREADY_APPROVED = { approved: 'REQUISITION_ALREADY_APPROVED', converted: 'REQUISITION_ALREADY_APPROVED' } as const;

/**
 * The requisition's moves (spec document 2 names approve, reject and convert-to-po; the table is ours,
 * decision PUR-46): a requisition waits for approval when raised; it is approved or rejected
 * once (REQUISITION_ALREADY_APPROVED, 422, when already approved); changing a rejected one resubmits it;
 * an approved one is converted to purchase orders, or sourced through an RFQ, once.
 */
export const REQUISITION_MOVES = stateMachine<RequisitionStatus, 'update' | 'approve' | 'reject' | 'convert' | 'source'>({
  update: {
    from: ['pending_approval', 'rejected'],
    rule: 'only a requisition waiting for approval or rejected can be changed; this one is {status}',
  },
  approve: {
    from: ['pending_approval'],
    rule: 'only a requisition waiting for approval can be approved; this one is {status}',
    codes: ALREADY_APPROVED,
    refusals: {
      approved: 'the requisition is already approved',
      converted: 'the requisition is already approved and converted to purchase orders',
    },
  },
  reject: {
    from: ['pending_approval'],
    rule: 'only a requisition waiting for approval can be rejected; this one is {status}',
    codes: ALREADY_APPROVED,
    refusals: {
      approved: 'the requisition is already approved',
      converted: 'the requisition is already approved and converted to purchase orders',
    },
  },
  convert: {
    from: ['approved'],
    rule: 'only an approved requisition can be converted to purchase orders; this one is {status}',
    refusals: { converted: 'the requisition was already converted to purchase orders' },
  },
  source: { from: ['approved'], rule: 'a request for quotation sources an approved requisition; this one is {status}' },
});

export function retrieveRequisition(ctx: CompanyContext, requisitionId: string, field = 'requisitionId'): RequisitionRow {
  const requisition = requisitionsTable(ctx).get(requisitionId);
  if (!requisition) throw notFound('purchase_requisition', requisitionId, 'REQUISITION_NOT_FOUND', field);
  return requisition;
}

export const assertRequisitionMove = (requisition: RequisitionRow, move: keyof typeof REQUISITION_MOVES.moves): void =>
  REQUISITION_MOVES.assert(move, requisition.status, { requisitionId: requisition.id, requisitionNumber: requisition.requisitionNumber });

const estimatedTotal = (lines: readonly RequisitionLineRow[]): number => money.toNumber(money.sum(lines.map((l) => l.estimatedTotal)));

const trimmed = (value: string | null | undefined): string | null | undefined => (value === undefined ? undefined : value?.trim() || null);

/** `requiredDate` on or after `requestDate` once an update merged them (the body's refinement sees only what it sends). */
function checkDates(requestDate: string, requiredDate: string | null): void {
  if (requiredDate !== null && requiredDate < requestDate) {
    throw validationError([
      {
        field: 'requiredDate',
        code: 'DATE_CONSTRAINT',
        message: `requiredDate cannot be before requestDate ${requestDate}`,
        value: requiredDate,
        constraint: { min: requestDate },
      },
    ]);
  }
}

/** `POST /purchase-requisitions`: raised, waiting for approval; estimated in the company's currency. */
export function createRequisition(ctx: ActingContext, input: RequisitionCreateParams): RequisitionRow {
  return ctx.store.transaction(() => {
    const lines = requisitionLines(ctx, input.lines);
    const requestDate = input.requestDate ?? companyToday(ctx);
    checkDates(requestDate, input.requiredDate ?? null);
    const table = requisitionsTable(ctx);
    const now = ctx.clock.iso();
    const actor = actorOf(ctx);
    return table.insert({
      id: table.newId(),
      requisitionNumber: nextDocumentNumber(ctx, REQUISITION_NUMBER),
      requestedBy: input.requestedBy?.trim() || actor,
      department: trimmed(input.department) ?? null,
      requestDate,
      requiredDate: input.requiredDate ?? null,
      status: 'pending_approval',
      currency: companyCurrency(ctx),
      lines,
      estimatedTotal: estimatedTotal(lines),
      notes: trimmed(input.notes) ?? null,
      approvedBy: null,
      approvedAt: null,
      approvalNotes: null,
      rejectedBy: null,
      rejectedAt: null,
      rejectionReason: null,
      purchaseOrderIds: [],
      convertedAt: null,
      createdBy: actor,
      createdAt: now,
      updatedAt: now,
    });
  });
}

/** `PUT /purchase-requisitions/{id}`: any field; a rejected requisition goes back to waiting for approval. */
export function updateRequisition(ctx: ActingContext, requisitionId: string, input: RequisitionUpdateParams): RequisitionRow {
  return ctx.store.transaction(() => {
    const requisition = retrieveRequisition(ctx, requisitionId);
    assertRequisitionMove(requisition, 'update');
    const lines = input.lines ? requisitionLines(ctx, input.lines) : requisition.lines;
    const requestDate = input.requestDate ?? requisition.requestDate;
    const requiredDate = input.requiredDate === undefined ? requisition.requiredDate : input.requiredDate;
    checkDates(requestDate, requiredDate);
    return requisitionsTable(ctx).update(requisition.id, {
      requestedBy: input.requestedBy?.trim() || requisition.requestedBy,
      department: trimmed(input.department) === undefined ? requisition.department : trimmed(input.department)!,
      notes: trimmed(input.notes) === undefined ? requisition.notes : trimmed(input.notes)!,
      requestDate,
      requiredDate,
      lines,
      estimatedTotal: estimatedTotal(lines),
      ...(requisition.status === 'rejected'
        ? { status: 'pending_approval' as const, rejectedBy: null, rejectedAt: null, rejectionReason: null }
        : {}),
      updatedAt: ctx.clock.iso(),
    });
  });
}

/**
 * `POST /purchase-requisitions/{id}/approve`. Any caller with the write scope approves a requisition
 * (approval limits govern purchase orders; decision PUR-46); the approver is recorded.
 */
export function approveRequisition(ctx: ActingContext, requisitionId: string, input: { notes?: string | null } = {}): RequisitionRow {
  return ctx.store.transaction(() => {
    const requisition = retrieveRequisition(ctx, requisitionId);
    assertRequisitionMove(requisition, 'approve');
    const now = ctx.clock.iso();
    return requisitionsTable(ctx).update(requisition.id, {
      status: 'approved',
      approvedBy: actorOf(ctx),
      approvedAt: now,
      approvalNotes: trimmed(input.notes) ?? null,
      updatedAt: now,
    });
  });
}

/** `POST /purchase-requisitions/{id}/reject`, with an optional reason; the requester may change it and so resubmit it. */
export function rejectRequisition(ctx: ActingContext, requisitionId: string, input: { reason?: string | null } = {}): RequisitionRow {
  return ctx.store.transaction(() => {
    const requisition = retrieveRequisition(ctx, requisitionId);
    assertRequisitionMove(requisition, 'reject');
    const now = ctx.clock.iso();
    return requisitionsTable(ctx).update(requisition.id, {
      status: 'rejected',
      rejectedBy: actorOf(ctx),
      rejectedAt: now,
      rejectionReason: trimmed(input.reason) ?? null,
      updatedAt: now,
    });
  });
}

export function presentRequisition(row: RequisitionRow): Requisition {
  return { ...row, lines: row.lines.map((line) => ({ ...line })), purchaseOrderIds: [...row.purchaseOrderIds] };
}

/** The list's plain filters: `status`, `department` (without case), and request dates. */
export function requisitionMatches(filters: {
  status?: RequisitionStatus;
  department?: string;
  fromDate?: string;
  toDate?: string;
}): (row: RequisitionRow) => boolean {
  const department = filters.department?.toLowerCase();
  return (row) =>
    (!filters.status || row.status === filters.status) &&
    (!department || row.department?.toLowerCase() === department) &&
    (!filters.fromDate || row.requestDate >= filters.fromDate) &&
    (!filters.toDate || row.requestDate <= filters.toDate);
}
