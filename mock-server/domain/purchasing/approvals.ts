import type { Approval, ApprovalDocumentType, ApprovalRuleApprover, ApprovalStatus } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import type { Table } from '../../store/index.js';
import { notFound } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { itemsTable } from '../inventory/index.js';
import { approvalRulesTable, companyUsers, governingRule, type ApprovalRuleRow, type ApprovalSubject } from './approval-rules.js';
import { APPROVALS, purchaseOrdersTable, type PurchaseOrderRow } from './tables.js';

/** One step of one document's approval (PUR-28), as answered, with its request order (the pending list's order); every step of a request is written when it is made. */
export type ApprovalRow = Approval & { sequence: number };

export const approvalsTable = (ctx: CompanyContext): Table<ApprovalRow> => ctx.store.table<ApprovalRow>(ctx.companyId, APPROVALS);

export function retrieveApproval(ctx: CompanyContext, approvalId: string): ApprovalRow {
  const row = approvalsTable(ctx).get(approvalId);
  if (!row) throw notFound('approval', approvalId, 'APPROVAL_NOT_FOUND', 'approvalId');
  return row;
}

export const presentApproval = ({ sequence: _sequence, ...row }: ApprovalRow): Approval => ({
  ...row,
  approvers: row.approvers.map((approver) => ({ ...approver })),
});

/** The order's total in the company currency, rounded half-up to cents. */
const companyTotal = (order: PurchaseOrderRow): number => money.toNumber(money.round(money.parse(order.total).times(order.exchangeRate)));

/** What approval rules look at on a purchase order: its company-currency total, supplier and the categories of its items. */
function orderSubject(ctx: CompanyContext, order: PurchaseOrderRow): ApprovalSubject {
  const items = itemsTable(ctx);
  const categoryIds = order.items.flatMap((line) => {
    const categoryId = line.itemId ? items.get(line.itemId)?.categoryId : null;
    return categoryId ? [categoryId] : [];
  });
  return { documentType: 'purchase_order', total: companyTotal(order), supplierId: order.supplierId, categoryIds };
}

/**
 * The one step an order created with `requiresApproval` gets when no rule applies: any approver of
 * the company's active purchase order rules, with the highest limit a rule gives them; a company with
 * no such rule lets any of its users approve (decision PUR-28).
 */
function fallbackStep(ctx: CompanyContext): ApprovalRuleRow['steps'][number] {
  const best = new Map<string, ApprovalRuleApprover>();
  for (const rule of approvalRulesTable(ctx).all()) {
    if (!rule.isActive || rule.documentType !== 'purchase_order') continue;
    for (const approver of rule.steps.flatMap((step) => step.approvers)) {
      const held = best.get(approver.userId);
      const higher =
        !held || (held.approvalLimit !== null && (approver.approvalLimit === null || approver.approvalLimit > held.approvalLimit));
      if (higher) best.set(approver.userId, { ...approver });
    }
  }
  const approvers =
    best.size > 0 ? [...best.values()] : companyUsers(ctx).map((user) => ({ userId: user.id, name: user.name, approvalLimit: null }));
  return { step: 1, name: null, approvers };
}

/** Closes what is still open of a document's earlier request: a fresh request, or the document's end, replaces it. */
export function cancelOpenApprovals(ctx: CompanyContext, documentId: string, now: string): void {
  const table = approvalsTable(ctx);
  for (const row of table.byIndex('documentId', documentId)) {
    if (row.status === 'pending' || row.status === 'waiting') table.update(row.id, { status: 'cancelled', updatedAt: now });
  }
}

/**
 * Asks for an order's approval (PUR-27, PUR-28) when it was created with `requiresApproval` or an
 * active rule applies to it: one row per step of the governing rule, the first `pending`, and the
 * order's `approval` pending. Called again (a changed order) it starts a fresh request.
 */
export function requestApprovals(ctx: CompanyContext, order: PurchaseOrderRow): PurchaseOrderRow {
  const subject = orderSubject(ctx, order);
  const rule = governingRule(ctx, subject);
  const now = ctx.clock.iso();
  cancelOpenApprovals(ctx, order.id, now);
  if (!rule && !order.approval.required) {
    const unchanged = order.approval.status === 'not_required';
    return unchanged
      ? order
      : purchaseOrdersTable(ctx).update(order.id, { approval: { required: false, status: 'not_required' }, updatedAt: now });
  }
  const steps = rule ? rule.steps : [fallbackStep(ctx)];
  const table = approvalsTable(ctx);
  for (const step of steps) {
    table.insert({
      id: table.newId(),
      sequence: ctx.store.nextNumber(ctx.companyId, APPROVALS),
      documentType: 'purchase_order',
      documentId: order.id,
      documentNumber: order.poNumber,
      documentTotal: subject.total,
      supplierId: order.supplierId,
      ruleId: rule?.id ?? null,
      ruleName: rule?.name ?? null,
      step: step.step,
      totalSteps: steps.length,
      stepName: step.name,
      status: step.step === 1 ? 'pending' : 'waiting',
      approvers: step.approvers.map((approver) => ({ ...approver })),
      decidedBy: null,
      decidedAt: null,
      comments: null,
      requestedAt: now,
      updatedAt: now,
    });
  }
  return purchaseOrdersTable(ctx).update(order.id, {
    approval: { required: true, status: 'pending' },
    approvedBy: null,
    approvedAt: null,
    updatedAt: now,
  });
}

/** Whether a document can still be decided on: a cancelled order's approvals are dropped from the pending list. */
export function documentAwaitsApproval(ctx: CompanyContext, row: Pick<ApprovalRow, 'documentId'>): boolean {
  const order = purchaseOrdersTable(ctx).get(row.documentId);
  return order !== undefined && order.status !== 'cancelled';
}

/** The approvals lists' filters; the pending list keeps the steps of documents still open. */
export const approvalMatches =
  (
    ctx: CompanyContext,
    filters: { status?: ApprovalStatus; approverId?: string; documentType?: ApprovalDocumentType; purchaseOrderId?: string },
  ) =>
  (row: ApprovalRow): boolean =>
    (!filters.status || row.status === filters.status) &&
    (!filters.approverId || row.approvers.some((approver) => approver.userId === filters.approverId)) &&
    (!filters.documentType || row.documentType === filters.documentType) &&
    (!filters.purchaseOrderId || row.documentId === filters.purchaseOrderId) &&
    (filters.status !== 'pending' || documentAwaitsApproval(ctx, row));
