import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, NotFoundError, type Customer, type Item } from '../../../src/index.js';
import { controlAccount } from '../../../mock-server/domain/accounting/index.js';
import { locationsTable, postStockValue, recordStockMovements } from '../../../mock-server/domain/inventory/index.js';
import { forbidNegativeStock } from '../inventory/support.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// INV-28: invoicing relieves stock and posts cost of goods sold in the invoice's own
// entry; cancellations, credit notes and amendments put goods and cost back; confirmed orders reserve.

const { mock, acs } = sandbox();
const ctx = () => ({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId, principal: { actor: 'usr_test' } });
const locationId = (code: string) => locationsTable(ctx()).byIndex('code', code)[0].id;

let serial = 0;
const newCustomer = (): Promise<Customer> =>
  acs.customers.create({ name: `Stock Buyer ${++serial} Sdn Bhd`, email: `stock${serial}@buyer.my`, creditLimit: 0 });
/** A tracked item of the test's own, sold at 50.00 without tax. */
const newItem = (): Promise<Item> =>
  acs.items.create({
    itemCode: `STK-${++serial}`,
    name: `Stocked thing ${serial}`,
    type: 'inventory',
    pricing: { costPrice: 10, sellingPrice: 50 },
    tax: { salesTaxCode: 'NT', taxable: false },
  });

/** Goods received at `code` (default the warehouse) at `unitCost`: a movement and its Dr inventory / Cr opening balance entry. */
function receive(itemId: string, quantity: number, unitCost: number, code = 'WH-SJ'): void {
  const c = ctx();
  const date = mock.today();
  const source = { type: 'test_receipt', id: `rcv-${++serial}`, number: `RCV-${serial}` };
  const movements = recordStockMovements(c, [
    { date, itemId, locationId: locationId(code), quantity, unitCost, type: 'initial_stock', source },
  ]);
  postStockValue(c, {
    date,
    reference: source.number,
    description: 'Goods received',
    source,
    movements,
    counterAccountId: () => controlAccount(c, 'opening_balance').id,
  });
}

const stockOf = async (itemId: string) => {
  const item = await acs.items.retrieve(itemId);
  return { onHand: item.inventory.currentStock, reserved: item.inventory.reservedStock, available: item.inventory.availableStock };
};
const entryLines = async (journalEntryId: string) =>
  (await acs.journalEntries.retrieve(journalEntryId)).lines.map((l) => [l.accountNumber, l.debit, l.credit]);
const costLines = async (journalEntryId: string) =>
  (await entryLines(journalEntryId)).filter(([account]) => account === '1140' || account === '5100');
const reversalOf = async (journalEntryId: string) => (await acs.journalEntries.retrieve(journalEntryId)).reversedByEntryId!;

beforeEach(() => {
  mock.reset();
});

