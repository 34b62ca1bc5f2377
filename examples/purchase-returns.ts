// Purchasing: goods go back to the supplier. Ten chairs arrive, two are damaged and are returned at the cost
// they came in at (Dr GRNI, Cr inventory), and the supplier bills the eight kept: GRNI ends where it began.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const grni = async () => (await acs.accounts.list({ limit: 100 })).data.find((a) => a.accountNumber === '2150')!.balance.net;
  const [chair] = (await acs.items.list({ itemCode: 'CHR-100' })).data;
  const [factory] = (await acs.suppliers.list({ search: 'Perabot Muar' })).data;
  const before = await grni();

  // 1. Ten chairs ordered and received: Dr inventory, Cr GRNI.
  const draft = await acs.purchaseOrders.create({ supplierId: factory.id, items: [{ itemId: chair.id, quantity: 10, unitPrice: 150 }] });
  await acs.purchaseOrders.send(draft.id);
  const order = await acs.purchaseOrders.receive(draft.id);

  // 2. Two go back from that receipt, at its cost: one entry, Dr GRNI / Cr inventory; the order expects two again.
  const ret = await acs.purchaseReturns.create({
    purchaseOrderId: order.id,
    receiptId: order.receipts[0].id,
    reason: 'Two chairs arrived with broken legs',
    items: [{ lineId: order.items[0].id, quantity: 2 }],
  });
  const entry = await acs.journalEntries.retrieve(ret.journalEntryId!);

  // 3. The rest of the order is cancelled (no replacement wanted) and the supplier bills the eight kept.
  const cancelled = await acs.purchaseOrders.cancel(order.id, { reason: 'No replacement for the damaged chairs' });
  const bill = await acs.bills.approve(
    (await acs.bills.create({ supplierId: factory.id, supplierInvoiceNumber: 'KPM/26/2201', purchaseOrderId: order.id })).id,
  );

  console.log(`${ret.returnNumber}: ${ret.items[0].quantity} back at ${ret.total}; ${bill.billNumber} for ${bill.items[0].quantity}`);
  return {
    returnNumber: ret.returnNumber,
    returned: ret.total,
    entry: entry.lines.map((l) => [l.accountNumber, l.debit, l.credit]),
    order: { status: cancelled.status, received: cancelled.items[0].receivedQuantity },
    billed: bill.items[0].quantity,
    grniChange: Math.round(((await grni()) - before) * 100) / 100,
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
