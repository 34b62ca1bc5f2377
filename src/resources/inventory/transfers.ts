import {
  inventoryTransfersCreate,
  inventoryTransfersCreateShortForm,
  inventoryTransfersList,
  inventoryTransfersRetrieve,
  inventoryTransfersUpdateStatus,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** Stock transfers between two locations (spec document 2, "Stock transfer"): `acs.inventory.transfers`. */
export class Transfers extends Resource {
  /**
   * Lists transfers, newest first, cursor-paged; `locationId` matches either end, `itemId` any line.
   *
   * @example
   * for await (const transfer of acs.inventory.transfers.list({ status: 'shipped' })) {
   *   console.log(transfer.transferNumber, transfer.toLocation.name, transfer.totalValue);
   * }
   */
  list = this.method(inventoryTransfersList);

  /**
   * Requests a transfer between two locations, no more than the source holds (`INSUFFICIENT_STOCK`).
   * Nothing moves until it ships; `requestApproval: true` waits for an approval step.
   *
   * @example
   * const transfer = await acs.inventory.transfers.create({
   *   fromLocationId: warehouse.id, toLocationId: showroom.id,
   *   items: [{ itemId: chair.id, quantity: 4 }],
   * });
   */
  create = this.method(inventoryTransfersCreate);

  /** The same as `create`, through the spec's short path `POST /v1/stock-transfers`. */
  createShortForm = this.method(inventoryTransfersCreateShortForm);

  /** One transfer with its lines, shipping, approvals and status history. `NotFoundError` (`TRANSFER_NOT_FOUND`) for an unknown id. */
  retrieve = this.method(inventoryTransfersRetrieve);

  /**
   * Moves a transfer on: `approved` (one approval step, from `pending_approval`), `shipped` (the goods
   * leave the source for transit at their cost; `items` ships part of a line, `shipping` records the
   * carrier), `partially_received` with `items` (what arrived), `completed` (all still in transit
   * arrives), or `cancelled` (before completion; what is in transit goes back to the source). A move
   * the state table lacks rejects with `BusinessRuleError`.
   *
   * @example
   * await acs.inventory.transfers.updateStatus(transfer.id, { status: 'shipped', shipping: { method: 'van', trackingNumber: 'VAN-0042' } });
   * await acs.inventory.transfers.updateStatus(transfer.id, { status: 'partially_received', items: [{ itemId: chair.id, quantity: 3 }] });
   * await acs.inventory.transfers.updateStatus(transfer.id, { status: 'completed' });
   */
  updateStatus = this.method(inventoryTransfersUpdateStatus);
}
