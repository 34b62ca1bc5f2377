import { PurchasingApprovalsMethods } from '../../generated/resources/purchasing.js';

/**
 * Approvals: one per step of a document waiting for approval. With a user's access token
 * the user decides as themselves; with an API key `approverId` names the deciding user.
 */
export class Approvals extends PurchasingApprovalsMethods {}
