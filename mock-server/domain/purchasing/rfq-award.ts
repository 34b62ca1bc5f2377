import type { RfqAwardParams, RfqRespondParams } from '../../../src/contract/index.js';
import type { ActingContext } from '../shared/actor.js';
import { addDays, companyToday } from '../shared/calendar.js';
import { businessRule, validationError, type ValidationIssue } from '../../kernel/errors.js';
import { createPurchaseOrder } from './purchase-orders.js';
import { linkRequisitionOrder } from './requisition-conversion.js';
import { assertRequisitionMove, retrieveRequisition } from './requisitions.js';
import { assertRfqMove, retrieveRfq } from './rfqs.js';
import { retrieveSupplier } from './suppliers.js';
import { rfqsTable, type RfqRow } from './requisition-rfq-tables.js';
import type { PurchaseOrderRow } from './tables.js';

/** An invited supplier of the RFQ, else 404 SUPPLIER_NOT_FOUND for an unknown id or 422 for one not invited. */
function invitedSupplier(ctx: ActingContext, rfq: RfqRow, supplierId: string) {
  const supplier = retrieveSupplier(ctx, supplierId);
  if (!rfq.supplierIds.includes(supplier.id)) {
    throw businessRule(`supplier ${supplier.name} was not invited to request for quotation ${rfq.rfqNumber}`, {
      rfqId: rfq.id,
      supplierId: supplier.id,
      field: 'supplierId',
    });
  }
  return supplier;
}

/**
 * `POST /rfqs/{id}/responses`: an invited supplier's quote, for a sent RFQ before its deadline; each line
 * once, of the RFQ's lines. A second response from the same supplier replaces its first (a revised
 * quote, as ERPs keep the latest; decision PUR-49).
 */
export function respondToRfq(ctx: ActingContext, rfqId: string, input: RfqRespondParams): RfqRow {
  return ctx.store.transaction(() => {
    const rfq = retrieveRfq(ctx, rfqId);
    assertRfqMove(ctx, rfq, 'respond');
    const supplier = invitedSupplier(ctx, rfq, input.supplierId);
    const issues: ValidationIssue[] = [];
    const seen = new Set<string>();
    for (const [index, line] of input.lines.entries()) {
      if (!rfq.lines.some((l) => l.id === line.lineId)) {
        issues.push({
          field: `lines.${index}.lineId`,
          code: 'INVALID_CHOICE',
          message: `request for quotation ${rfq.rfqNumber} has no line ${line.lineId}`,
          value: line.lineId,
        });
      } else if (seen.has(line.lineId)) {
        issues.push({
          field: `lines.${index}.lineId`,
          code: 'DUPLICATE_VALUE',
          message: `line ${line.lineId} is quoted twice`,
          value: line.lineId,
        });
      }
      seen.add(line.lineId);
    }
    const today = companyToday(ctx);
    if (input.validUntil !== undefined && input.validUntil < today) {
      issues.push({
        field: 'validUntil',
        code: 'DATE_CONSTRAINT',
        message: `validUntil cannot be before today ${today}`,
        value: input.validUntil,
        constraint: { min: today },
      });
    }
    if (issues.length > 0) throw validationError(issues);
    const response = {
      supplierId: supplier.id,
      supplierName: supplier.name,
      lines: input.lines.map((line) => ({
        lineId: line.lineId,
        unitPrice: line.unitPrice,
        leadTimeDays: line.leadTimeDays ?? null,
        notes: line.notes?.trim() || null,
      })),
      validUntil: input.validUntil ?? null,
      notes: input.notes?.trim() || null,
      receivedAt: ctx.clock.iso(),
    };
    const responses = [...rfq.responses.filter((r) => r.supplierId !== supplier.id), response];
    return rfqsTable(ctx).update(rfq.id, { responses, updatedAt: response.receivedAt });
  });
}

/**
 * `POST /rfqs/{id}/award` (implied; decision PUR-50): a draft purchase order to a supplier that
 * responded, for the lines it quoted at its prices, in the RFQ's currency, each line expected after its
 * lead time; a quote past its `validUntil` cannot be awarded. An RFQ made from a requisition converts
 * that requisition, which must still be approved (not already converted), and links its lines to the order.
 */
export function awardRfq(ctx: ActingContext, rfqId: string, input: RfqAwardParams): { rfq: RfqRow; purchaseOrder: PurchaseOrderRow } {
  return ctx.store.transaction(() => {
    const rfq = retrieveRfq(ctx, rfqId);
    assertRfqMove(ctx, rfq, 'award');
    const supplier = invitedSupplier(ctx, rfq, input.supplierId);
    const response = rfq.responses.find((r) => r.supplierId === supplier.id);
    if (!response)
      throw businessRule(`supplier ${supplier.name} has not responded to request for quotation ${rfq.rfqNumber}`, {
        rfqId: rfq.id,
        supplierId: supplier.id,
      });
    const today = companyToday(ctx);
    if (response.validUntil !== null && response.validUntil < today) {
      throw businessRule(`the quote of ${supplier.name} expired on ${response.validUntil}`, {
        rfqId: rfq.id,
        supplierId: supplier.id,
        validUntil: response.validUntil,
        currentDate: today,
      });
    }
    const requisition = rfq.requisitionId ? retrieveRequisition(ctx, rfq.requisitionId) : null;
    if (requisition) assertRequisitionMove(requisition, 'convert');
    const orderDate = input.orderDate ?? today;
    const quoted = rfq.lines.flatMap((line) => {
      const quote = response.lines.find((q) => q.lineId === line.id);
      return quote ? [{ line, quote }] : [];
    });
    const purchaseOrder = createPurchaseOrder(
      ctx,
      {
        supplierId: supplier.id,
        orderDate,
        requiredDate: input.requiredDate,
        reference: rfq.rfqNumber,
        currency: rfq.currency,
        exchangeRate: input.exchangeRate,
        locationId: input.locationId,
        items: quoted.map(({ line, quote }) => ({
          itemId: line.itemId ?? undefined,
          description: line.description,
          quantity: line.quantity,
          unitPrice: quote.unitPrice,
          expectedDate: quote.leadTimeDays === null ? undefined : addDays(orderDate, quote.leadTimeDays),
          notes: quote.notes ?? line.notes,
        })),
      },
      { rfqId: rfq.id, requisitionId: rfq.requisitionId },
    );
    if (requisition) {
      const ordered = new Set(quoted.map(({ line }) => line.requisitionLineId));
      linkRequisitionOrder(ctx, requisition, [purchaseOrder.id], (lineId) => (ordered.has(lineId) ? purchaseOrder.id : null));
    }
    const now = ctx.clock.iso();
    const awarded = rfqsTable(ctx).update(rfq.id, {
      status: 'awarded',
      awardedSupplierId: supplier.id,
      purchaseOrderId: purchaseOrder.id,
      awardedAt: now,
      updatedAt: now,
    });
    return { rfq: awarded, purchaseOrder };
  });
}
