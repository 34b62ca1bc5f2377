import type { ApprovalDecisionParams, ApprovalStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { businessRule, ServiceError, validationError } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { stateMachine } from '../shared/transitions.js';
import type { UserRow } from '../shared/users.js';
import { companyUser } from './approval-rules.js';
import { approvalsTable, documentAwaitsApproval, retrieveApproval, type ApprovalRow } from './approvals.js';
import { purchaseOrdersTable } from './tables.js';

export type ApprovalDecision = 'approve' | 'reject';

const DECIDED = ['approved', 'rejected'] as const;

/** An approval step's moves (PUR-28): only a pending step is decided, once. */
export const APPROVAL_MOVES = stateMachine<ApprovalStatus, ApprovalDecision>({
  approve: {
    from: ['pending'],
    rule: 'only a pending approval can be approved; this one is {status}',
    codes: Object.fromEntries(DECIDED.map((s) => [s, 'APPROVAL_ALREADY_DECIDED'])),
    refusals: { waiting: 'an earlier step of this approval has not been approved yet' },
  },
  reject: {
    from: ['pending'],
    rule: 'only a pending approval can be rejected; this one is {status}',
    codes: Object.fromEntries(DECIDED.map((s) => [s, 'APPROVAL_ALREADY_DECIDED'])),
    refusals: { waiting: 'an earlier step of this approval has not been approved yet' },
  },
});

/**
 * Who decides: a user's access token decides as that user (`approverId`, if sent, must be them); an
 * API key names no user, so `approverId` is required and must be a user of the company.
 */
function decidingUser(ctx: CompanyContext, approverId: string | undefined, tokenUserId: string | undefined): UserRow {
  if (tokenUserId !== undefined) {
    if (approverId !== undefined && approverId !== tokenUserId) {
      throw new ServiceError('FORBIDDEN', 'a signed-in user decides approvals as themselves; approverId names someone else', [
        { field: 'approverId', value: approverId, signedInUserId: tokenUserId },
      ]);
    }
    return companyUser(ctx, tokenUserId, 'approverId');
  }
  if (approverId === undefined) {
    throw validationError([
      { field: 'approverId', code: 'REQUIRED_FIELD', message: 'an API key names no user: approverId says who decides' },
    ]);
  }
  return companyUser(ctx, approverId, 'approverId');
}

/**
 * The step's approver entry of the user: 403 APPROVER_NOT_ELIGIBLE for anyone the step does not name.
 * A step that names nobody (asked before the company had users) takes any user of the company.
 */
function eligibleApprover(row: ApprovalRow, user: UserRow) {
  const approver =
    row.approvers.length === 0
      ? { userId: user.id, name: user.name, approvalLimit: null }
      : row.approvers.find((candidate) => candidate.userId === user.id);
  if (approver) return approver;
  throw new ServiceError('APPROVER_NOT_ELIGIBLE', `${user.name} is not an approver of step ${row.step} of ${row.documentNumber}`, [
    { approverId: user.id, step: row.step, eligibleApproverIds: row.approvers.map((a) => a.userId) },
  ]);
}

/** Spec document 2, INSUFFICIENT_APPROVAL_LIMIT: an approver approves only totals their limit covers. */
function assertLimitCovers(row: ApprovalRow, approver: ApprovalRow['approvers'][number]): void {
  if (approver.approvalLimit === null || money.compare(row.documentTotal, approver.approvalLimit) <= 0) return;
  throw new ServiceError('INSUFFICIENT_APPROVAL_LIMIT', `${approver.name}'s approval limit is below the total of ${row.documentNumber}`, [
    { approverId: approver.userId, approvalLimit: approver.approvalLimit, documentTotal: row.documentTotal },
  ]);
}

/** After an approval: the next step becomes pending, or the last one approves the order (`approvedBy`, `approvedAt`). */
function advance(ctx: CompanyContext, row: ApprovalRow, userId: string, now: string): void {
  const table = approvalsTable(ctx);
  const next = table.byIndex('documentId', row.documentId).find((other) => other.status === 'waiting' && other.step === row.step + 1);
  if (next) {
    table.update(next.id, { status: 'pending', updatedAt: now });
    return;
  }
  purchaseOrdersTable(ctx).update(row.documentId, {
    approval: { required: true, status: 'approved' },
    approvedBy: userId,
    approvedAt: now,
    updatedAt: now,
  });
}

/** After a rejection: later steps are cancelled and the order's approval is rejected (it cannot be sent). */
function close(ctx: CompanyContext, row: ApprovalRow, now: string): void {
  const table = approvalsTable(ctx);
  for (const other of table.byIndex('documentId', row.documentId)) {
    if (other.status === 'waiting') table.update(other.id, { status: 'cancelled', updatedAt: now });
  }
  purchaseOrdersTable(ctx).update(row.documentId, { approval: { required: true, status: 'rejected' }, updatedAt: now });
}

/**
 * Approves or rejects a pending step (PUR-29). The deciding user must be one of the step's
 * approvers; approving also needs their limit to cover the document total. `tokenUserId` is the
 * signed-in user of an access token, undefined for an API key.
 */
export function decideApproval(
  ctx: CompanyContext,
  approvalId: string,
  decision: ApprovalDecision,
  input: ApprovalDecisionParams,
  tokenUserId: string | undefined,
): ApprovalRow {
  return ctx.store.transaction(() => {
    const row = retrieveApproval(ctx, approvalId);
    const user = decidingUser(ctx, input.approverId, tokenUserId);
    APPROVAL_MOVES.assert(decision, row.status, { approvalId: row.id, documentId: row.documentId, step: row.step });
    if (!documentAwaitsApproval(ctx, row)) {
      throw businessRule(`purchase order ${row.documentNumber} is cancelled; its approval can no longer be decided`, {
        approvalId: row.id,
        documentId: row.documentId,
      });
    }
    const approver = eligibleApprover(row, user);
    if (decision === 'approve') assertLimitCovers(row, approver);
    const now = ctx.clock.iso();
    const decided = approvalsTable(ctx).update(row.id, {
      status: decision === 'approve' ? 'approved' : 'rejected',
      decidedBy: user.id,
      decidedAt: now,
      comments: input.comments ?? null,
      updatedAt: now,
    });
    if (decision === 'approve') advance(ctx, decided, user.id, now);
    else close(ctx, decided, now);
    return decided;
  });
}
