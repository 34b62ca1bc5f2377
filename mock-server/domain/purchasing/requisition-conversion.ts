import type { RequisitionConvertParams } from '../../../src/contract/index.js';
import type { ActingContext } from '../shared/actor.js';
import { companyToday } from '../shared/calendar.js';
import { companyCurrency } from '../platform/index.js';
import { validationError, type ValidationIssue } from '../../kernel/errors.js';
import { createPurchaseOrder } from './purchase-orders.js';
import { assertRequisitionMove, retrieveRequisition } from './requisitions.js';
import { requisitionsTable, type RequisitionLineRow, type RequisitionRow } from './requisition-rfq-tables.js';
import type { PurchaseOrderRow } from './tables.js';

/** The supplier of each line: the body's choice for the line, else its suggested supplier, else the body's `supplierId`. */
function suppliersOfLines(requisition: RequisitionRow, input: RequisitionConvertParams): Map<string, RequisitionLineRow[]> {
  const issues: ValidationIssue[] = [];
  const chosen = new Map<string, string>();
  for (const [index, choice] of (input.lines ?? []).entries()) {
    if (!requisition.lines.some((line) => line.id === choice.lineId)) {
      issues.push({
        field: `lines.${index}.lineId`,
        code: 'INVALID_CHOICE',
        message: `requisition ${requisition.requisitionNumber} has no line ${choice.lineId}`,
        value: choice.lineId,
      });
    } else if (chosen.has(choice.lineId)) {
      issues.push({
        field: `lines.${index}.lineId`,
        code: 'DUPLICATE_VALUE',
        message: `line ${choice.lineId} is named twice`,
        value: choice.lineId,
      });
    }
    chosen.set(choice.lineId, choice.supplierId);
  }
  const bySupplier = new Map<string, RequisitionLineRow[]>();
  for (const line of requisition.lines) {
    const supplierId = chosen.get(line.id) ?? line.suggestedSupplierId ?? input.supplierId;
    if (!supplierId) {
      issues.push({
        field: 'supplierId',
        code: 'REQUIRED_FIELD',
        message: `line "${line.description}" has no suggested supplier: name one in lines or supplierId`,
        value: line.id,
      });
      continue;
    }
    bySupplier.set(supplierId, [...(bySupplier.get(supplierId) ?? []), line]);
  }
  if (issues.length > 0) throw validationError(issues);
  return bySupplier;
}

/** Records on the requisition the order made from it (by conversion or an RFQ's award) for `lineIds`: converted, linked both ways. */
export function linkRequisitionOrder(
  ctx: ActingContext,
  requisition: RequisitionRow,
  orderIds: string[],
  orderOfLine: (lineId: string) => string | null,
): RequisitionRow {
  const now = ctx.clock.iso();
  return requisitionsTable(ctx).update(requisition.id, {
    status: 'converted',
    lines: requisition.lines.map((line) => ({ ...line, purchaseOrderId: orderOfLine(line.id) ?? line.purchaseOrderId })),
    purchaseOrderIds: [...requisition.purchaseOrderIds, ...orderIds],
    convertedAt: now,
    updatedAt: now,
  });
}

/**
 * `POST /purchase-requisitions/{id}/convert-to-po`: an approved requisition becomes one draft purchase
 * order per supplier, at the estimated prices in the company's currency (the estimates' currency), each
 * order linked to the requisition and each line to its order; once (decision PUR-47).
 */
export function convertRequisition(
  ctx: ActingContext,
  requisitionId: string,
  input: RequisitionConvertParams = {},
): { requisition: RequisitionRow; purchaseOrders: PurchaseOrderRow[] } {
  return ctx.store.transaction(() => {
    const requisition = retrieveRequisition(ctx, requisitionId);
    assertRequisitionMove(requisition, 'convert');
    const orderDate = input.orderDate ?? companyToday(ctx);
    const requiredDate = requisition.requiredDate !== null && requisition.requiredDate >= orderDate ? requisition.requiredDate : undefined;
    const orderOfLine = new Map<string, string>();
    const purchaseOrders = [...suppliersOfLines(requisition, input)].map(([supplierId, lines]) => {
      const order = createPurchaseOrder(
        ctx,
        {
          supplierId,
          orderDate,
          requiredDate,
          reference: requisition.requisitionNumber,
          currency: companyCurrency(ctx),
          locationId: input.locationId,
          notes: requisition.notes,
          items: lines.map((line) => ({
            itemId: line.itemId ?? undefined,
            description: line.description,
            quantity: line.quantity,
            unitPrice: line.estimatedUnitPrice,
            notes: line.notes,
          })),
        },
        { requisitionId: requisition.id },
      );
      for (const line of lines) orderOfLine.set(line.id, order.id);
      return order;
    });
    const converted = linkRequisitionOrder(
      ctx,
      requisition,
      purchaseOrders.map((o) => o.id),
      (lineId) => orderOfLine.get(lineId) ?? null,
    );
    return { requisition: converted, purchaseOrders };
  });
}
