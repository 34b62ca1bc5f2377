import { PurchasingApprovalRulesMethods } from '../../generated/resources/purchasing.js';

/**
 * Approval rules: which purchase orders wait for whom. Of the active rules whose
 * conditions hold, the one with the highest `priority` applies; each of its steps needs one approval,
 * in order, from an approver whose `approvalLimit` covers the order's total in the company currency.
 */
export class ApprovalRules extends PurchasingApprovalRulesMethods {}