describe('invoices move stock', () => {
  it('sending an invoice issues its stock and posts cost of sales in the same entry', async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 10, 10);
    receive(item.id, 10, 12.5);
    const draft = await acs.invoices.create({
      customerId: customer.id,
      items: [
        { itemId: item.id, quantity: 15 },
        { description: 'Delivery', quantity: 1, unitPrice: 20, taxCode: null },
      ],
    });
    expect(draft).toMatchObject({ locationId: null });
    expect(await stockOf(item.id)).toEqual({ onHand: 20, reserved: 0, available: 20 });

    const invoice = await acs.invoices.send(draft.id);
    // FIFO (the trading company's method): 10 at 10.00 and 5 at 12.50.
    expect(await entryLines(invoice.journalEntryId!)).toEqual([
      ['1130', 770, 0],
      ['4100', 0, 770],
      ['1140', 0, 162.5],
      ['5100', 162.5, 0],
    ]);
    expect(await stockOf(item.id)).toEqual({ onHand: 5, reserved: 0, available: 5 });
  });

  it('selling more than is on hand takes stock below zero, the shortfall at the current cost', async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    expect(await acs.company.retrieve()).toMatchObject({ allowNegativeStock: true });
    receive(item.id, 3, 12);
    const draft = await acs.invoices.create({ customerId: customer.id, items: [{ itemId: item.id, quantity: 4 }] });
    const invoice = await acs.invoices.send(draft.id);
    // 3 at 12.00 held, and 1 beyond them at the newest layer's 12.00.
    expect(await costLines(invoice.journalEntryId!)).toEqual([
      ['1140', 0, 48],
      ['5100', 48, 0],
    ]);
    expect(await stockOf(item.id)).toEqual({ onHand: -1, reserved: 0, available: -1 });
  });

  it('where the company forbids negative stock, selling more than is on hand is refused with 422 INSUFFICIENT_STOCK naming the line, and the invoice stays a draft', async () => {
    forbidNegativeStock(mock);
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 3, 10);
    const draft = await acs.invoices.create({
      customerId: customer.id,
      items: [
        { description: 'Service', quantity: 1, unitPrice: 5, taxCode: null },
        { itemId: item.id, quantity: 4 },
      ],
    });
    const before = (await acs.journalEntries.list({ limit: 1 })).data[0]?.id;

    const error = await failureOf(acs.invoices.send(draft.id));
    expect(error).toMatchObject({
      status: 422,
      code: 'INSUFFICIENT_STOCK',
      details: [expect.objectContaining({ field: 'items.1.quantity', itemId: item.id, onHand: 3, requested: 4 })],
    });
    expect(await acs.invoices.retrieve(draft.id)).toMatchObject({ status: 'draft', journalEntryId: null });
    expect((await acs.journalEntries.list({ limit: 1 })).data[0]?.id).toBe(before);
    expect(await stockOf(item.id)).toMatchObject({ onHand: 3 });
  });

  it('cancelling a sent invoice returns the goods at the cost they left with', async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 10, 10);
    receive(item.id, 10, 12.5);
    const invoice = await acs.invoices.send(
      (await acs.invoices.create({ customerId: customer.id, items: [{ itemId: item.id, quantity: 15 }] })).id,
    );
    // Later goods cost more; the return still comes back at the 162.50 the sale took, not at today's cost.
    receive(item.id, 5, 20);

    await acs.invoices.cancel(invoice.id, { reason: 'Raised in error' });
    expect(await costLines(await reversalOf(invoice.journalEntryId!))).toEqual([
      ['1140', 162.5, 0],
      ['5100', 0, 162.5],
    ]);
    expect(await stockOf(item.id)).toMatchObject({ onHand: 25 });
  });

  it('amending a sent invoice puts the old goods back and issues the new quantity, in the restatement', async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 10, 10);
    const invoice = await acs.invoices.send(
      (await acs.invoices.create({ customerId: customer.id, items: [{ itemId: item.id, quantity: 4 }] })).id,
    );
    const amended = await acs.invoices.update(invoice.id, { items: [{ itemId: item.id, quantity: 6 }] });

    expect(amended.journalEntryId).not.toBe(invoice.journalEntryId);
    expect(await costLines(await reversalOf(invoice.journalEntryId!))).toEqual([
      ['1140', 40, 0],
      ['5100', 0, 40],
    ]);
    expect(await costLines(amended.journalEntryId!)).toEqual([
      ['1140', 0, 60],
      ['5100', 60, 0],
    ]);
    expect(await stockOf(item.id)).toMatchObject({ onHand: 4 });
  });

  it('an amendment that swaps goods for others at the same price is restated: stock follows the lines', async () => {
    const [customer, first, second] = [await newCustomer(), await newItem(), await newItem()];
    receive(first.id, 5, 10);
    receive(second.id, 5, 30);
    const invoice = await acs.invoices.send(
      (await acs.invoices.create({ customerId: customer.id, items: [{ itemId: first.id, quantity: 2 }] })).id,
    );
    const amended = await acs.invoices.update(invoice.id, { items: [{ itemId: second.id, quantity: 2 }] });

    expect(amended.journalEntryId).not.toBe(invoice.journalEntryId);
    expect(await costLines(amended.journalEntryId!)).toEqual([
      ['1140', 0, 60],
      ['5100', 60, 0],
    ]);
    expect([(await stockOf(first.id)).onHand, (await stockOf(second.id)).onHand]).toEqual([5, 3]);
  });

  it('an invoice names the location its goods leave from; an unknown one is 404, a transit one 422', async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 4, 10, 'SR-PJ');
    const showroom = locationId('SR-PJ');
    const invoice = await acs.invoices.send(
      (await acs.invoices.create({ customerId: customer.id, locationId: showroom, items: [{ itemId: item.id, quantity: 3 }] })).id,
    );
    expect(invoice.locationId).toBe(showroom);
    expect((await acs.items.retrieve(item.id)).locations).toEqual([expect.objectContaining({ locationId: showroom, stock: 1 })]);

    const unknown = await failureOf(
      acs.invoices.create({ customerId: customer.id, locationId: 'loc_nope', items: [{ itemId: item.id, quantity: 1 }] }),
    );
    expect(unknown).toBeInstanceOf(NotFoundError);
    expect(unknown).toMatchObject({ code: 'LOCATION_NOT_FOUND' });
    const transit = await failureOf(
      acs.salesOrders.create({ customerId: customer.id, locationId: locationId('TRANSIT'), items: [{ itemId: item.id, quantity: 1 }] }),
    );
    expect(transit).toBeInstanceOf(BusinessRuleError);
  });

  it('services, non-inventory items, free-text lines and debit notes move no stock and post no cost', async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 2, 10);
    const service = await acs.items.create({ itemCode: `SVC-${++serial}`, name: 'Set-up', type: 'service', pricing: { sellingPrice: 80 } });
    const invoice = await acs.invoices.send(
      (
        await acs.invoices.create({
          customerId: customer.id,
          items: [
            { itemId: service.id, quantity: 1 },
            { description: 'Misc', quantity: 1, unitPrice: 5, taxCode: null },
          ],
        })
      ).id,
    );
    expect(await costLines(invoice.journalEntryId!)).toEqual([]);
    const note = await acs.debitNotes.create(invoice.id, { reason: 'One more', items: [{ itemId: item.id, quantity: 1 }] });
    expect(await costLines(note.journalEntryId)).toEqual([]);
    expect(await stockOf(item.id)).toMatchObject({ onHand: 2 });
  });
});

