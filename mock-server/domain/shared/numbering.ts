import type { CompanyContext } from '../../store/context.js';

/** How a kind of document is numbered: its per-company sequence, its prefix and the digits it pads to. */
export interface NumberFormat {
  sequence: string;
  prefix: string;
  digits: number;
}

/** `JE-000001`, `CUST-00001`: the next number of the company's sequence, undone with a refused request's transaction. */
export const nextDocumentNumber = (ctx: CompanyContext, format: NumberFormat): string =>
  `${format.prefix}-${String(ctx.store.nextNumber(ctx.companyId, format.sequence)).padStart(format.digits, '0')}`;
