import { findItemByCode } from '../domain/inventory/index.js';
import {
  cancelPurchaseOrder,
  confirmPurchaseOrder,
  createPurchaseOrder,
  receivePurchaseOrder,
  sendPurchaseOrder,
  suppliersTable,
  type PurchaseOrderRow,
} from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { addDays, companyToday } from '../domain/shared/calendar.js';
import { clockAt } from './sales.js';

/** A line: an item of the catalogue by code, or a description-only (non-stock) line. */
export interface DemoPurchaseLine {
  itemCode?: string;
  description?: string;
  quantity: number;
  unitPrice: number;
  taxCode?: string | null;
}

/** What arrived `daysAgo`: by line index; a lot expires `expiresInDays` after the receipt. */
export interface DemoReceipt {
  daysAgo: number;
  lines: { line: number; quantity: number; lotNumber?: string; expiresInDays?: number }[];
}

/**
 * A demo purchase order: raised `daysAgo` with the supplier by name, then (each optional, in days ago)
 * sent, confirmed with the supplier's promised dates, received in parts, cancelled.
 */
export interface DemoPurchaseOrder {
  daysAgo: number;
  supplier: string;
  reference: string;
  /** Days after the order date. */
  requiredInDays?: number;
  currency?: string;
  exchangeRate?: number;
  lines: DemoPurchaseLine[];
  sentDaysAgo?: number;
  /** With the delivery date the supplier promises for every line, in days after the order date. */
  confirmed?: { daysAgo: number; promisedInDays: number };
  receipts?: DemoReceipt[];
  cancelled?: { daysAgo: number; reason: string };
}

/**
 * The demo companies' purchase orders (PUR-52): the trading company has one in every state (a
 * draft, a sent, a confirmed, two partly received of which one in US dollars from Shenzhen and overdue,
 * a received one with a non-stock freight line, a cancelled one); the bakery a received flour order
 * whose lot expires. Receipts leave their value on goods received not invoiced until billed.
 */
export const DEMO_PURCHASE_ORDERS: readonly DemoPurchaseOrder[][] = [
  [
    {
      daysAgo: 2,
      supplier: 'Syarikat Alat Tulis Bestari',
      reference: 'OFFICE-Q4',
      lines: [{ description: 'A4 paper, box of 5 reams', quantity: 6, unitPrice: 58 }],
    },
    {
      daysAgo: 6,
      supplier: 'Kilang Perabot Muar Sdn Bhd',
      reference: 'RESTOCK-CAB',
      requiredInDays: 14,
      lines: [{ itemCode: 'CAB-3D', quantity: 15, unitPrice: 210 }],
      sentDaysAgo: 5,
    },
    {
      daysAgo: 12,
      supplier: 'Kilang Perabot Muar Sdn Bhd',
      reference: 'DESKS-NOV',
      requiredInDays: 21,
      lines: [{ itemCode: 'DSK-160', quantity: 10, unitPrice: 780 }],
      sentDaysAgo: 11,
      confirmed: { daysAgo: 9, promisedInDays: 18 },
    },
    {
      daysAgo: 20,
      supplier: 'Syarikat Alat Tulis Bestari',
      reference: 'STATIONERY-OCT',
      requiredInDays: 7,
      lines: [
        { itemCode: 'PAP-A4', quantity: 200, unitPrice: 56 },
        { itemCode: 'PEN-BLU', quantity: 100, unitPrice: 18 },
      ],
      sentDaysAgo: 20,
      receipts: [
        {
          daysAgo: 14,
          lines: [
            { line: 0, quantity: 120 },
            { line: 1, quantity: 100 },
          ],
        },
      ],
    },
    {
      daysAgo: 40,
      supplier: 'Shenzhen Ergo Seating Co., Ltd.',
      reference: 'IMPORT-2026-07',
      requiredInDays: 35,
      currency: 'USD',
      exchangeRate: 4.45,
      lines: [{ itemCode: 'CHR-100', quantity: 60, unitPrice: 36, taxCode: null }],
      sentDaysAgo: 40,
      confirmed: { daysAgo: 38, promisedInDays: 30 },
      receipts: [{ daysAgo: 8, lines: [{ line: 0, quantity: 36, lotNumber: 'SZ-CONT-0917' }] }],
    },
    {
      daysAgo: 45,
      supplier: 'Kilang Perabot Muar Sdn Bhd',
      reference: 'EXEC-CHAIRS',
      requiredInDays: 21,
      lines: [
        { itemCode: 'CHR-200', quantity: 20, unitPrice: 420 },
        { description: 'Freight Muar to Subang Jaya warehouse', quantity: 1, unitPrice: 350, taxCode: null },
      ],
      sentDaysAgo: 45,
      confirmed: { daysAgo: 44, promisedInDays: 14 },
      receipts: [
        {
          daysAgo: 35,
          lines: [
            { line: 0, quantity: 12 },
            { line: 1, quantity: 1 },
          ],
        },
        { daysAgo: 30, lines: [{ line: 0, quantity: 8 }] },
      ],
    },
    {
      daysAgo: 25,
      supplier: 'Syarikat Alat Tulis Bestari',
      reference: 'FILES-BULK',
      lines: [{ itemCode: 'FLD-LEV', quantity: 500, unitPrice: 3.2 }],
      sentDaysAgo: 25,
      cancelled: { daysAgo: 23, reason: 'Supplier cannot deliver before year end; ordered from stock elsewhere' },
    },
  ],
  [
    {
      daysAgo: 15,
      supplier: 'FFM Flour Mills Berhad',
      reference: 'FLOUR-WK46',
      requiredInDays: 3,
      lines: [{ itemCode: 'ING-FLR', quantity: 40, unitPrice: 62 }],
      sentDaysAgo: 15,
      receipts: [{ daysAgo: 12, lines: [{ line: 0, quantity: 40, lotNumber: 'FFM-2611-A', expiresInDays: 180 }] }],
    },
  ],
];

