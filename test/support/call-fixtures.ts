/**
 * The records the every-endpoint calls make before they call (the mock is reset before each): named in
 * FIXTURES for the contract's `exampleCall`s, and called by the set-up code of CALLS (test/support/endpoint-calls.ts).
 */
import type { AcsClient } from '../../src/index.js';
import type { MockService } from '../../mock-server/index.js';
import type { Fixture } from './example-calls.js';
import type { SignedIn } from './endpoint-calls.js';
import { accountByNumber, transfer } from './sandbox.js';
import { PUBLIC_CLIENT_ID } from '../../mock-server/seed/oauth.js';

export const draftEntry = async (acs: AcsClient) => {
  const cash = await accountByNumber(acs, '1110');
  const supplies = await accountByNumber(acs, '6500');
  return acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, cash.id, 10) });
};

/** Credentials the simulated hosted store accepts. */
const STORE_CREDENTIALS = {
  shopDomain: 'kedai.example-store.com',
  accessToken: 'shpat_0123456789abcdef',
  webhookSecret: 'whsec_0123456789abcdef',
};
const GATEWAY_CREDENTIALS = { secretKey: 'sk_test_0123456789abcdef', webhookEndpointSecret: 'whsec_0123456789abcdef' };
export const SOURCE_CREDENTIALS = {
  clientId: 'client-0123',
  clientSecret: 'secret-0123456789abcdef',
  accessToken: 'access-0123456789abcdef',
  refreshToken: 'refresh-0123456789abcdef',
  companyId: '4620001',
};
const gatewayIntegration = (acs: AcsClient) =>
  acs.integrations.setup('payment-gateway', { name: 'Cards', credentials: GATEWAY_CREDENTIALS, mapping: { feeAccount: '6700' } });
export const sourceIntegration = (acs: AcsClient) =>
  acs.integrations.setup('accounting-source', { name: 'Old books', credentials: SOURCE_CREDENTIALS });

/** The two whole months before the mock's today: a taxable period (SST's is two months) that has ended. */
export const lastTaxPeriod = (mock: MockService) => {
  const [year, month] = mock.today().split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 3, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
  return { periodFrom: first, periodTo: last };
};
export const filedTaxReturn = (acs: AcsClient, mock: MockService) => acs.taxReturns.create(lastTaxPeriod(mock));

export const firstCustomer = async (acs: AcsClient) => (await acs.customers.list({ limit: 1 })).data[0];
export const stockItem = async (acs: AcsClient) => (await acs.items.list({ type: 'inventory', tracked: true, limit: 1 })).data[0];

// Sales documents for a customer of the call's own (the mock is reset before each call).
export const buyer = async (acs: AcsClient) => acs.customers.create({ name: 'Every Endpoint Buyer', email: 'buyer@every.my' });
export const lines = [{ description: 'Consulting', quantity: 2, unitPrice: 150, taxCode: 'SVC8' }];
const draftInvoice = async (acs: AcsClient) => acs.invoices.create({ customerId: (await buyer(acs)).id, items: lines });
export const sentInvoice = async (acs: AcsClient) => acs.invoices.send((await draftInvoice(acs)).id);
const draftOrder = async (acs: AcsClient) => acs.salesOrders.create({ customerId: (await buyer(acs)).id, items: lines });
const confirmedOrder = async (acs: AcsClient) => acs.salesOrders.updateStatus((await draftOrder(acs)).id, { status: 'confirmed' });
/** A credit note with credit left: a paid invoice credited in full. */
export const creditOf = async (acs: AcsClient) => {
  const invoice = await sentInvoice(acs);
  await acs.invoices.pay(invoice.id, { amount: invoice.total });
  return acs.creditNotes.create(invoice.id, { reason: 'Returned' });
};
/** A requested transfer of one chair between the two locations that hold it (the warehouse first). */
const chairTransfer = async (acs: AcsClient) => {
  const chair = (await acs.items.list({ itemCode: 'CHR-100' })).data[0];
  const [from, to] = (await acs.items.retrieve(chair.id)).locations;
  return { fromLocationId: from.locationId, toLocationId: to.locationId, items: [{ itemId: chair.id, quantity: 1 }] };
};
// E-invoices: the demo's sent invoice to a customer with a TIN, and a validated (or submitted) e-invoice of it.
const einvoiceSource = async (acs: AcsClient) => {
  for await (const invoice of acs.invoices.list({ status: 'sent' }))
    if ((await acs.customers.retrieve(invoice.customerId)).taxNumber) return invoice;
  throw new Error('the demo has a sent invoice to a customer with a TIN');
};
const newEinvoice = async (acs: AcsClient, autoSubmit = false) =>
  acs.einvoices.create({ invoiceId: (await einvoiceSource(acs)).id, format: 'PEPPOL_UBL', autoSubmit });
