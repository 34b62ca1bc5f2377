import { ApprovalRules } from './approval-rules.js';
import { Approvals } from './approvals.js';
import { PurchasingMethods } from '../../generated/resources/purchasing.js';

/** The purchasing workflow under `/v1/purchasing` (spec document 2, "Procurement workflows"): `acs.purchasing.approvalRules`, `.approvals`. */
export class Purchasing extends PurchasingMethods {
  readonly approvalRules = this.resource(ApprovalRules);
  readonly approvals = this.resource(Approvals);
}
