import type { CompanyContext } from '../../store/context.js';
import type { ItemRow } from '../inventory/index.js';
import { lineItem } from '../sales/index.js';
import { validationError, type ValidationIssue } from '../../kernel/errors.js';
import * as money from '../shared/money.js';
import { retrieveSupplier } from './suppliers.js';
import type { RequisitionLineRow } from './requisition-rfq-tables.js';

/** A sourcing line as a caller writes it (requisitions and RFQs): an item of the catalogue or a description. */
export interface CatalogueLineInput {
  itemId?: string;
  description?: string;
  quantity: number;
  notes?: string | null;
}

export interface CatalogueLine {
  id: string;
  item: ItemRow | null;
  itemId: string | null;
  itemCode: string | null;
  description: string;
  quantity: number;
  notes: string | null;
}

/**
 * Resolves the lines of a requisition or RFQ against the catalogue: a named item must exist and be
 * active and gives the default description; a line without an item needs a description. Problems are
 * pushed to `issues` as `<field>.<index>.<name>`, so the caller reports every one at once.
 */
export function catalogueLines(
  ctx: CompanyContext,
  inputs: readonly CatalogueLineInput[],
  field: string,
  issues: ValidationIssue[],
): CatalogueLine[] {
  return inputs.map((input, index) => {
    const { item, description } = lineItem(ctx, input, (name) => `${field}.${index}.${name}`, issues);
    return {
      id: ctx.store.ids.next('ln'),
      item,
      itemId: item?.id ?? null,
      itemCode: item?.itemCode ?? null,
      description,
      quantity: input.quantity,
      notes: input.notes?.trim() || null,
    };
  });
}

export interface RequisitionLineInput extends CatalogueLineInput {
  estimatedUnitPrice?: number;
  suggestedSupplierId?: string | null;
}

/**
 * A requisition's lines: estimated at the given price, else the item's cost price (a line without an
 * item needs one); a suggested supplier must exist (404 SUPPLIER_NOT_FOUND naming the line's field).
 */
export function requisitionLines(ctx: CompanyContext, inputs: readonly RequisitionLineInput[]): RequisitionLineRow[] {
  const issues: ValidationIssue[] = [];
  const lines = catalogueLines(ctx, inputs, 'lines', issues).map((line, index) => {
    const input = inputs[index];
    const estimatedUnitPrice = input.estimatedUnitPrice ?? line.item?.pricing.costPrice;
    if (estimatedUnitPrice === undefined) {
      issues.push({
        field: `lines.${index}.estimatedUnitPrice`,
        code: 'REQUIRED_FIELD',
        message: 'a line without an item needs an estimatedUnitPrice',
      });
    }
    const { item: _item, ...rest } = line;
    return {
      ...rest,
      estimatedUnitPrice: estimatedUnitPrice ?? 0,
      estimatedTotal: money.toNumber(money.parse(estimatedUnitPrice ?? 0).times(line.quantity)),
      suggestedSupplierId: input.suggestedSupplierId ?? null,
      purchaseOrderId: null,
    };
  });
  if (issues.length > 0) throw validationError(issues);
  for (const [index, line] of lines.entries()) {
    if (line.suggestedSupplierId) retrieveSupplier(ctx, line.suggestedSupplierId, `lines.${index}.suggestedSupplierId`);
  }
  return lines;
}
