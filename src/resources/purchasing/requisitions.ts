import {
  requisitionsApprove,
  requisitionsConvertToPurchaseOrders,
  requisitionsCreate,
  requisitionsList,
  requisitionsReject,
  requisitionsRetrieve,
  requisitionsUpdate,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Purchase requisitions (spec document 2, "Procurement workflows"): `acs.requisitions`. */
export class Requisitions extends Resource {
  /**
   * Lists requisitions, newest first; filters `status`, `department`, `fromDate`/`toDate` (request date).
   *
   * @example
   * for await (const requisition of acs.requisitions.list({ status: 'pending_approval' })) console.log(requisition.requisitionNumber);
   */
  list = this.method(requisitionsList);

  /**
   * Raises a requisition; it waits for approval. Item lines are estimated at the item's cost price unless `estimatedUnitPrice` says otherwise.
   *
   * @example
   * const requisition = await acs.requisitions.create({
   *   department: 'Warehouse', requiredDate: '2026-12-15',
   *   lines: [{ itemId: chair.id, quantity: 20, suggestedSupplierId: supplier.id }],
   * });
   */
  create = this.method(requisitionsCreate);

  /** One requisition. `NotFoundError` (`REQUISITION_NOT_FOUND`) for an unknown id. */
  retrieve = this.method(requisitionsRetrieve);

  /** Changes a requisition waiting for approval; changing a rejected one resubmits it. `lines` replaces every line. */
  update = this.method(requisitionsUpdate);

  /** Approves a requisition waiting for approval; `REQUISITION_ALREADY_APPROVED` when it already is. */
  approve = this.method(requisitionsApprove);

  /** Rejects a requisition waiting for approval, with an optional `reason`. */
  reject = this.method(requisitionsReject);

  /**
   * Turns an approved requisition into draft purchase orders, one per supplier (each line's suggested supplier unless `lines` or `supplierId` chooses), once.
   *
   * @example
   * const { purchaseOrders } = await acs.requisitions.convertToPurchaseOrders(requisition.id, { supplierId: supplier.id });
   */
  convertToPurchaseOrders = this.method(requisitionsConvertToPurchaseOrders);
}