// Purchasing: a supplier of the demo and a draft order of one chair from it.
const firstSupplier = async (acs: AcsClient) => (await acs.suppliers.list({ limit: 1 })).data[0];
const draftPurchaseOrder = async (acs: AcsClient) =>
  acs.purchaseOrders.create({
    supplierId: (await firstSupplier(acs)).id,
    items: [{ itemId: (await stockItem(acs)).id, quantity: 2, unitPrice: 100 }],
  });
const sentPurchaseOrder = async (acs: AcsClient) => acs.purchaseOrders.send((await draftPurchaseOrder(acs)).id);
/** A USD invoice sent at 4.40, open for a revaluation (ACC-37). */
export const openUsdInvoice = async (acs: AcsClient) => {
  const customer = await buyer(acs);
  const invoice = await acs.invoices.create({ customerId: customer.id, currency: 'USD', exchangeRate: 4.4, items: lines });
  return acs.invoices.send(invoice.id);
};
/** That invoice revalued today at 4.50. */
export const revaluedUsdInvoice = async (acs: AcsClient) => {
  await openUsdInvoice(acs);
  return acs.currencyRevaluations.create({ rates: { USD: 4.5 } });
};
const receivedPurchaseOrder = async (acs: AcsClient) => acs.purchaseOrders.receive((await sentPurchaseOrder(acs)).id);
// Purchase returns: one chair of a received order goes back (PUR-62).
export const purchaseReturn = async (acs: AcsClient) => {
  const order = await receivedPurchaseOrder(acs);
  return acs.purchaseReturns.create({
    purchaseOrderId: order.id,
    reason: 'Damaged in transit',
    items: [{ lineId: order.items[0].id, quantity: 1 }],
  });
};
// Approvals: the demo's approval rules and the approval its order over RM 5,000 waits for (PUR-31).
export const firstApprovalRule = async (acs: AcsClient) => (await acs.purchasing.approvalRules.list({ limit: 1 })).data[0];
export const demoApproval = async (acs: AcsClient) => (await acs.purchasing.approvals.listPending({ limit: 1 })).data[0];
// Bills: a draft expense bill of the first supplier, approved and paid on demand.
let billSerial = 0;
/** Numbers the bills from 1 again, so a run over every call (the examples' capture) writes the same numbers each time. */
export const restartBillNumbers = () => {
  billSerial = 0;
};
export const newBill = async (acs: AcsClient) => ({
  supplierId: (await firstSupplier(acs)).id,
  supplierInvoiceNumber: `EE-${++billSerial}`,
  items: [{ description: 'Courier', quantity: 1, unitPrice: 40, accountCode: '5200' }],
});
const draftBill = async (acs: AcsClient) => acs.bills.create(await newBill(acs));
export const approvedBill = async (acs: AcsClient) => acs.bills.approve((await draftBill(acs)).id);
export const paidBill = async (acs: AcsClient) => {
  const bill = await approvedBill(acs);
  return acs.bills.pay(bill.id, { amount: 10 });
};
/** Supplier credit on a paid bill, kept as credit (PUR-58). */
export const supplierCredit = async (acs: AcsClient) => {
  const bill = await approvedBill(acs);
  await acs.bills.pay(bill.id, { amount: 40 });
  return acs.supplierCreditNotes.create(bill.id, { reason: 'Courier parcel lost' });
};
export const supplierDebitNote = async (acs: AcsClient) =>
  acs.supplierDebitNotes.create((await approvedBill(acs)).id, {
    reason: 'Fuel surcharge',
    items: [{ description: 'Fuel', quantity: 1, unitPrice: 5, accountCode: '5200' }],
  });
