import { Resource } from '../../core/resource.js';
import { ApprovalRules } from './approval-rules.js';
import { Approvals } from './approvals.js';

/** The purchasing workflow under `/v1/purchasing` (spec document 2, "Procurement workflows"): `acs.purchasing.approvalRules`, `.approvals`. */
export class Purchasing extends Resource {
  readonly approvalRules = this.resource(ApprovalRules);
  readonly approvals = this.resource(Approvals);
}
