import { approveRequisition, createRequisition, createRfq, respondToRfq, sendRfq, suppliersTable } from '../domain/purchasing/index.js';
import { findItemByCode } from '../domain/inventory/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { addDays, companyToday } from '../domain/shared/calendar.js';
import { clockAt } from './sales.js';

/** A demo requisition line: an item by code, or a description at an estimated price; the suggested supplier by name. */
interface DemoRequisitionLine {
  itemCode?: string;
  description?: string;
  quantity: number;
  estimatedUnitPrice?: number;
  supplier?: string;
}

/** A demo RFQ sourcing an approved requisition: the invited suppliers, and each one's quote as unit prices by line. */
interface DemoRfq {
  title: string;
  suppliers: string[];
  responses: { supplier: string; daysAgo: number; unitPrices: number[]; leadTimeDays: number; validForDays: number }[];
}

export interface DemoRequisition {
  daysAgo: number;
  requestedBy: string;
  department: string;
  requiredInDays: number;
  lines: DemoRequisitionLine[];
  /** Approved a day after it was raised, and sourced through this RFQ. */
  rfq?: DemoRfq;
}

/**
 * The demo's sourcing (PUR-52): for the trading company one requisition waiting for approval,
 * and one approved and out for quotation with two suppliers, both of whom have quoted; for the bakery
 * a flour requisition out for quotation with its mill.
 */
export const DEMO_REQUISITIONS: readonly DemoRequisition[][] = [
  [
    {
      daysAgo: 6,
      requestedBy: 'Nurul Aina',
      department: 'Showroom',
      requiredInDays: 24,
      lines: [{ itemCode: 'CHR-200', quantity: 12 }],
      rfq: {
        title: 'Executive chairs for the showroom',
        suppliers: ['Kilang Perabot Muar Sdn Bhd', 'Shenzhen Ergo Seating Co., Ltd.'],
        responses: [
          { supplier: 'Kilang Perabot Muar Sdn Bhd', daysAgo: 3, unitPrices: [405], leadTimeDays: 10, validForDays: 30 },
          { supplier: 'Shenzhen Ergo Seating Co., Ltd.', daysAgo: 2, unitPrices: [372], leadTimeDays: 35, validForDays: 20 },
        ],
      },
    },
    {
      daysAgo: 1,
      requestedBy: 'Lim Wei Jie',
      department: 'Warehouse',
      requiredInDays: 14,
      lines: [
        { itemCode: 'CHR-100', quantity: 20, supplier: 'Kilang Perabot Muar Sdn Bhd' },
        { description: 'Stretch wrap film, 500 mm roll', quantity: 24, estimatedUnitPrice: 18.5, supplier: 'Syarikat Alat Tulis Bestari' },
      ],
    },
  ],
  [
    {
      daysAgo: 4,
      requestedBy: 'Kak Yati',
      department: 'Kitchen',
      requiredInDays: 10,
      lines: [{ description: 'Bread flour, 25 kg sack', quantity: 40, estimatedUnitPrice: 68, supplier: 'FFM Flour Mills Berhad' }],
      rfq: {
        title: 'Bread flour for December',
        suppliers: ['FFM Flour Mills Berhad'],
        responses: [{ supplier: 'FFM Flour Mills Berhad', daysAgo: 1, unitPrices: [66.5], leadTimeDays: 3, validForDays: 14 }],
      },
    },
  ],
];

function supplierId(ctx: ActingContext, name: string): string {
  const supplier = suppliersTable(ctx)
    .all()
    .find((s) => s.name === name);
  if (!supplier) throw new Error(`demo supplier ${name} is missing`);
  return supplier.id;
}

function itemId(ctx: ActingContext, itemCode: string): string {
  const item = findItemByCode(ctx, itemCode);
  if (!item) throw new Error(`demo item ${itemCode} is missing`);
  return item.id;
}

/** Through the purchasing domain, at their dates, so numbers, links and events agree; RFQs are sent without outbox messages. */
export function seedSourcing(ctx: ActingContext, requisitions: readonly DemoRequisition[]): void {
  const at = clockAt(ctx.clock);
  for (const demo of requisitions) {
    const requisition = at(-demo.daysAgo, () =>
      createRequisition(ctx, {
        requestedBy: demo.requestedBy,
        department: demo.department,
        requiredDate: addDays(companyToday(ctx), demo.requiredInDays),
        lines: demo.lines.map((line) => ({
          itemId: line.itemCode ? itemId(ctx, line.itemCode) : undefined,
          description: line.description,
          quantity: line.quantity,
          estimatedUnitPrice: line.estimatedUnitPrice,
          suggestedSupplierId: line.supplier ? supplierId(ctx, line.supplier) : null,
        })),
      }),
    );
    const rfq = demo.rfq;
    if (!rfq) continue;
    at(1 - demo.daysAgo, () => approveRequisition(ctx, requisition.id));
    const sent = at(1 - demo.daysAgo, () => {
      const draft = createRfq(ctx, {
        requisitionId: requisition.id,
        title: rfq.title,
        supplierIds: rfq.suppliers.map((name) => supplierId(ctx, name)),
      });
      return sendRfq(ctx, draft.id, {}, { recordMessage: false });
    });
    for (const response of rfq.responses) {
      at(-response.daysAgo, () =>
        respondToRfq(ctx, sent.id, {
          supplierId: supplierId(ctx, response.supplier),
          lines: sent.lines.map((line, index) => ({
            lineId: line.id,
            unitPrice: response.unitPrices[index],
            leadTimeDays: response.leadTimeDays,
          })),
          validUntil: addDays(companyToday(ctx), response.validForDays),
        }),
      );
    }
  }
}
