import {
  purchasingApprovalRulesCreate,
  purchasingApprovalRulesList,
  purchasingApprovalRulesRetrieve,
  purchasingApprovalRulesUpdate,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/**
 * Approval rules: which purchase orders wait for whom. Of the active rules whose
 * conditions hold, the one with the highest `priority` applies; each of its steps needs one approval,
 * in order, from an approver whose `approvalLimit` covers the order's total in the company currency.
 */
export class ApprovalRules extends Resource {
  /**
   * Lists the company's rules, highest priority first; filters `documentType`, `isActive`.
   *
   * @example
   * for await (const rule of acs.purchasing.approvalRules.list({ isActive: true })) console.log(rule.priority, rule.name);
   */
  list = this.method(purchasingApprovalRulesList);

  /**
   * Creates a rule. A rule matches a total above `minAmount` and up to `maxAmount`; approvers are users of the company.
   *
   * @example
   * const rule = await acs.purchasing.approvalRules.create({
   *   name: 'Furniture over RM 10,000',
   *   conditions: { minAmount: 10000, categoryIds: [furnitureId] },
   *   steps: [{ name: 'Manager', approvers: [{ userId: managerId, approvalLimit: 50000 }] }],
   *   priority: 50,
   * });
   */
  create = this.method(purchasingApprovalRulesCreate);

  /** One rule. `NotFoundError` (`APPROVAL_RULE_NOT_FOUND`) for an unknown id. */
  retrieve = this.method(purchasingApprovalRulesRetrieve);

  /** Changes a rule (`conditions` merge field by field, `steps` replace); approvals already requested keep their steps. */
  update = this.method(purchasingApprovalRulesUpdate);
}
