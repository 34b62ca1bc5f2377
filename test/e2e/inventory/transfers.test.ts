import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, NotFoundError, ValidationError, type Item, type StockTransfer } from '../../../src/index.js';
import type { WebhookEvent } from '../../../src/webhooks/index.js';
import { accountByNumber, failureOf, journalEntryCount, sandbox } from '../../support/sandbox.js';
import { locationsTable } from '../../../mock-server/domain/inventory/index.js';

const { mock, acs } = sandbox();

beforeEach(() => {
  mock.reset();
});

const locationId = (code: string) =>
  locationsTable({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId } as never).byIndex('code', code)[0].id;
const byCode = async (itemCode: string): Promise<Item> => (await acs.items.list({ itemCode })).data[0];
const stockAt = async (itemId: string, location: string) =>
  (await acs.items.retrieve(itemId)).locations.find((l) => l.locationId === locationId(location))?.stock ?? 0;
const inventoryBalance = async () => (await acs.accounts.retrieve((await accountByNumber(acs, '1140')).id)).balance;

async function requestChairs(
  quantity: number,
  extra: { requestApproval?: boolean } = {},
): Promise<{ chair: Item; transfer: StockTransfer }> {
  const chair = await byCode('CHR-100');
  const transfer = await acs.inventory.transfers.create({
    fromLocationId: locationId('WH-SJ'),
    toLocationId: locationId('SR-PJ'),
    reference: 'Showroom restock',
    items: [{ itemId: chair.id, quantity, notes: 'Black mesh' }],
    ...extra,
  });
  return { chair, transfer };
}

