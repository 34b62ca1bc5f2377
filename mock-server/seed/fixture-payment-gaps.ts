import type { AtPath } from './fixture-problem.js';

/** A payment as a fixture writes it: made after `afterCreditNotes` of its document's credit notes, voided after as many (MOCK-52). */
interface PlacedPayment {
  afterCreditNotes?: number;
  void?: { afterCreditNotes?: number };
}

/** Where a payment is made and where its void, among its document's credit notes (`notes` of them): never before it. */
export function gapsOf(payment: PlacedPayment, notes: number): { made: number; voided: number } {
  const made = Math.min(payment.afterCreditNotes ?? 0, notes);
  return { made, voided: Math.max(made, Math.min(payment.void?.afterCreditNotes ?? 0, notes)) };
}

/**
 * The payments and voids a document's load makes before its credit note `gap` (after the last one when `gap` is their
 * count), as the API made them between its notes (MOCK-52): first the voids of payments made earlier, then each
 * payment of the gap, voided right after it when its void falls in the same gap.
 */
export function moveGap<P extends PlacedPayment>(
  payments: readonly P[] | undefined,
  notes: number,
  gap: number,
  path: string,
  at: AtPath,
  write: { pay(payment: Omit<P, 'void'>, p: number): void; void(voided: NonNullable<P['void']>, p: number): void },
): void {
  payments?.forEach((payment, p) => {
    const { made, voided } = gapsOf(payment, notes);
    if (payment.void && made < gap && voided === gap) at(`${path}.payments[${p}].void`, () => write.void(payment.void!, p));
  });
  payments?.forEach((payment, p) => {
    const { made, voided } = gapsOf(payment, notes);
    if (made !== gap) return;
    const { void: voidBody, ...body } = payment;
    at(`${path}.payments[${p}]`, () => write.pay(body, p));
    if (voidBody && voided === gap) at(`${path}.payments[${p}].void`, () => write.void(voidBody as NonNullable<P['void']>, p));
  });
}
