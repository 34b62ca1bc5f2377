import { findItemByCode } from '../domain/inventory/index.js';
import {
  approveBill,
  createBill,
  createPurchaseOrder,
  payBill,
  receivePurchaseOrder,
  sendPurchaseOrder,
  suppliersTable,
} from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { clockAt } from './sales.js';

/** The supplier's invoice as scanned: a minimal PDF, so the demo shows an attachment that downloads. */
const SCANNED_INVOICE = {
  filename: 'KPM-24-0917.pdf',
  mimeType: 'application/pdf',
  content: btoa(
    '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  ),
};

/** One dated step of the demo's payables story. */
type Step = [daysAgo: number, run: () => unknown];

/** An approved single-line expense bill of a demo supplier (found by the start of its name). */
function approvedExpense(
  ctx: ActingContext,
  supplierName: string,
  number: string,
  description: string,
  unitPrice: number,
  accountCode: string,
): string {
  const supplier = suppliersTable(ctx)
    .all()
    .find((s) => s.name.startsWith(supplierName));
  if (!supplier) throw new Error(`demo supplier ${supplierName} is missing`);
  const bill = createBill(ctx, {
    supplierId: supplier.id,
    supplierInvoiceNumber: number,
    items: [{ description, quantity: 1, unitPrice, accountCode, taxCode: null }],
  });
  return approveBill(ctx, bill.id).id;
}

/**
 * The trading company's bills: one for its own order of chairs (received, billed a little dearer than
 * ordered, now overdue), a label printer paid in full, a delivery charge paid in part, an open bill
 * within the factory's 2/10 discount window, and a dollar draft from Shenzhen.
 */
function tradingSteps(ctx: ActingContext): Step[] {
  const chair = findItemByCode(ctx, 'CHR-100');
  const supplierId = (name: string) =>
    suppliersTable(ctx)
      .all()
      .find((s) => s.name.startsWith(name))?.id ?? '';
  if (!chair) throw new Error('demo item CHR-100 is missing');
  const ids = { order: '', paid: '', partly: '' };
  const factory = supplierId('Kilang Perabot');
  return [
    [
      62,
      () =>
        (ids.order = sendPurchaseOrder(
          ctx,
          createPurchaseOrder(ctx, {
            supplierId: factory,
            reference: 'RESTOCK-CHR',
            items: [{ itemId: chair.id, quantity: 20, unitPrice: 175, taxCode: 'SST10' }],
          }).id,
          {},
          { recordMessage: false },
        ).id),
    ],
    [58, () => receivePurchaseOrder(ctx, ids.order, {})],
    // Billed at 178 against 175 ordered: within the 5% tolerance, so the difference is price variance. Due after 30 days: overdue now.
    [
      56,
      () =>
        approveBill(
          ctx,
          createBill(ctx, {
            supplierId: factory,
            supplierInvoiceNumber: 'KPM/24/0917',
            purchaseOrderId: ids.order,
            items: [{ itemId: chair.id, quantity: 20, unitPrice: 178 }],
            attachments: [SCANNED_INVOICE],
          }).id,
        ),
    ],
    [40, () => (ids.paid = approvedExpense(ctx, 'Syarikat Alat Tulis', 'ATB-55102', 'Label printer for the warehouse', 612.4, '1210'))],
    [15, () => payBill(ctx, ids.paid, { amount: 612.4, reference: 'IBG 0041' })],
    [10, () => (ids.partly = approvedExpense(ctx, 'Kilang Perabot', 'KPM/24/1031', 'Delivery of the showroom chairs', 845, '5200'))],
    [6, () => payBill(ctx, ids.partly, { amount: 300, reference: 'IBG 0077' })],
    [3, () => approvedExpense(ctx, 'Kilang Perabot', 'KPM/24/1102', 'Showroom display shelving', 2_400, '1220')],
    [
      1,
      () =>
        createBill(ctx, {
          supplierId: supplierId('Shenzhen Ergo'),
          supplierInvoiceNumber: 'SZE-2024-3381',
          exchangeRate: 4.45,
          items: [{ description: 'Chair samples', quantity: 1, unitPrice: 380, accountCode: '6600' }],
        }),
    ],
  ];
}

/** The bakery's flour bills: one paid, one open. */
function bakerySteps(ctx: ActingContext): Step[] {
  const ids = { paid: '' };
  return [
    [28, () => (ids.paid = approvedExpense(ctx, 'FFM Flour', 'FFM-88213', 'Bread flour, 40 bags', 1_520, '5100'))],
    [20, () => payBill(ctx, ids.paid, { amount: 1_520, reference: 'IBG 2210' })],
    [5, () => approvedExpense(ctx, 'FFM Flour', 'FFM-88540', 'Bread flour, 20 bags', 760, '5100')],
  ];
}

/**
 * The demo's bills (PUR-52), so every bill state shows at once (draft, open, overdue, partly paid,
 * paid), written in date order through the purchasing domain: ledger, supplier balances and stock agree.
 */
export function seedBills(ctx: ActingContext, kind: 'trading' | 'bakery'): void {
  const at = clockAt(ctx.clock);
  for (const [daysAgo, run] of kind === 'trading' ? tradingSteps(ctx) : bakerySteps(ctx)) at(-daysAgo, run);
}
