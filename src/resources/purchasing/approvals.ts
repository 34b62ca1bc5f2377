import {
  purchasingApprovalsApprove,
  purchasingApprovalsList,
  purchasingApprovalsListPending,
  purchasingApprovalsReject,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/**
 * Approvals: one per step of a document waiting for approval. With a user's access token
 * the user decides as themselves; with an API key `approverId` names the deciding user.
 */
export class Approvals extends Resource {
  /**
   * Lists the steps waiting for a decision, oldest first; `approverId` keeps those a user may decide.
   *
   * @example
   * for await (const approval of acs.purchasing.approvals.listPending({ approverId: managerId })) {
   *   console.log(approval.documentNumber, approval.documentTotal, `step ${approval.step} of ${approval.totalSteps}`);
   * }
   */
  listPending = this.method(purchasingApprovalsListPending);

  /**
   * Lists approvals in every status, newest first (`status`, `approverId`, `purchaseOrderId`): who decided what, when.
   *
   * @example
   * const { data } = await acs.purchasing.approvals.list({ purchaseOrderId: order.id });
   */
  list = this.method(purchasingApprovalsList);

  /**
   * Approves a pending step; the last step approves the order (`approval.status` `approved`, `approvedBy`).
   * `PermissionDeniedError` with code `INSUFFICIENT_APPROVAL_LIMIT` (details `approvalLimit`, `documentTotal`)
   * when the approver's limit is below the total, `APPROVER_NOT_ELIGIBLE` for a user the step does not name.
   *
   * @example
   * await acs.purchasing.approvals.approve(approval.id, { approverId: managerId, comments: 'Within budget' });
   */
  approve = this.method(purchasingApprovalsApprove);

  /** Rejects a pending step, and with it the order: its `approval.status` becomes `rejected` and it cannot be sent. */
  reject = this.method(purchasingApprovalsReject);
}