// Sourcing: a requisition of pallets from the first supplier, and an RFQ for them to it.
const pendingRequisition = async (acs: AcsClient) =>
  acs.requisitions.create({
    lines: [{ description: 'Pallets', quantity: 10, estimatedUnitPrice: 30, suggestedSupplierId: (await firstSupplier(acs)).id }],
  });
const approvedRequisition = async (acs: AcsClient) => acs.requisitions.approve((await pendingRequisition(acs)).id);
const draftRfq = async (acs: AcsClient) =>
  acs.rfqs.create({ supplierIds: [(await firstSupplier(acs)).id], lines: [{ description: 'Pallets', quantity: 10 }] });
export const sentRfq = async (acs: AcsClient) => acs.rfqs.send((await draftRfq(acs)).id);
export const quotedRfq = async (acs: AcsClient) => {
  const rfq = await sentRfq(acs);
  return acs.rfqs.respond(rfq.id, { supplierId: rfq.supplierIds[0], lines: [{ lineId: rfq.lines[0].id, unitPrice: 28 }] });
};
const draftQuote = async (acs: AcsClient) => acs.quotes.create({ customerId: (await buyer(acs)).id, items: lines });
const sentQuote = async (acs: AcsClient) => acs.quotes.send((await draftQuote(acs)).id);

// Reports: a monthly trial balance as CSV.
export const reportSchedule = {
  reportId: 'trial-balance',
  name: 'Every endpoint',
  schedule: { frequency: 'monthly' as const, dayOfMonth: 1, time: '08:00', timezone: 'Asia/Kuala_Lumpur' },
  parameters: { format: 'csv' },
  recipients: [{ email: 'cfo@every.my' }],
};

export const RFC7636_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
export const signIn = {
  response_type: 'code',
  client_id: PUBLIC_CLIENT_ID,
  redirect_uri: 'http://127.0.0.1:5173/callback',
  scope: 'read:accounts',
  state: 'every-endpoint',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
} as const;

// Records of the calls' own, made before the call (the mock is reset before each).
const draftBudget = (acs: AcsClient) => acs.budgets.create({ name: 'Every endpoint', fiscalYear: 2030 });
const billPaidHook = (acs: AcsClient) => acs.webhooks.subscribe({ url: 'https://hooks.example.com/acs', events: ['bill.paid'] });
const monthlySchedule = (acs: AcsClient) => acs.reports.schedules.create(reportSchedule);
const requestedTransfer = async (acs: AcsClient) => acs.inventory.transfers.create(await chairTransfer(acs));
const ownerAuditRow = async (as: SignedIn) =>
  (await as('owner').auditTrail.create({ bl_applet_audit_trail: {} })).bl_applet_audit_trail.guid;
const adminAuditRow = async (as: SignedIn) =>
  (await as('platformAdmin').platform.auditTrail.create({ bl_applet_audit_trail: {} })).bl_applet_audit_trail.guid;
const balanceSheetJob = (acs: AcsClient) => acs.reports.balanceSheetAsync({});
const creditRefund = async (acs: AcsClient) => acs.creditNotes.refunds.create((await creditOf(acs)).id, { amount: 10 });
const debitNote = async (acs: AcsClient) => acs.debitNotes.create((await sentInvoice(acs)).id, { reason: 'Every endpoint', items: lines });
const customerBatchJob = (acs: AcsClient) =>
  acs.batch.customers.run([{ operation: 'create', data: { name: 'Job Sdn Bhd', email: 'job@every.my' } }], { async: true });
const submittedEinvoice = (acs: AcsClient) => newEinvoice(acs, true);