describe('credit notes return goods', () => {
  it('a credit note returns the credited goods at their share of the sale cost, the last return taking the rest', async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 1, 10);
    receive(item.id, 2, 10.01);
    // Three units cost 30.02: one third is 10.01 rounded, the last two take 20.01.
    const invoice = await acs.invoices.send(
      (await acs.invoices.create({ customerId: customer.id, items: [{ itemId: item.id, quantity: 3 }] })).id,
    );
    const line = invoice.items[0];

    const first = await acs.creditNotes.create(invoice.id, { reason: 'One returned', items: [{ invoiceLineId: line.id, quantity: 1 }] });
    expect(first.returnToStock).toBe(true);
    expect(await costLines(first.journalEntryId)).toEqual([
      ['1140', 10.01, 0],
      ['5100', 0, 10.01],
    ]);
    const rest = await acs.creditNotes.create(invoice.id, { reason: 'The rest returned' });
    expect(await costLines(rest.journalEntryId)).toEqual([
      ['1140', 20.01, 0],
      ['5100', 0, 20.01],
    ]);
    expect(await stockOf(item.id)).toMatchObject({ onHand: 3 });
  });

  it('a credit note with returnToStock false credits the money and leaves the goods out (written off in cost of sales)', async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 2, 10);
    const invoice = await acs.invoices.send(
      (await acs.invoices.create({ customerId: customer.id, items: [{ itemId: item.id, quantity: 2 }] })).id,
    );
    const note = await acs.creditNotes.create(invoice.id, { reason: 'Damaged in transit', returnToStock: false });
    expect(note.returnToStock).toBe(false);
    expect(await costLines(note.journalEntryId)).toEqual([]);
    expect(await stockOf(item.id)).toMatchObject({ onHand: 0 });
  });
});

describe('sales orders reserve stock', () => {
  it('confirming a sales order reserves its tracked lines at the default location; invoicing releases what it sells; cancelling releases the rest', async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 10, 10);
    const order = await acs.salesOrders.create({
      customerId: customer.id,
      items: [
        { itemId: item.id, quantity: 6 },
        { description: 'Packing', quantity: 1, unitPrice: 5, taxCode: null },
      ],
    });
    expect(await stockOf(item.id)).toEqual({ onHand: 10, reserved: 0, available: 10 });

    await acs.salesOrders.updateStatus(order.id, { status: 'confirmed' });
    expect(await stockOf(item.id)).toEqual({ onHand: 10, reserved: 6, available: 4 });
    expect((await acs.items.retrieve(item.id)).locations).toEqual([
      expect.objectContaining({ locationId: locationId('WH-SJ'), reserved: 6 }),
    ]);

    // A draft invoice of part of it holds nothing yet; sending it moves 4 from reserved to sold.
    const draft = await acs.salesOrders.convertToInvoice(order.id, { partialItems: [{ itemId: order.items[0].id, quantity: 4 }] });
    expect(await stockOf(item.id)).toEqual({ onHand: 10, reserved: 6, available: 4 });
    await acs.invoices.send(draft.id);
    expect(await stockOf(item.id)).toEqual({ onHand: 6, reserved: 2, available: 4 });

    // Cancelling the invoice brings the goods back and the order holds them again.
    await acs.invoices.cancel(draft.id);
    expect(await stockOf(item.id)).toEqual({ onHand: 10, reserved: 6, available: 4 });
    await acs.salesOrders.updateStatus(order.id, { status: 'cancelled' });
    expect(await stockOf(item.id)).toEqual({ onHand: 10, reserved: 0, available: 10 });
  });

  it('a delivered order keeps its reservation until it is invoiced: delivery is a status, invoicing relieves stock', async () => {
    const [customer, item] = [await newCustomer(), await newItem()];
    receive(item.id, 5, 10, 'SR-PJ');
    const order = await acs.salesOrders.create({
      customerId: customer.id,
      locationId: locationId('SR-PJ'),
      items: [{ itemId: item.id, quantity: 5 }],
    });
    await acs.salesOrders.updateStatus(order.id, { status: 'confirmed' });
    await acs.salesOrders.updateStatus(order.id, { status: 'delivered' });
    expect(await stockOf(item.id)).toEqual({ onHand: 5, reserved: 5, available: 0 });

    const invoice = await acs.invoices.send((await acs.salesOrders.convertToInvoice(order.id)).id);
    expect(invoice.locationId).toBe(locationId('SR-PJ'));
    expect(await stockOf(item.id)).toEqual({ onHand: 0, reserved: 0, available: 0 });
  });
});
