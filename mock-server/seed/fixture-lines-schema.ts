import { z } from 'zod';
import { BillLineCreate, DocumentLineCreate } from '../../src/contract/index.js';

// What a fixture's documents and the notes on them share (MOCK-40, MOCK-47): a date, codes and numbers instead of ids, lines.

export const day = z.iso.date();
export const code = z.string().min(1).max(50);
export const accountNumber = z.string().min(1).max(20);

/** A sales line: `item` is an item's code of this fixture company (instead of `itemId`). */
export const FixtureSalesLine = z
  .object({ ...DocumentLineCreate.shape })
  .omit({ itemId: true })
  .extend({ item: code.optional() });

/** A bill line: `item` is an item's code (a tracked stock item is billed only through its order, PUR-36). */
export const FixtureBillLine = z
  .object({ ...BillLineCreate.shape })
  .omit({ itemId: true, purchaseOrderLineId: true })
  .extend({ item: code.optional() });

export const lines = <T extends z.ZodType>(line: T) => z.array(line).min(1).max(200);

/** A line of the document a note corrects, by its position in that document's `items` (MOCK-47), and the quantity credited. */
export const FixtureCreditedLine = z.object({ line: z.number().int().min(0).max(199), quantity: z.number().positive() });
