import {
  changeStockTransferStatus,
  createStockTransfer,
  findItemByCode,
  locationsTable,
  type TransferStatusInput,
} from '../domain/inventory/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { clockAt } from './sales.js';

/** A demo transfer: requested `daysAgo` from one location code to another, then moved along its dated steps. */
export interface DemoTransfer {
  daysAgo: number;
  from: string;
  to: string;
  reference: string;
  notes: string;
  lines: [itemCode: string, quantity: number][];
  requestApproval?: boolean;
  steps: [daysAgo: number, change: Omit<TransferStatusInput, 'items'>][];
}

/**
 * The demo companies' transfers (INV-32): the trading company's showroom sent a display desk back
 * to the warehouse and has two chairs awaiting approval; the bakery has a shop restock requested. None
 * takes stock out of a default location, so the demo sales find what they sell where they sell it.
 */
export const DEMO_TRANSFERS: readonly DemoTransfer[][] = [
  [
    {
      daysAgo: 60,
      from: 'SR-PJ',
      to: 'WH-SJ',
      reference: 'RTN-DISPLAY-01',
      notes: 'Display desk back to the warehouse after the showroom refit',
      lines: [['DSK-120', 1]],
      steps: [
        [60, { status: 'shipped', shipping: { method: 'Company van', trackingNumber: 'VAN-0017' } }],
        [59, { status: 'completed', notes: 'Received in good condition' }],
      ],
    },
    {
      daysAgo: 1,
      from: 'WH-SJ',
      to: 'SR-PJ',
      reference: 'SR-RESTOCK-12',
      notes: 'Executive chairs for the showroom',
      lines: [['CHR-200', 2]],
      requestApproval: true,
      steps: [],
    },
  ],
  [
    {
      daysAgo: 0,
      from: 'KITCHEN',
      to: 'SHOP',
      reference: 'SHOP-AM',
      notes: 'Morning shelf for the shop front',
      lines: [['BRD-WHT', 10]],
      steps: [],
    },
  ],
];

export function seedTransfers(ctx: ActingContext, transfers: readonly DemoTransfer[]): void {
  const asOf = clockAt(ctx.clock);
  const at = (code: string) => locationsTable(ctx).byIndex('code', code)[0].id;
  for (const demo of transfers) {
    const items = demo.lines.map(([code, quantity]) => ({ itemId: findItemByCode(ctx, code)!.id, quantity }));
    const input = {
      fromLocationId: at(demo.from),
      toLocationId: at(demo.to),
      reference: demo.reference,
      notes: demo.notes,
      items,
      requestApproval: demo.requestApproval,
    };
    const transfer = asOf(-demo.daysAgo, () => createStockTransfer(ctx, input));
    for (const [daysAgo, change] of demo.steps) asOf(-daysAgo, () => changeStockTransferStatus(ctx, transfer.id, change));
  }
}
