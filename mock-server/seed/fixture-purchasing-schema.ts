import { z } from 'zod';
import {
  PurchaseOrderCancelParams,
  PurchaseOrderCreateParams,
  PurchaseOrderLineCreate,
  PurchaseOrderReceiveParams,
  PurchaseReturnCreateParams,
  PurchaseReturnVoidParams,
} from '../../src/contract/index.js';
import { code, day, lines } from './fixture-lines-schema.js';

// A fixture's purchase orders, their receipts and returns (MOCK-49): each the body its POST takes, dates required
// (MOCK-41), a supplier by name, an item or location by code, an order, receipt or line by its position (MOCK-47).

const position = z.number().int().min(0).max(199);

/** An order line: `item` is an item's code of this fixture company (instead of `itemId`). */
const FixturePurchaseOrderLine = z
  .object({ ...PurchaseOrderLineCreate.shape })
  .omit({ itemId: true })
  .extend({ item: code.optional() });

/**
 * `POST /purchase-orders/{id}/receive`'s body (MOCK-49), its order by position in `purchaseOrders`, dated, each line by
 * its position in the order's `items`; a company's receipts are one list in the order they came, whatever their order.
 */
export const FixtureReceipt = z
  .object({ ...PurchaseOrderReceiveParams.shape })
  .omit({ locationId: true, items: true })
  .extend({
    purchaseOrder: z.number().int().min(0),
    date: day,
    /** A location's code; default the order's. */
    location: code.optional(),
    items: z
      .array(
        z.object({
          line: position,
          quantity: z.number().positive(),
          lotNumber: z.string().min(1).max(100).optional(),
          expiryDate: day.optional(),
        }),
      )
      .min(1)
      .max(200)
      .optional(),
  });

/**
 * A purchase order (MOCK-49): `POST /purchase-orders`' body, sent (`sent`) or sent and confirmed by the supplier
 * (`confirmed`), its goods received by the company's `receipts`, and cancelled with `cancel` once every bill and return is loaded. Partly received and received
 * follow from the receipts, as paid follows from payments.
 */
export const FixturePurchaseOrder = z
  .object({ ...PurchaseOrderCreateParams.shape })
  .omit({ supplierId: true, items: true, locationId: true, requiresApproval: true })
  .extend({
    /** A supplier's name, of this fixture company. */
    supplier: z.string().trim().min(1).max(200),
    orderDate: day,
    /** A location's code where its goods arrive; default the company's default location. */
    location: code.optional(),
    items: lines(FixturePurchaseOrderLine),
    status: z.enum(['draft', 'sent', 'confirmed']).optional(),
    cancel: PurchaseOrderCancelParams.optional(),
  });

/**
 * A purchase return (MOCK-49): `POST /purchase-returns`' body, its order by position in `purchaseOrders`, its receipt
 * by position among that order's receipts, lines by position in the order's `items`; voided right after with `void`.
 */
export const FixturePurchaseReturn = z
  .object({ ...PurchaseReturnCreateParams.shape })
  .omit({ purchaseOrderId: true, receiptId: true, items: true })
  .extend({
    purchaseOrder: z.number().int().min(0),
    receipt: position.optional(),
    date: day,
    items: z
      .array(z.object({ line: position, quantity: z.number().positive() }))
      .min(1)
      .max(200)
      .optional(),
    void: PurchaseReturnVoidParams.extend({ voidDate: day }).optional(),
  });
