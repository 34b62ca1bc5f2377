// Purchasing: a buyer's day against the demo company. A requisition is approved and becomes a purchase
// order, the purchasing manager approves the order (it is over RM 5,000), the storekeeper receives it
// in two deliveries, and the accountant matches the supplier's bill and pays it inside the 2/10 window.
import { AcsClient, PermissionDeniedError } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const userId = (email: string) => mock.credentials.oauth!.users.find((user) => user.email === email)!.id;
  const manager = userId('rajesh.kumar@tanjungtrading.com.my');
  const buyer = userId('siewling.tan@tanjungtrading.com.my');

  const [chair] = (await acs.items.list({ itemCode: 'CHR-100' })).data;
  const [factory] = (await acs.suppliers.list({ search: 'Perabot Muar' })).data; // 2/10 net 30

  // 1. The warehouse asks for 40 chairs; the request is approved and becomes a draft order.
  const requisition = await acs.requisitions.create({
    department: 'Warehouse',
    lines: [{ itemId: chair.id, quantity: 40, estimatedUnitPrice: 150, suggestedSupplierId: factory.id }],
  });
  await acs.requisitions.approve(requisition.id);
  const { purchaseOrders } = await acs.requisitions.convertToPurchaseOrders(requisition.id);
  const order = purchaseOrders[0];

  // 2. RM 6,000 is over the demo's RM 5,000 rule: the order waits for the purchasing manager.
  const [step] = (await acs.purchasing.approvals.listPending({ purchaseOrderId: order.id })).data;
  const refused = await acs.purchasing.approvals.approve(step.id, { approverId: buyer }).catch((error: unknown) => error);
  await acs.purchasing.approvals.approve(step.id, { approverId: manager, comments: 'Showroom restock' });

  // 3. Sent to the supplier (the chairs go on order), received in two deliveries: Dr inventory, Cr GRNI.
  await acs.purchaseOrders.send(order.id);
  await acs.purchaseOrders.receive(order.id, { items: [{ lineId: order.items[0].id, quantity: 25, lotNumber: 'KPM-0917' }] });
  const received = await acs.purchaseOrders.receive(order.id);

  // 4. The supplier's bill, matched to the order and its receipts: Dr GRNI (the chairs' SST is part of their cost), Cr payables.
  const draft = await acs.bills.create({ supplierId: factory.id, supplierInvoiceNumber: 'KPM/26/1124', purchaseOrderId: order.id });
  const bill = await acs.bills.approve(draft.id);

  // 5. Paid within ten days: 2% early-payment discount, credited to Discounts Received.
  const discount = Math.round(bill.total * 2) / 100;
  const paid = await acs.bills.pay(bill.id, { amount: Math.round((bill.total - discount) * 100) / 100 });

  // What the company still owes, by age; the total equals the payables control account.
  const aged = await acs.reports.purchasing.agedPayables();

  console.log(`${requisition.requisitionNumber} -> ${order.poNumber} ${received.status}; ${bill.billNumber} ${paid.status}`);
  return {
    orderTotal: order.total,
    approval: order.approval.status,
    refused: refused instanceof PermissionDeniedError ? refused.code : null,
    received: received.status,
    bill: { status: paid.status, total: bill.total, discountTaken: paid.discountTaken, balanceDue: paid.balanceDue },
    agedTotal: aged.totals.total,
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
