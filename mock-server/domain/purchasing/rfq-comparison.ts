import type { RfqComparison } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import * as money from '../shared/money.js';
import { suppliersTable } from './tables.js';
import type { RfqRow } from './requisition-rfq-tables.js';

/** Mean of the lead times given, two decimals; null when none was. */
function averageLeadTime(days: readonly (number | null)[]): number | null {
  const given = days.filter((d): d is number => d !== null);
  return given.length === 0 ? null : money.toNumber(money.sum(given).dividedBy(given.length));
}

/**
 * The responses side by side (PUR-50; computed on read, so it follows every response): per line
 * each quote with the lowest unit price flagged (ties all flagged); per invited supplier its total over
 * the lines it quoted, its average lead time and its rank: complete quotes first, then the lower total,
 * then the shorter average lead time.
 */
export function compareResponses(ctx: CompanyContext, rfq: RfqRow): RfqComparison {
  const lines = rfq.lines.map((line) => {
    const quotes = rfq.responses.flatMap((response) =>
      response.lines
        .filter((quoted) => quoted.lineId === line.id)
        .map((quoted) => ({
          supplierId: response.supplierId,
          unitPrice: quoted.unitPrice,
          lineTotal: money.toNumber(money.parse(quoted.unitPrice).times(line.quantity)),
          leadTimeDays: quoted.leadTimeDays,
        })),
    );
    const lowest = quotes.reduce<number | null>(
      (min, q) => (min === null || money.compare(q.unitPrice, min) < 0 ? q.unitPrice : min),
      null,
    );
    return {
      lineId: line.id,
      description: line.description,
      quantity: line.quantity,
      quotes: quotes.map((q) => ({ ...q, lowestPrice: lowest !== null && money.equals(q.unitPrice, lowest) })),
    };
  });
  const suppliers = rfq.supplierIds.map((supplierId) => {
    const response = rfq.responses.find((r) => r.supplierId === supplierId);
    const quotes = lines.flatMap((line) => line.quotes.filter((q) => q.supplierId === supplierId));
    return {
      supplierId,
      supplierName: response?.supplierName ?? suppliersTable(ctx).get(supplierId)?.name ?? supplierId,
      responded: response !== undefined,
      quotedLines: quotes.length,
      total: response ? money.toNumber(money.sum(quotes.map((q) => q.lineTotal))) : null,
      averageLeadTimeDays: averageLeadTime(quotes.map((q) => q.leadTimeDays)),
      rank: null as number | null,
    };
  });
  const ranked = suppliers
    .filter((s) => s.responded)
    .sort(
      (a, b) =>
        Number(b.quotedLines === rfq.lines.length) - Number(a.quotedLines === rfq.lines.length) ||
        money.compare(a.total!, b.total!) ||
        (a.averageLeadTimeDays ?? Infinity) - (b.averageLeadTimeDays ?? Infinity),
    );
  for (const [index, supplier] of ranked.entries()) supplier.rank = index + 1;
  return { lines, suppliers };
}
