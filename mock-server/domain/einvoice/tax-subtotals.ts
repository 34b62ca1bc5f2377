import * as money from '../shared/money.js';
import type { EinvoiceSource } from './source.js';

/** One tax subtotal: what a category and rate (and tax type) tax, and the tax (EN16931 BG-23; MyInvois TaxSubtotal). */
export interface TaxSubtotal {
  category: string;
  rate: number;
  /** MyInvois tax type of the lines (01 sales, 02 service, 06 not applicable, E exempt). */
  taxType: string;
  taxableAmount: money.Amount;
  taxAmount: money.Amount;
  /** Why no tax is due: required for categories E and O (BR-E-10, BR-O-10). */
  exemptionReason?: string;
}

/**
 * The document's lines (and an untaxed document-level charge) grouped by tax category, rate and tax
 * type; the tax of a group is the sum of its lines' own rounded tax, so the subtotals add up to the
 * document's `totalTax` to the cent. `byCategory` groups by category and rate alone: EN16931 wants one
 * breakdown per category and rate (BR-E-01, BR-Z-01, BR-S-08), whatever the MyInvois tax type.
 */
export function taxSubtotals(
  source: EinvoiceSource,
  charge: { category: string; amount: number } | null,
  byCategory = false,
): TaxSubtotal[] {
  const groups = new Map<string, TaxSubtotal>();
  const add = (category: string, rate: number, taxType: string, taxable: number, tax: number, reason: string) => {
    const key = byCategory ? `${category}|${rate}` : `${category}|${rate}|${taxType}`;
    const group = groups.get(key) ?? { category, rate, taxType, taxableAmount: money.ZERO, taxAmount: money.ZERO };
    group.taxableAmount = group.taxableAmount.plus(taxable);
    group.taxAmount = group.taxAmount.plus(tax);
    if (category === 'E' || category === 'O') group.exemptionReason ??= reason;
    groups.set(key, group);
  };
  for (const line of source.lines)
    add(line.tax.peppolCategory, line.tax.rate, line.tax.myinvoisTaxType, line.lineTotal, line.taxAmount, line.tax.name);
  if (charge) add(charge.category, 0, charge.category === 'O' ? '06' : 'E', charge.amount, 0, 'Delivery charge not subject to tax');
  return [...groups.values()];
}