/**
 * The records an `exampleCall` of the contract names as `{ fixture: '<name>' }`: made before the call, each
 * is the value it stands for (a sent invoice's id, a transfer's body).
 */
export const FIXTURES: Readonly<Record<string, Fixture>> = {
  filedTaxReturn: async (acs, _, mock) => (await filedTaxReturn(acs, mock)).id,
  draftEntry: async (acs) => (await draftEntry(acs)).id,
  buyer: async (acs) => (await buyer(acs)).id,
  lines: () => lines,
  sentInvoice: async (acs) => (await sentInvoice(acs)).id,
  chairTransfer: (acs) => chairTransfer(acs),
  requestedTransfer: async (acs) => (await requestedTransfer(acs)).id,
  draftPurchaseOrder: async (acs) => (await draftPurchaseOrder(acs)).id,
  sentPurchaseOrder: async (acs) => (await sentPurchaseOrder(acs)).id,
  receivedPurchaseOrder: async (acs) => (await receivedPurchaseOrder(acs)).id,
  purchaseReturn: async (acs) => (await purchaseReturn(acs)).id,
  newBill: (acs) => newBill(acs),
  draftBill: async (acs) => (await draftBill(acs)).id,
  approvedBill: async (acs) => (await approvedBill(acs)).id,
  supplierCredit: async (acs) => (await supplierCredit(acs)).id,
  supplierDebitNote: async (acs) => (await supplierDebitNote(acs)).id,
  paidBill: async (acs) => (await paidBill(acs)).id,
  pendingRequisition: async (acs) => (await pendingRequisition(acs)).id,
  approvedRequisition: async (acs) => (await approvedRequisition(acs)).id,
  quotedRfq: async (acs) => (await quotedRfq(acs)).id,
  draftRfq: async (acs) => (await draftRfq(acs)).id,
  draftBudget: async (acs) => (await draftBudget(acs)).id,
  einvoiceSource: async (acs) => (await einvoiceSource(acs)).id,
  newEinvoice: async (acs) => (await newEinvoice(acs)).id,
  submittedEinvoice: async (acs) => (await submittedEinvoice(acs)).id,
  reportSchedule: () => reportSchedule,
  monthlySchedule: async (acs) => (await monthlySchedule(acs)).id,
  balanceSheetJob: async (acs) => (await balanceSheetJob(acs)).jobId,
  draftOrder: async (acs) => (await draftOrder(acs)).id,
  confirmedOrder: async (acs) => (await confirmedOrder(acs)).id,
  sentQuote: async (acs) => (await sentQuote(acs)).id,
  draftQuote: async (acs) => (await draftQuote(acs)).id,
  draftInvoice: async (acs) => (await draftInvoice(acs)).id,
  creditOf: async (acs) => (await creditOf(acs)).id,
  creditRefund: async (acs) => (await creditRefund(acs)).id,
  debitNote: async (acs) => (await debitNote(acs)).id,
  billPaidHook: async (acs) => (await billPaidHook(acs)).id,
  signIn: () => signIn,
  ownerAuditRow: (_, as) => ownerAuditRow(as),
  adminAuditRow: (_, as) => adminAuditRow(as),
  consolidatedGuid: (_, as) => consolidatedGuid(as),
  customerBatchJob: async (acs) => (await customerBatchJob(acs)).jobId,
  storeCredentials: () => STORE_CREDENTIALS,
  gatewayIntegration: async (acs) => (await gatewayIntegration(acs)).id,
  sourceIntegration: async (acs) => (await sourceIntegration(acs)).id,
};

/** The guid of a to_irb record: a consolidation of the batch pool, or the first record there is. */
async function consolidatedGuid(as: SignedIn): Promise<string> {
  const [made] = await as('owner').einvoiceRecords.consolidate({});
  return (
    made?.bl_fi_my_einvoice_to_irb_hdr.guid ??
    (await as('owner').einvoiceRecords.query({ pageSize: 1 })).data[0]!.bl_fi_my_einvoice_to_irb_hdr.guid
  );
}
