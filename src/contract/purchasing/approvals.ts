import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, isoDateTime, money, sortQuery } from '../common.js';
import { text } from '../sales/document-lines.js';
import { ApprovalDocumentType, ApprovalRuleApprover } from './approval-rules.js';

// Pending approvals and their decisions (PUR-28 to PUR-30); spec document 2 lists the paths only.

/**
 * A later step is `waiting` until the step before it is approved, then `pending` until one eligible
 * approver decides it; `cancelled` when an earlier step was rejected or the document was sent for
 * approval again.
 */
export const ApprovalStatus = z.enum(['waiting', 'pending', 'approved', 'rejected', 'cancelled']);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

/** One step of one document's approval: who may decide it, and the decision. */
export const Approval = z.object({
  id: z.string(),
  documentType: ApprovalDocumentType,
  documentId: z.string(),
  /** The purchase order's number. */
  documentNumber: z.string(),
  /** The document's total in the company currency: what an approver's limit must cover. */
  documentTotal: money(),
  supplierId: z.string(),
  /** The rule that asked for it; null for an order created with `requiresApproval` that no rule matched. */
  ruleId: z.string().nullable(),
  ruleName: z.string().nullable(),
  step: z.number().int(),
  totalSteps: z.number().int(),
  stepName: z.string().nullable(),
  status: ApprovalStatus,
  /** Users who may decide this step, as the rule named them when the approval was requested. */
  approvers: z.array(ApprovalRuleApprover),
  /** The user who approved or rejected it. */
  decidedBy: z.string().nullable(),
  decidedAt: isoDateTime().nullable(),
  comments: z.string().nullable(),
  requestedAt: isoDateTime(),
  updatedAt: isoDateTime(),
});
export type Approval = z.infer<typeof Approval>;

const approvalFilters = {
  /** Only steps this user may decide. */
  approverId: z.string().optional(),
  documentType: ApprovalDocumentType.optional(),
  /** The approvals of one order. */
  purchaseOrderId: z.string().optional(),
  ...sortQuery,
  ...cursorPageQuery,
};

export const PendingApprovalListParams = z.object(approvalFilters);
export type PendingApprovalListParams = z.input<typeof PendingApprovalListParams>;

export const ApprovalListParams = z.object({ status: ApprovalStatus.optional(), ...approvalFilters });
export type ApprovalListParams = z.input<typeof ApprovalListParams>;

/** A decision. With an API key `approverId` names the deciding user; with a user's access token it is that user. */
export const ApprovalDecisionParams = z.object({
  approverId: z.string().min(1).max(100).optional(),
  comments: text(1000).nullable().optional(),
});
export type ApprovalDecisionParams = z.input<typeof ApprovalDecisionParams>;

const ApprovalIdParams = z.object({ approvalId: z.string() });

const approvalList = {
  paging: 'cursor',
  defaultLimit: 50,
  maxLimit: 100,
  filters: { documentTotal: 'number' },
  sort: ['requestedAt', 'documentTotal'],
} as const;

export const purchasingApprovalsList = endpoint({
  id: 'purchasing.approvals.list',
  method: 'GET',
  path: '/purchasing/approvals',
  scope: 'read:inventory',
  source: 'implied',
  summary: 'List approvals in every status, newest first: the history of decisions',
  description: 'Lists approvals in every status, newest first (`status`, `approverId`, `purchaseOrderId`): who ' + 'decided what, when.',
  example: 'const { data } = await acs.purchasing.approvals.list({ purchaseOrderId: order.id });',
  exampleCall: { query: { status: 'pending' } },
  query: ApprovalListParams,
  response: Approval,
  list: { ...approvalList, defaultSort: 'sequence:desc' },
});

export const purchasingApprovalsListPending = endpoint({
  id: 'purchasing.approvals.listPending',
  method: 'GET',
  path: '/purchasing/pending-approvals',
  scope: 'read:inventory',
  summary: 'List approvals waiting for a decision, oldest first',
  description: 'Lists the steps waiting for a decision, oldest first; `approverId` keeps those a user may decide.',
  example: `for await (const approval of acs.purchasing.approvals.listPending({ approverId: managerId })) {
  console.log(approval.documentNumber, approval.documentTotal, \`step \${approval.step} of \${approval.totalSteps}\`);
}`,
  exampleCall: { query: { documentType: 'purchase_order' } },
  query: PendingApprovalListParams,
  response: Approval,
  list: { ...approvalList, defaultSort: 'sequence:asc' },
});

export const purchasingApprovalsApprove = endpoint({
  id: 'purchasing.approvals.approve',
  method: 'POST',
  path: '/purchasing/approvals/{approvalId}/approve',
  scope: 'write:inventory',
  summary: 'Approve a pending approval step',
  description:
    'Approves a pending step; the last step approves the order (`approval.status` `approved`, ' +
    '`approvedBy`). `PermissionDeniedError` with code `INSUFFICIENT_APPROVAL_LIMIT` (details ' +
    "`approvalLimit`, `documentTotal`) when the approver's limit is below the total, " +
    '`APPROVER_NOT_ELIGIBLE` for a user the step does not name.',
  example: "await acs.purchasing.approvals.approve(approval.id, { approverId: managerId, comments: 'Within budget' });",
  params: ApprovalIdParams,
  body: ApprovalDecisionParams,
  response: Approval,
});

export const purchasingApprovalsReject = endpoint({
  id: 'purchasing.approvals.reject',
  method: 'POST',
  path: '/purchasing/approvals/{approvalId}/reject',
  scope: 'write:inventory',
  summary: 'Reject a pending approval step (and with it the document)',
  description: 'Rejects a pending step, and with it the order: its `approval.status` becomes `rejected` and it ' + 'cannot be sent.',
  params: ApprovalIdParams,
  body: ApprovalDecisionParams,
  response: Approval,
});