/** One dated step of the purchasing history: the steps of every order run in date order, as the sales history does. */
interface DemoStep {
  daysAgo: number;
  order: number;
  run: () => void;
}

function orderSteps(ctx: ActingContext, demo: DemoPurchaseOrder, orderIndex: number, made: PurchaseOrderRow[]): DemoStep[] {
  const order = () => made[orderIndex];
  const steps: DemoStep[] = [];
  const at = (daysAgo: number, run: () => unknown) => steps.push({ daysAgo, order: orderIndex, run: () => void run() });
  at(demo.daysAgo, () => {
    const supplier = suppliersTable(ctx)
      .all()
      .find((s) => s.name === demo.supplier);
    if (!supplier) throw new Error(`demo supplier ${demo.supplier} is missing`);
    const today = companyToday(ctx);
    const items = demo.lines.map(({ itemCode, ...line }) => {
      const item = itemCode ? findItemByCode(ctx, itemCode) : undefined;
      if (itemCode && !item) throw new Error(`demo item ${itemCode} is missing`);
      return { ...line, ...(item ? { itemId: item.id } : {}) };
    });
    const requiredDate = demo.requiredInDays === undefined ? undefined : addDays(today, demo.requiredInDays);
    made[orderIndex] = createPurchaseOrder(ctx, {
      supplierId: supplier.id,
      reference: demo.reference,
      requiredDate,
      currency: demo.currency,
      exchangeRate: demo.exchangeRate,
      items,
    });
  });
  if (demo.sentDaysAgo !== undefined) at(demo.sentDaysAgo, () => sendPurchaseOrder(ctx, order().id, {}, { recordMessage: false }));
  const confirmed = demo.confirmed;
  if (confirmed) {
    at(confirmed.daysAgo, () => {
      const expectedDate = addDays(order().orderDate, confirmed.promisedInDays);
      confirmPurchaseOrder(ctx, order().id, { items: order().items.map((line) => ({ lineId: line.id, expectedDate })) });
    });
  }
  for (const receipt of demo.receipts ?? []) {
    at(receipt.daysAgo, () => {
      const today = companyToday(ctx);
      const items = receipt.lines.map(({ line, quantity, lotNumber, expiresInDays }) => ({
        lineId: order().items[line].id,
        quantity,
        ...(lotNumber ? { lotNumber } : {}),
        ...(expiresInDays !== undefined ? { expiryDate: addDays(today, expiresInDays) } : {}),
      }));
      receivePurchaseOrder(ctx, order().id, { items });
    });
  }
  if (demo.cancelled) at(demo.cancelled.daysAgo, () => cancelPurchaseOrder(ctx, order().id, { reason: demo.cancelled!.reason }));
  return steps;
}

export function seedPurchaseOrders(ctx: ActingContext, orders: readonly DemoPurchaseOrder[]): void {
  const at = clockAt(ctx.clock);
  const made: PurchaseOrderRow[] = [];
  const steps = orders.flatMap((demo, index) => orderSteps(ctx, demo, index, made));
  // Oldest first; on one day an order's own steps keep their order (created, sent, confirmed, received).
  steps.sort((a, b) => b.daysAgo - a.daysAgo || a.order - b.order);
  for (const step of steps) at(-step.daysAgo, step.run);
}