describe('acs.inventory.transfers', () => {
  it('requests, ships, receives in part and completes a transfer; stock follows and the ledger does not move', async () => {
    const ledgerBefore = { balance: await inventoryBalance(), entries: await journalEntryCount(acs) };
    const { chair, transfer } = await requestChairs(5);
    const warehouseBefore = await stockAt(chair.id, 'WH-SJ');
    const showroomBefore = await stockAt(chair.id, 'SR-PJ');
    expect(transfer).toMatchObject({
      transferNumber: 'TRF-000003',
      status: 'requested',
      fromLocation: { id: locationId('WH-SJ'), name: 'Subang Jaya warehouse' },
      toLocation: { id: locationId('SR-PJ'), name: 'Petaling Jaya showroom' },
      reference: 'Showroom restock',
      approvals: [],
      shipping: { method: null, trackingNumber: null, shippedAt: null, estimatedDelivery: null, actualDelivery: null },
    });
    expect(transfer.items).toEqual([
      expect.objectContaining({
        itemId: chair.id,
        itemCode: 'CHR-100',
        quantityRequested: 5,
        quantityShipped: 0,
        quantityReceived: 0,
        unitCost: 180,
        totalCost: 900,
        notes: 'Black mesh',
      }),
    ]);

    const shipped = await acs.inventory.transfers.updateStatus(transfer.id, {
      status: 'shipped',
      shipping: { method: 'Company van', trackingNumber: 'VAN-0042', estimatedDelivery: '2026-12-01' },
    });
    expect(shipped.shipping).toMatchObject({
      method: 'Company van',
      trackingNumber: 'VAN-0042',
      estimatedDelivery: '2026-12-01',
      shippedAt: expect.any(String),
    });
    expect(shipped.totalValue).toBe(900);
    expect(await stockAt(chair.id, 'WH-SJ')).toBe(warehouseBefore - 5);
    expect(await stockAt(chair.id, 'TRANSIT')).toBe(5);

    const part = await acs.inventory.transfers.updateStatus(transfer.id, {
      status: 'partially_received',
      items: [{ itemId: chair.id, quantity: 2 }],
    });
    expect(part).toMatchObject({
      status: 'partially_received',
      items: [expect.objectContaining({ quantityShipped: 5, quantityReceived: 2 })],
    });
    expect([await stockAt(chair.id, 'TRANSIT'), await stockAt(chair.id, 'SR-PJ')]).toEqual([3, showroomBefore + 2]);

    const done = await acs.inventory.transfers.updateStatus(transfer.id, { status: 'completed', notes: 'All in' });
    expect(done.status).toBe('completed');
    expect(done.shipping.actualDelivery).toBe(mock.today());
    expect(done.statusHistory.map((h) => h.status)).toEqual(['requested', 'shipped', 'partially_received', 'completed']);
    expect([await stockAt(chair.id, 'WH-SJ'), await stockAt(chair.id, 'TRANSIT'), await stockAt(chair.id, 'SR-PJ')]).toEqual([
      warehouseBefore - 5,
      0,
      showroomBefore + 5,
    ]);
    expect({ balance: await inventoryBalance(), entries: await journalEntryCount(acs) }).toEqual(ledgerBefore);
    expect(await acs.inventory.transfers.retrieve(transfer.id)).toEqual(done);
  });

  it('POST /v1/stock-transfers is the same request', async () => {
    const chair = await byCode('CHR-100');
    const transfer = await acs.inventory.transfers.createShortForm({
      fromLocationId: locationId('WH-SJ'),
      toLocationId: locationId('SR-PJ'),
      items: [{ itemId: chair.id, quantity: 1 }],
    });
    expect(transfer).toMatchObject({ transferNumber: 'TRF-000003', status: 'requested', date: mock.today() });
  });

  it('records the approval step of a transfer created with requestApproval', async () => {
    const { transfer } = await requestChairs(1, { requestApproval: true });
    expect(transfer.status).toBe('pending_approval');
    expect(await failureOf(acs.inventory.transfers.updateStatus(transfer.id, { status: 'shipped' }))).toBeInstanceOf(BusinessRuleError);
    const approved = await acs.inventory.transfers.updateStatus(transfer.id, { status: 'approved', notes: 'OK for the launch display' });
    expect(approved.approvals).toEqual([
      { step: 1, approvedBy: expect.any(String), approvedAt: expect.any(String), notes: 'OK for the launch display' },
    ]);
    expect((await acs.inventory.transfers.updateStatus(transfer.id, { status: 'shipped' })).status).toBe('shipped');
  });

  it('lists transfers with for await, filtered by status, location and item, after the demo’s own two', async () => {
    const demo = (await acs.inventory.transfers.list()).data;
    expect(demo.map((t) => [t.transferNumber, t.status, t.fromLocation.name, t.toLocation.name])).toEqual([
      ['TRF-000002', 'pending_approval', 'Subang Jaya warehouse', 'Petaling Jaya showroom'],
      ['TRF-000001', 'completed', 'Petaling Jaya showroom', 'Subang Jaya warehouse'],
    ]);
    const { chair, transfer } = await requestChairs(1);
    await acs.inventory.transfers.updateStatus(transfer.id, { status: 'shipped' });
    const paper = await byCode('PAP-A4');
    await acs.inventory.transfers.create({
      fromLocationId: locationId('WH-SJ'),
      toLocationId: locationId('SR-PJ'),
      items: [{ itemId: paper.id, quantity: 10 }],
    });
    const seen: string[] = [];
    for await (const t of acs.inventory.transfers.list({ limit: 1 })) seen.push(t.transferNumber);
    expect(seen).toEqual(['TRF-000004', 'TRF-000003', 'TRF-000002', 'TRF-000001']);
    const numbers = async (query: Parameters<typeof acs.inventory.transfers.list>[0]) =>
      (await acs.inventory.transfers.list(query)).data.map((t) => t.transferNumber);
    expect(await numbers({ status: 'shipped' })).toEqual(['TRF-000003']);
    expect(await numbers({ itemId: paper.id })).toEqual(['TRF-000004']);
    expect(await numbers({ fromLocationId: locationId('SR-PJ') })).toEqual(['TRF-000001']);
    expect(await numbers({ locationId: locationId('SR-PJ'), dateTo: mock.today() })).toEqual([
      'TRF-000004',
      'TRF-000003',
      'TRF-000002',
      'TRF-000001',
    ]);
    expect(await numbers({ itemId: chair.id, dateFrom: mock.today() })).toEqual(['TRF-000003']);
    expect(await numbers({ search: 'RTN-DISPLAY' })).toEqual(['TRF-000001']);
  });

  it('publishes inventory.transfer on creation and on every status change, with the transfer as the API shows it', async () => {
    const seen = mock.events.history.length;
    const { chair, transfer } = await requestChairs(2);
    await acs.inventory.transfers.updateStatus(transfer.id, { status: 'shipped' });
    await acs.inventory.transfers.updateStatus(transfer.id, { status: 'partially_received', items: [{ itemId: chair.id, quantity: 1 }] });
    const done = await acs.inventory.transfers.updateStatus(transfer.id, { status: 'completed' });
    const events = mock.events.history.slice(seen).filter((e) => e.event === 'inventory.transfer') as WebhookEvent[];
    // Typed for webhook consumers: `data` of `inventory.transfer` is a StockTransfer.
    const transfers = events.map((e): StockTransfer | null => (e.event === 'inventory.transfer' ? e.data : null));
    expect(transfers.map((t) => t?.status)).toEqual(['requested', 'shipped', 'partially_received', 'completed']);
    expect(events.at(-1)!.data).toEqual(done);
  });

  it('refuses bad requests with clear errors and writes nothing', async () => {
    const chair = await byCode('CHR-100');
    const service = await byCode('SVC-DEL');
    const warehouse = locationId('WH-SJ');
    const body = (over: object) => ({
      fromLocationId: warehouse,
      toLocationId: locationId('SR-PJ'),
      items: [{ itemId: chair.id, quantity: 1 }],
      ...over,
    });
    const onHand = await stockAt(chair.id, 'WH-SJ');
    const events = mock.events.history.length;
    const transfers = (await acs.inventory.transfers.list()).total;

    const same = (await failureOf(acs.inventory.transfers.create(body({ toLocationId: warehouse })))) as ValidationError;
    expect(same).toBeInstanceOf(ValidationError);
    expect(same.details).toEqual([expect.objectContaining({ field: 'toLocationId', code: 'INVALID_CHOICE' })]);
    expect(await failureOf(acs.inventory.transfers.create(body({ toLocationId: 'loc_nowhere' })))).toMatchObject({
      status: 404,
      code: 'LOCATION_NOT_FOUND',
    });
    expect(await failureOf(acs.inventory.transfers.create(body({ toLocationId: locationId('TRANSIT') })))).toBeInstanceOf(
      BusinessRuleError,
    );
    expect(await failureOf(acs.inventory.transfers.create(body({ items: [{ itemId: service.id, quantity: 1 }] })))).toBeInstanceOf(
      BusinessRuleError,
    );
    expect(await failureOf(acs.inventory.transfers.create(body({ items: [{ itemId: chair.id, quantity: 0 }] })))).toBeInstanceOf(
      ValidationError,
    );
    expect(await failureOf(acs.inventory.transfers.create(body({ items: [{ itemId: chair.id, quantity: -3 }] })))).toBeInstanceOf(
      ValidationError,
    );
    expect(await failureOf(acs.inventory.transfers.create(body({ items: [{ itemId: chair.id, quantity: onHand + 1 }] })))).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_STOCK',
      details: [expect.objectContaining({ field: 'items.0.quantity', onHand, requested: onHand + 1 })],
    });
    expect(await failureOf(acs.inventory.transfers.retrieve('trf_nowhere'))).toBeInstanceOf(NotFoundError);
    expect(await failureOf(acs.inventory.transfers.updateStatus('trf_nowhere', { status: 'shipped' }))).toMatchObject({
      code: 'TRANSFER_NOT_FOUND',
    });

    expect((await acs.inventory.transfers.list()).total).toBe(transfers);
    expect(await stockAt(chair.id, 'WH-SJ')).toBe(onHand);
    expect(mock.events.history.length).toBe(events);
    // The number sequence is untouched: the next transfer follows the demo's two.
    expect((await acs.inventory.transfers.create(body({}))).transferNumber).toBe('TRF-000003');
  });
});
