/**
 * One successful call of every endpoint of the contract through its SDK method, after any set-up calls:
 * what test/e2e/every-endpoint.test.ts runs, and what `npm run openapi` captures its examples from
 * (scripts/openapi-examples.ts), so the document's examples are real requests and answers of the demo seed.
 */
import type { AnyEndpoint } from '../../src/contract/index.js';
import type { AcsClient, ApiPromise } from '../../src/index.js';
import { PUBLIC_CLIENT_ID } from '../../mock-server/seed/oauth.js';
import type { MockService } from '../../mock-server/index.js';
import { recordIdentity } from '../../mock-server/domain/einvoice/index.js';
import { createHmac } from 'node:crypto';
import { upstreamWebhookOrder } from '../../mock-server/domain/integrations/index.js';
import { DEMO_STORE_CREDENTIALS } from '../../mock-server/seed/integrations.js';
import { failedTestSync } from '../e2e/integrations/ops-fixture.js';
import { accountByNumber, transfer } from './sandbox.js';

/**
 * One successful call of an endpoint through its SDK method, after any setup calls. The call's promise
 * is handed back inside an object: an async function would unwrap it to its data.
 */
export type Call = (acs: AcsClient, signedIn: SignedIn, mock: MockService) => Promise<{ call: ApiPromise<unknown> }>;
/** A client signed in as a seeded user (the data-management API takes no API key): the tenant owner or the platform administrator. */
export type SignedIn = (user: 'owner' | 'platformAdmin') => AcsClient;

const draftEntry = async (acs: AcsClient) => {
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
const SOURCE_CREDENTIALS = {
  clientId: 'client-0123',
  clientSecret: 'secret-0123456789abcdef',
  accessToken: 'access-0123456789abcdef',
  refreshToken: 'refresh-0123456789abcdef',
  companyId: '4620001',
};
const gatewayIntegration = (acs: AcsClient) =>
  acs.integrations.setup('payment-gateway', { name: 'Cards', credentials: GATEWAY_CREDENTIALS, mapping: { feeAccount: '6700' } });
const sourceIntegration = (acs: AcsClient) =>
  acs.integrations.setup('accounting-source', { name: 'Old books', credentials: SOURCE_CREDENTIALS });

/** The two whole months before the mock's today: a taxable period (SST's is two months) that has ended. */
export const lastTaxPeriod = (mock: MockService) => {
  const [year, month] = mock.today().split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 3, 1)).toISOString().slice(0, 10);
  const last = new Date(Date.UTC(year, month - 1, 0)).toISOString().slice(0, 10);
  return { periodFrom: first, periodTo: last };
};
const filedTaxReturn = (acs: AcsClient, mock: MockService) => acs.taxReturns.create(lastTaxPeriod(mock));

const firstCustomer = async (acs: AcsClient) => (await acs.customers.list({ limit: 1 })).data[0];
const firstItem = async (acs: AcsClient) => (await acs.items.list({ limit: 1 })).data[0];
const stockItem = async (acs: AcsClient) => (await acs.items.list({ type: 'inventory', tracked: true, limit: 1 })).data[0];

// Sales documents for a customer of the call's own (the mock is reset before each call).
const buyer = async (acs: AcsClient) => acs.customers.create({ name: 'Every Endpoint Buyer', email: 'buyer@every.my' });
const lines = [{ description: 'Consulting', quantity: 2, unitPrice: 150, taxCode: 'SVC8' }];
const draftInvoice = async (acs: AcsClient) => acs.invoices.create({ customerId: (await buyer(acs)).id, items: lines });
const sentInvoice = async (acs: AcsClient) => acs.invoices.send((await draftInvoice(acs)).id);
const draftOrder = async (acs: AcsClient) => acs.salesOrders.create({ customerId: (await buyer(acs)).id, items: lines });
const confirmedOrder = async (acs: AcsClient) => acs.salesOrders.updateStatus((await draftOrder(acs)).id, { status: 'confirmed' });
/** A credit note with credit left: a paid invoice credited in full. */
const creditOf = async (acs: AcsClient) => {
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
// Approvals: the demo's approval rules and the approval its order over RM 5,000 waits for (PUR-31).
const firstApprovalRule = async (acs: AcsClient) => (await acs.purchasing.approvalRules.list({ limit: 1 })).data[0];
const demoApproval = async (acs: AcsClient) => (await acs.purchasing.approvals.listPending({ limit: 1 })).data[0];
// Bills: a draft expense bill of the first supplier, approved and paid on demand.
let billSerial = 0;
/** Numbers the bills from 1 again, so a run over every call (the examples' capture) writes the same numbers each time. */
export const restartBillNumbers = () => {
  billSerial = 0;
};
const newBill = async (acs: AcsClient) => ({
  supplierId: (await firstSupplier(acs)).id,
  supplierInvoiceNumber: `EE-${++billSerial}`,
  items: [{ description: 'Courier', quantity: 1, unitPrice: 40, accountCode: '5200' }],
});
const draftBill = async (acs: AcsClient) => acs.bills.create(await newBill(acs));
const approvedBill = async (acs: AcsClient) => acs.bills.approve((await draftBill(acs)).id);
const paidBill = async (acs: AcsClient) => {
  const bill = await approvedBill(acs);
  return acs.bills.pay(bill.id, { amount: 10 });
};
// Sourcing: a requisition of pallets from the first supplier, and an RFQ for them to it.
const pendingRequisition = async (acs: AcsClient) =>
  acs.requisitions.create({
    lines: [{ description: 'Pallets', quantity: 10, estimatedUnitPrice: 30, suggestedSupplierId: (await firstSupplier(acs)).id }],
  });
const approvedRequisition = async (acs: AcsClient) => acs.requisitions.approve((await pendingRequisition(acs)).id);
const draftRfq = async (acs: AcsClient) =>
  acs.rfqs.create({ supplierIds: [(await firstSupplier(acs)).id], lines: [{ description: 'Pallets', quantity: 10 }] });
const sentRfq = async (acs: AcsClient) => acs.rfqs.send((await draftRfq(acs)).id);
const quotedRfq = async (acs: AcsClient) => {
  const rfq = await sentRfq(acs);
  return acs.rfqs.respond(rfq.id, { supplierId: rfq.supplierIds[0], lines: [{ lineId: rfq.lines[0].id, unitPrice: 28 }] });
};
const sentQuote = async (acs: AcsClient) =>
  acs.quotes.send((await acs.quotes.create({ customerId: (await buyer(acs)).id, items: lines })).id);

// Reports: a monthly trial balance as CSV.
const reportSchedule = {
  reportId: 'trial-balance',
  name: 'Every endpoint',
  schedule: { frequency: 'monthly' as const, dayOfMonth: 1, time: '08:00', timezone: 'Asia/Kuala_Lumpur' },
  parameters: { format: 'csv' },
  recipients: [{ email: 'cfo@every.my' }],
};

const RFC7636_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk';
const signIn = {
  response_type: 'code',
  client_id: PUBLIC_CLIENT_ID,
  redirect_uri: 'http://127.0.0.1:5173/callback',
  scope: 'read:accounts',
  state: 'every-endpoint',
  code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  code_challenge_method: 'S256',
} as const;

// A new contract endpoint without a row here fails the first test of test/e2e/every-endpoint.test.ts.
// E-invoices: a PEPPOL e-invoice of a sent demo invoice whose customer has a tax number.
const demoEinvoice = async (acs: AcsClient) => {
  for await (const invoice of acs.invoices.list({ status: 'sent' })) {
    if ((await acs.customers.retrieve(invoice.customerId)).taxNumber)
      return acs.einvoices.create({ invoiceId: invoice.id, format: 'PEPPOL_UBL' });
  }
  throw new Error('the demo data has a sent invoice to a customer with a tax number');
};

export const CALLS: Record<string, Call> = {
  'auth.verify': async (acs) => ({ call: acs.auth.verify() }),
  'company.retrieve': async (acs) => ({ call: acs.company.retrieve() }),
  'company.update': async (acs) => ({ call: acs.company.update({ allowNegativeStock: false }) }),
  'accounts.list': async (acs) => ({ call: acs.accounts.list({ type: 'asset' }) }),
  'accounts.retrieve': async (acs) => ({ call: acs.accounts.retrieve((await accountByNumber(acs, '1110')).id) }),
  'accounts.create': async (acs) => ({
    call: acs.accounts.create({ accountNumber: '1160', name: 'Float', type: 'asset', category: 'current_asset' }),
  }),
  'accounts.update': async (acs) => ({ call: acs.accounts.update((await accountByNumber(acs, '1230')).id, { description: 'Vans' }) }),
  'accounts.delete': async (acs) => {
    const scratch = await acs.accounts.create({ accountNumber: '6999', name: 'Scratch', type: 'expense', category: 'operating_expense' });
    return { call: acs.accounts.delete(scratch.id) };
  },
  'accounts.ledger': async (acs) => ({ call: acs.accounts.ledger((await accountByNumber(acs, '1120')).id, { dateFrom: '2020-01-01' }) }),
  'journalEntries.list': async (acs) => ({ call: acs.journalEntries.list({ status: 'posted' }) }),
  'taxReturns.preview': async (acs, _signedIn, mock) => ({ call: acs.taxReturns.preview(lastTaxPeriod(mock)) }),
  'taxReturns.create': async (acs, _signedIn, mock) => ({ call: filedTaxReturn(acs, mock) }),
  'taxReturns.list': async (acs, _signedIn, mock) => {
    await filedTaxReturn(acs, mock);
    return { call: acs.taxReturns.list() };
  },
  'taxReturns.retrieve': async (acs, _signedIn, mock) => ({ call: acs.taxReturns.retrieve((await filedTaxReturn(acs, mock)).id!) }),
  'taxReturns.pay': async (acs, _signedIn, mock) => {
    const filed = await filedTaxReturn(acs, mock);
    return { call: acs.taxReturns.pay(filed.id!, { amount: Math.min(100, Math.abs(filed.amountDue)), reference: 'SST-02' }) };
  },
  'journalEntries.create': async (acs) => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    return { call: acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, cash.id, 10) }) };
  },
  'journalEntries.retrieve': async (acs) => ({ call: acs.journalEntries.retrieve((await draftEntry(acs)).id) }),
  'journalEntries.post': async (acs) => ({ call: acs.journalEntries.post((await draftEntry(acs)).id) }),
  'journalEntries.delete': async (acs) => ({ call: acs.journalEntries.delete((await draftEntry(acs)).id) }),
  'journalEntries.void': async (acs) => {
    const entry = await draftEntry(acs);
    await acs.journalEntries.post(entry.id);
    return { call: acs.journalEntries.void(entry.id, { reason: 'Test of the void endpoint' }) };
  },
  // Customers, contacts, items and tax codes.
  'customers.list': async (acs) => ({ call: acs.customers.list({ status: 'active' }) }),
  'customers.retrieve': async (acs) => ({ call: acs.customers.retrieve((await firstCustomer(acs)).id) }),
  'bulk.journalEntries': async (acs) => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    return {
      call: acs.bulk.journalEntries({
        operations: [{ operation: 'create', data: { date: '2026-03-15', lines: transfer(supplies.id, cash.id, 10) } }],
      }),
    };
  },
  'bulk.customers': async (acs) => ({
    call: acs.bulk.customers({ operations: [{ operation: 'create', data: { name: 'Bulk Sdn Bhd', email: 'bulk@every.my' } }] }),
  }),
  'bulk.invoices': async (acs) => ({
    call: acs.bulk.invoices({ operations: [{ operation: 'create', data: { customerId: (await buyer(acs)).id, items: lines } }] }),
  }),
  'bulk.inventoryAdjustments': async (acs) => ({
    call: acs.bulk.inventoryAdjustments({
      operations: [
        { operation: 'create', data: { reason: 'found', items: [{ itemId: (await stockItem(acs)).id, adjustmentQuantity: 2 }] } },
      ],
    }),
  }),
  'bulk.payments': async (acs) => ({
    call: acs.bulk.payments({ operations: [{ operation: 'create', data: { invoiceId: (await sentInvoice(acs)).id, amount: 10 } }] }),
  }),
  'customers.create': async (acs) => ({ call: acs.customers.create({ name: 'Every Endpoint Sdn Bhd', email: 'every@endpoint.my' }) }),
  'customers.update': async (acs) => ({ call: acs.customers.update((await firstCustomer(acs)).id, { creditLimit: 1234 }) }),
  'customers.delete': async (acs) => {
    const scratch = await acs.customers.create({ name: 'Scratch', phone: '0312345678' });
    return { call: acs.customers.delete(scratch.id) };
  },
  'customers.contacts.list': async (acs) => ({ call: acs.customers.contacts.list((await firstCustomer(acs)).id) }),
  'customers.contacts.create': async (acs) => ({
    call: acs.customers.contacts.create((await firstCustomer(acs)).id, { name: 'New Contact' }),
  }),
  'customers.contacts.update': async (acs) => {
    const customer = await firstCustomer(acs);
    const contact = await acs.customers.contacts.create(customer.id, { name: 'To Change' });
    return { call: acs.customers.contacts.update(customer.id, contact.id, { title: 'Manager' }) };
  },
  'customers.contacts.delete': async (acs) => {
    const customer = await firstCustomer(acs);
    const contact = await acs.customers.contacts.create(customer.id, { name: 'To Delete' });
    return { call: acs.customers.contacts.delete(customer.id, contact.id) };
  },
  'items.list': async (acs) => ({ call: acs.items.list({ type: 'inventory', includeVariants: true }) }),
  'items.retrieve': async (acs) => ({ call: acs.items.retrieve((await firstItem(acs)).id, { includeStockHistory: true }) }),
  'items.create': async (acs) => ({ call: acs.items.create({ itemCode: 'EVERY-1', name: 'Every endpoint item', type: 'service' }) }),
  'items.update': async (acs) => ({ call: acs.items.update((await firstItem(acs)).id, { pricing: { sellingPrice: 10 } }) }),
  'inventory.reports.valuation': async (acs) => ({
    call: acs.inventory.reports.valuation({ valuationMethod: 'lifo', includeZeroStock: true }),
  }),
  'inventory.reports.movements': async (acs) => ({ call: acs.inventory.reports.movements({ dateFrom: '2026-01-01' }) }),
  'inventory.reports.lowStock': async (acs) => ({ call: acs.inventory.reports.lowStock() }),
  'inventory.reports.abcAnalysis': async (acs) => ({ call: acs.inventory.reports.abcAnalysis() }),
  'inventory.locations.list': async (acs) => ({ call: acs.inventory.locations.list() }),
  'inventory.stock.list': async (acs) => ({ call: acs.inventory.stock.list({ lowStock: false }) }),
  'inventory.stock.levels': async (acs) => ({ call: acs.inventory.stock.levels({ outOfStock: false }) }),
  'inventory.stock.set': async (acs) => {
    // Goods reach the transit location only through a shipped transfer: set stock where it is kept.
    const transit = new Set((await acs.inventory.locations.list()).data.filter((l) => l.type === 'transit').map((l) => l.id));
    const record = (await acs.inventory.stock.list({ limit: 50 })).data.find((row) => !transit.has(row.locationId))!;
    return {
      call: acs.inventory.stock.set({
        itemId: record.itemId,
        locationId: record.locationId,
        newQuantity: record.currentStock + 1,
        binLocation: 'B-1',
      }),
    };
  },
  'inventory.adjustments.list': async (acs) => ({ call: acs.inventory.adjustments.list({ reason: 'initial_stock' }) }),
  'inventory.adjustments.create': async (acs) => ({
    call: acs.inventory.adjustments.create({ reason: 'found', items: [{ itemId: (await stockItem(acs)).id, adjustmentQuantity: 1 }] }),
  }),
  'inventory.adjustments.record': async (acs) => ({
    call: acs.inventory.adjustments.record({ reason: 'found', items: [{ itemId: (await stockItem(acs)).id, adjustmentQuantity: 1 }] }),
  }),
  'inventory.adjustments.retrieve': async (acs) => ({
    call: acs.inventory.adjustments.retrieve((await acs.inventory.adjustments.list({ limit: 1 })).data[0].id),
  }),
  'inventory.adjustments.post': async (acs) => {
    const draft = await acs.inventory.adjustments.create({
      status: 'draft',
      reason: 'found',
      items: [{ itemId: (await stockItem(acs)).id, adjustmentQuantity: 1 }],
    });
    return { call: acs.inventory.adjustments.post(draft.id) };
  },
  'inventory.transfers.list': async (acs) => ({ call: acs.inventory.transfers.list({ status: 'requested' }) }),
  'inventory.transfers.create': async (acs) => ({ call: acs.inventory.transfers.create(await chairTransfer(acs)) }),
  'inventory.transfers.createShortForm': async (acs) => ({ call: acs.inventory.transfers.createShortForm(await chairTransfer(acs)) }),
  'inventory.transfers.retrieve': async (acs) => ({
    call: acs.inventory.transfers.retrieve((await acs.inventory.transfers.create(await chairTransfer(acs))).id),
  }),
  'inventory.transfers.updateStatus': async (acs) => ({
    call: acs.inventory.transfers.updateStatus((await acs.inventory.transfers.create(await chairTransfer(acs))).id, { status: 'shipped' }),
  }),
  // The demo's showroom rule has raised alerts for the chairs and desks already below their minimum.
  'inventory.alerts.list': async (acs) => ({ call: acs.inventory.alerts.list({ status: 'active', type: 'low_stock' }) }),
  'inventory.alerts.updateStatus': async (acs) => ({
    call: acs.inventory.alerts.updateStatus((await acs.inventory.alerts.list({ limit: 1 })).data[0].id, { status: 'acknowledged' }),
  }),
  'inventory.alerts.createRule': async (acs) => ({
    call: acs.inventory.alerts.createRule({
      name: 'Every endpoint rule',
      type: 'overstock',
      notifications: { webhook: 'https://example.com/hooks/stock' },
    }),
  }),
  'inventory.alerts.listRules': async (acs) => ({ call: acs.inventory.alerts.listRules({ type: 'low_stock' }) }),
  'inventory.alerts.updateRule': async (acs) => ({
    call: acs.inventory.alerts.updateRule((await acs.inventory.alerts.listRules()).data[0].id, { notifications: { frequency: 'weekly' } }),
  }),
  'suppliers.list': async (acs) => ({ call: acs.suppliers.list({ status: 'active', limit: 2 }) }),
  'suppliers.create': async (acs) => ({
    call: acs.suppliers.create({ name: 'Every Endpoint Supplier', bankDetails: { accountNumber: '000123456789' } }),
  }),
  'suppliers.retrieve': async (acs) => ({ call: acs.suppliers.retrieve((await firstSupplier(acs)).id) }),
  'suppliers.update': async (acs) => ({ call: acs.suppliers.update((await firstSupplier(acs)).id, { tags: ['preferred'] }) }),
  'suppliers.performance': async (acs) => ({ call: acs.suppliers.performance((await firstSupplier(acs)).id, { fromDate: '2026-01-01' }) }),
  'suppliers.deliveryPerformance': async (acs) => ({ call: acs.suppliers.deliveryPerformance((await firstSupplier(acs)).id) }),
  'suppliers.qualityRatings': async (acs) => ({ call: acs.suppliers.qualityRatings((await firstSupplier(acs)).id, { limit: 5 }) }),
  'suppliers.ratePerformance': async (acs) => ({
    call: acs.suppliers.ratePerformance((await firstSupplier(acs)).id, {
      periodFrom: '2026-01-01',
      periodTo: '2026-03-31',
      quality: 4,
      price: 3,
    }),
  }),
  'reports.purchasing.supplierPerformance': async (acs) => ({ call: acs.reports.purchasing.supplierPerformance() }),
  'purchaseOrders.list': async (acs) => ({ call: acs.purchaseOrders.list({ totalMin: 0 }) }),
  'purchaseOrders.create': async (acs) => ({
    call: acs.purchaseOrders.create({
      supplierId: (await firstSupplier(acs)).id,
      items: [{ description: 'Packing tape', quantity: 10, unitPrice: 4.5 }],
    }),
  }),
  'purchaseOrders.retrieve': async (acs) => ({ call: acs.purchaseOrders.retrieve((await draftPurchaseOrder(acs)).id) }),
  'purchaseOrders.send': async (acs) => ({ call: acs.purchaseOrders.send((await draftPurchaseOrder(acs)).id) }),
  'purchaseOrders.receive': async (acs) => ({ call: acs.purchaseOrders.receive((await sentPurchaseOrder(acs)).id) }),
  'purchaseOrders.update': async (acs) => ({
    call: acs.purchaseOrders.update((await draftPurchaseOrder(acs)).id, { notes: 'Deliver to the loading bay' }),
  }),
  'purchaseOrders.confirm': async (acs) => ({
    call: acs.purchaseOrders.confirm((await sentPurchaseOrder(acs)).id, { notes: 'Confirmed by phone' }),
  }),
  'purchaseOrders.cancel': async (acs) => ({
    call: acs.purchaseOrders.cancel((await sentPurchaseOrder(acs)).id, { reason: 'Ordered twice' }),
  }),
  'reports.purchasing.outstandingPos': async (acs) => ({ call: acs.reports.purchasing.outstandingPos({ overdueOnly: true }) }),
  'purchasing.approvalRules.list': async (acs) => ({ call: acs.purchasing.approvalRules.list({ isActive: true }) }),
  'purchasing.approvalRules.create': async (acs) => {
    const { steps } = await firstApprovalRule(acs);
    return {
      call: acs.purchasing.approvalRules.create({
        name: 'Every endpoint rule',
        conditions: { minAmount: 100000 },
        steps: [{ approvers: [{ userId: steps[0].approvers[0].userId }] }],
      }),
    };
  },
  'purchasing.approvalRules.retrieve': async (acs) => ({ call: acs.purchasing.approvalRules.retrieve((await firstApprovalRule(acs)).id) }),
  'purchasing.approvalRules.update': async (acs) => ({
    call: acs.purchasing.approvalRules.update((await firstApprovalRule(acs)).id, { priority: 30 }),
  }),
  'purchasing.approvals.list': async (acs) => ({ call: acs.purchasing.approvals.list({ status: 'pending' }) }),
  'purchasing.approvals.listPending': async (acs) => ({ call: acs.purchasing.approvals.listPending({ documentType: 'purchase_order' }) }),
  'purchasing.approvals.approve': async (acs) => {
    const approval = await demoApproval(acs);
    return { call: acs.purchasing.approvals.approve(approval.id, { approverId: approval.approvers[0].userId }) };
  },
  'purchasing.approvals.reject': async (acs) => {
    const approval = await demoApproval(acs);
    return { call: acs.purchasing.approvals.reject(approval.id, { approverId: approval.approvers[0].userId, comments: 'Over budget' }) };
  },
  'bills.list': async (acs) => ({ call: acs.bills.list({ status: 'open' }) }),
  'bills.create': async (acs) => ({ call: acs.bills.create(await newBill(acs)) }),
  'bills.retrieve': async (acs) => ({ call: acs.bills.retrieve((await draftBill(acs)).id) }),
  'bills.update': async (acs) => ({ call: acs.bills.update((await draftBill(acs)).id, { notes: 'Checked against the delivery order' }) }),
  'bills.approve': async (acs) => ({ call: acs.bills.approve((await draftBill(acs)).id) }),
  'bills.pay': async (acs) => ({ call: acs.bills.pay((await approvedBill(acs)).id, { amount: 40 }) }),
  'bills.listPayments': async (acs) => ({ call: acs.bills.listPayments((await paidBill(acs)).id) }),
  'bills.voidPayment': async (acs) => {
    const bill = await paidBill(acs);
    return { call: acs.bills.voidPayment(bill.id, bill.payments[0].id, { reason: 'Every endpoint' }) };
  },
  'bills.void': async (acs) => ({ call: acs.bills.void((await approvedBill(acs)).id, { reason: 'Entered against the wrong supplier' }) }),
  'reports.purchasing.agedPayables': async (acs) => ({ call: acs.reports.purchasing.agedPayables() }),
  'reports.purchasing.spendAnalysis': async (acs) => ({ call: acs.reports.purchasing.spendAnalysis({ fromDate: '2026-01-01' }) }),
  'requisitions.list': async (acs) => ({ call: acs.requisitions.list({ status: 'pending_approval' }) }),
  'requisitions.create': async (acs) => ({
    call: acs.requisitions.create({ department: 'Warehouse', lines: [{ itemId: (await stockItem(acs)).id, quantity: 5 }] }),
  }),
  'requisitions.retrieve': async (acs) => ({ call: acs.requisitions.retrieve((await pendingRequisition(acs)).id) }),
  'requisitions.update': async (acs) => ({
    call: acs.requisitions.update((await pendingRequisition(acs)).id, { department: 'Warehouse' }),
  }),
  'requisitions.approve': async (acs) => ({ call: acs.requisitions.approve((await pendingRequisition(acs)).id) }),
  'requisitions.reject': async (acs) => ({
    call: acs.requisitions.reject((await pendingRequisition(acs)).id, { reason: 'Not this quarter' }),
  }),
  'requisitions.convertToPurchaseOrders': async (acs) => ({
    call: acs.requisitions.convertToPurchaseOrders((await approvedRequisition(acs)).id),
  }),
  'rfqs.list': async (acs) => ({ call: acs.rfqs.list({ status: 'sent' }) }),
  'rfqs.create': async (acs) => ({
    call: acs.rfqs.create({ supplierIds: [(await firstSupplier(acs)).id], lines: [{ itemId: (await stockItem(acs)).id, quantity: 5 }] }),
  }),
  'rfqs.retrieve': async (acs) => ({ call: acs.rfqs.retrieve((await quotedRfq(acs)).id) }),
  'rfqs.update': async (acs) => ({ call: acs.rfqs.update((await draftRfq(acs)).id, { title: 'Pallets for the warehouse' }) }),
  'rfqs.send': async (acs) => ({ call: acs.rfqs.send((await draftRfq(acs)).id) }),
  'rfqs.respond': async (acs) => {
    const rfq = await sentRfq(acs);
    return {
      call: acs.rfqs.respond(rfq.id, {
        supplierId: rfq.supplierIds[0],
        lines: [{ lineId: rfq.lines[0].id, unitPrice: 28, leadTimeDays: 5 }],
      }),
    };
  },
  'rfqs.award': async (acs) => {
    const rfq = await quotedRfq(acs);
    return { call: acs.rfqs.award(rfq.id, { supplierId: rfq.supplierIds[0] }) };
  },
  'reports.purchasing.procurementAnalytics': async (acs) => ({
    call: acs.reports.purchasing.procurementAnalytics({ fromDate: '2026-01-01' }),
  }),
  'reports.trialBalance': async (acs) => ({ call: acs.reports.trialBalance({ includeZeroBalances: true }) }),
  'reports.balanceSheet': async (acs) => ({
    call: acs.reports.balanceSheet({ comparativePeriod: 'previous-year', includeDrillDown: true }),
  }),
  'reports.profitLoss': async (acs) => ({
    call: acs.reports.profitLoss({
      fromDate: '2026-01-01',
      toDate: '2026-06-30',
      groupBy: 'quarter',
      comparativePeriod: 'previous-period',
    }),
  }),
  'reports.salesSummary': async (acs) => ({
    call: acs.reports.salesSummary({ fromDate: '2026-01-01', toDate: '2026-12-31', groupBy: 'quarter' }),
  }),
  'reports.agedReceivables': async (acs) => ({ call: acs.reports.agedReceivables({ agingBasis: 'due-date' }) }),
  'reports.topCustomers': async (acs) => ({ call: acs.reports.topCustomers({ metric: 'payments', limit: 3 }) }),
  'reports.salesByProduct': async (acs) => ({ call: acs.reports.salesByProduct({ fromDate: '2026-01-01' }) }),
  'reports.salesPerformanceDashboard': async (acs) => ({ call: acs.reports.salesPerformanceDashboard({ fromDate: '2026-07-01' }) }),
  // Inventory and purchasing reports, KPIs and the dashboard.
  'reports.stockValuation': async (acs) => ({ call: acs.reports.stockValuation({ valuationMethod: 'average' }) }),
  'reports.inventoryMovement': async (acs) => ({ call: acs.reports.inventoryMovement({ dateFrom: '2026-01-01' }) }),
  'reports.stockAging': async (acs) => ({ call: acs.reports.stockAging() }),
  'reports.lowStockAlert': async (acs) => ({ call: acs.reports.lowStockAlert() }),
  'reports.purchaseAnalysis': async (acs) => ({ call: acs.reports.purchaseAnalysis({ fromDate: '2026-01-01' }) }),
  'reports.supplierPerformance': async (acs) => ({ call: acs.reports.supplierPerformance() }),
  'reports.outstandingPurchaseOrders': async (acs) => ({ call: acs.reports.outstandingPurchaseOrders({ overdueOnly: true }) }),
  'reports.agedPayables': async (acs) => ({ call: acs.reports.agedPayables() }),
  'analytics.kpis': async (acs) => ({ call: acs.analytics.kpis({ period: 'quarter' }) }),
  'analytics.dashboard': async (acs) => ({ call: acs.analytics.dashboard() }),
  // Custom and saved reports.
  'reports.custom': async (acs) => ({
    call: acs.reports.custom({
      name: 'Every endpoint',
      dataSource: 'invoices',
      dimensions: [{ field: 'status' }],
      measures: [{ field: 'total', aggregation: 'sum' }],
    }),
  }),
  'reports.saved.list': async (acs) => ({ call: acs.reports.saved.list({ reportType: 'custom' }) }),
  'reports.saved.retrieve': async (acs) => ({ call: acs.reports.saved.retrieve((await acs.reports.saved.list({ limit: 1 })).data[0].id) }),
  'reports.saved.create': async (acs) => ({
    call: acs.reports.saved.create({ name: 'Every endpoint', reportType: 'trial-balance', parameters: { includeZeroBalances: true } }),
  }),
  'reports.saved.delete': async (acs) => ({ call: acs.reports.saved.delete((await acs.reports.saved.list({ limit: 1 })).data[0].id) }),
  'reports.saved.execute': async (acs) => ({
    call: acs.reports.saved.execute((await acs.reports.saved.list({ reportType: 'custom' })).data[0].id, { parameters: { limit: 10 } }),
  }),
  'reports.cashFlow': async (acs) => ({ call: acs.reports.cashFlow({ method: 'direct' }) }),
  'reports.budgetVsActual': async (acs) => ({ call: acs.reports.budgetVsActual({ groupBy: 'month' }) }),
  'budgets.list': async (acs) => ({ call: acs.budgets.list({ status: 'active' }) }),
  'budgets.create': async (acs) => ({
    call: acs.budgets.create({
      name: 'Every endpoint',
      fiscalYear: 2030,
      lines: [{ accountId: (await accountByNumber(acs, '6100')).id, period: '2030-01', amount: 100 }],
    }),
  }),
  'budgets.retrieve': async (acs) => ({
    call: acs.budgets.retrieve((await acs.budgets.create({ name: 'Every endpoint', fiscalYear: 2030 })).id),
  }),
  'budgets.update': async (acs) => ({
    call: acs.budgets.update((await acs.budgets.create({ name: 'Every endpoint', fiscalYear: 2030 })).id, { status: 'active' }),
  }),
  'budgets.delete': async (acs) => ({
    call: acs.budgets.delete((await acs.budgets.create({ name: 'Every endpoint', fiscalYear: 2030 })).id),
  }),
  // The e-invoice lifecycle: a demo invoice whose customer has a TIN, in PEPPOL BIS 3.
  'einvoices.create': async (acs) => ({
    call: acs.einvoices.create({ invoiceId: (await einvoiceSource(acs)).id, format: 'PEPPOL_UBL', autoSubmit: true }),
  }),
  'einvoices.validate': async (acs) => ({
    call: acs.einvoices.validate({ invoiceId: (await einvoiceSource(acs)).id, format: 'PEPPOL_UBL' }),
  }),
  'einvoices.submit': async (acs) => ({
    call: acs.einvoices.submit({ einvoiceId: (await newEinvoice(acs)).id, options: { waitForResponse: true } }),
  }),
  'einvoices.status': async (acs) => ({ call: acs.einvoices.status((await newEinvoice(acs)).id) }),
  'einvoices.list': async (acs) => ({ call: acs.einvoices.list({ status: 'validated', portal: 'peppol' }) }),
  'einvoices.cancel': async (acs) => ({
    call: acs.einvoices.cancel((await newEinvoice(acs, true)).id, { reasonCode: '02', notes: 'Every endpoint' }),
  }),
  // Report schedules, emails with links and jobs.
  'reports.schedules.create': async (acs) => ({ call: acs.reports.schedules.create(reportSchedule) }),
  'reports.schedules.list': async (acs) => {
    await acs.reports.schedules.create(reportSchedule);
    return { call: acs.reports.schedules.list({ active: true }) };
  },
  'reports.schedules.update': async (acs) => ({
    call: acs.reports.schedules.update((await acs.reports.schedules.create(reportSchedule)).id, { active: false }),
  }),
  'reports.schedules.delete': async (acs) => ({
    call: acs.reports.schedules.delete((await acs.reports.schedules.create(reportSchedule)).id),
  }),
  'reports.email': async (acs) => ({
    call: acs.reports.email('trial-balance', { parameters: { format: 'csv' }, recipients: ['cfo@every.my'], includeLink: true }),
  }),
  'reports.downloadLink': async (acs, _, mock) => {
    await acs.reports.email('trial-balance', {
      parameters: { format: 'csv' },
      recipients: ['cfo@every.my'],
      includeAttachment: false,
      includeLink: true,
    });
    const link = new URL(/https:\/\/\S+/.exec(mock.outbox.at(-1)!.message)![0]);
    return { call: acs.reports.downloadLink(link.pathname.split('/').pop()!, { token: link.searchParams.get('token')! }) };
  },
  'reports.balanceSheetAsync': async (acs) => ({ call: acs.reports.balanceSheetAsync({ asOfDate: '2026-10-31' }) }),
  'reports.list': async (acs) => ({ call: acs.reports.list() }),
  'reports.jobs.list': async (acs) => ({ call: acs.reports.jobs.list({ status: 'completed' }) }),
  'reports.jobs.retrieve': async (acs) => ({ call: acs.reports.jobs.retrieve((await acs.reports.balanceSheetAsync({})).jobId) }),
  'reports.jobs.result': async (acs, _, mock) => {
    const job = await acs.reports.balanceSheetAsync({});
    mock.clock.advance({ minutes: 1 });
    return { call: acs.reports.jobs.result(job.jobId) };
  },
  'taxCodes.list': async (acs) => ({ call: acs.taxCodes.list() }),
  'taxCodes.retrieve': async (acs) => ({ call: acs.taxCodes.retrieve('SST10') }),
  'customers.summary': async (acs) => ({ call: acs.customers.summary((await firstCustomer(acs)).id) }),
  'analytics.salesFunnel': async (acs) => ({ call: acs.analytics.salesFunnel({ dateFrom: '2026-01-01' }) }),
  'salesOrders.list': async (acs) => ({ call: acs.salesOrders.list({ status: 'confirmed' }) }),
  'salesOrders.create': async (acs) => ({ call: acs.salesOrders.create({ customerId: (await buyer(acs)).id, items: lines }) }),
  'salesOrders.retrieve': async (acs) => ({ call: acs.salesOrders.retrieve((await draftOrder(acs)).id) }),
  'salesOrders.update': async (acs) => ({ call: acs.salesOrders.update((await draftOrder(acs)).id, { priority: 'high' }) }),
  'salesOrders.delete': async (acs) => ({ call: acs.salesOrders.delete((await draftOrder(acs)).id) }),
  'salesOrders.updateStatus': async (acs) => ({ call: acs.salesOrders.updateStatus((await draftOrder(acs)).id, { status: 'confirmed' }) }),
  'salesOrders.convertToInvoice': async (acs) => ({ call: acs.salesOrders.convertToInvoice((await confirmedOrder(acs)).id, {}) }),
  'quotes.list': async (acs) => ({ call: acs.quotes.list({ status: 'sent' }) }),
  'quotes.create': async (acs) => ({ call: acs.quotes.create({ customerId: (await buyer(acs)).id, items: lines }) }),
  'quotes.retrieve': async (acs) => ({ call: acs.quotes.retrieve((await sentQuote(acs)).id) }),
  'quotes.send': async (acs) => ({
    call: acs.quotes.send((await acs.quotes.create({ customerId: (await buyer(acs)).id, items: lines })).id),
  }),
  'quotes.accept': async (acs) => ({ call: acs.quotes.accept((await sentQuote(acs)).id) }),
  'quotes.convertToOrder': async (acs) => ({ call: acs.quotes.convertToOrder((await sentQuote(acs)).id) }),
  'quotes.decline': async (acs) => ({ call: acs.quotes.decline((await sentQuote(acs)).id, { reason: 'Over budget' }) }),
  'invoices.list': async (acs) => ({ call: acs.invoices.list({ overdue: true }) }),
  'invoices.retrieve': async (acs) => ({ call: acs.invoices.retrieve((await draftInvoice(acs)).id) }),
  'invoices.create': async (acs) => ({ call: acs.invoices.create({ customerId: (await buyer(acs)).id, items: lines }) }),
  'invoices.update': async (acs) => ({ call: acs.invoices.update((await draftInvoice(acs)).id, { notes: 'Updated' }) }),
  'invoices.send': async (acs) => ({ call: acs.invoices.send((await draftInvoice(acs)).id) }),
  'invoices.cancel': async (acs) => ({ call: acs.invoices.cancel((await sentInvoice(acs)).id, { reason: 'Every endpoint' }) }),
  'invoices.pay': async (acs) => ({ call: acs.invoices.pay((await sentInvoice(acs)).id, { amount: 100 }) }),
  'invoices.payments.create': async (acs) => ({ call: acs.invoices.payments.create((await sentInvoice(acs)).id, { amount: 100 }) }),
  'invoices.payments.list': async (acs) => {
    const invoice = await sentInvoice(acs);
    await acs.invoices.pay(invoice.id, { amount: 24 });
    return { call: acs.invoices.payments.list(invoice.id) };
  },
  // Credit notes, customer credit, refunds and debit notes.
  'creditNotes.create': async (acs) => ({ call: acs.creditNotes.create((await sentInvoice(acs)).id, { reason: 'Every endpoint' }) }),
  'creditNotes.list': async (acs) => ({ call: acs.creditNotes.list({ status: 'open' }) }),
  'creditNotes.retrieve': async (acs) => ({ call: acs.creditNotes.retrieve((await creditOf(acs)).id) }),
  'creditNotes.allocations.create': async (acs) => {
    const credit = await creditOf(acs);
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: credit.customerId, items: lines })).id);
    return { call: acs.creditNotes.allocations.create(credit.id, { invoiceId: invoice.id, amount: 10 }) };
  },
  'creditNotes.refunds.create': async (acs) => ({ call: acs.creditNotes.refunds.create((await creditOf(acs)).id, { amount: 10 }) }),
  'refunds.list': async (acs) => ({ call: acs.refunds.list({ refundDateTo: '2099-12-31' }) }),
  'refunds.retrieve': async (acs) => ({
    call: acs.refunds.retrieve((await acs.creditNotes.refunds.create((await creditOf(acs)).id, { amount: 10 })).id),
  }),
  'debitNotes.create': async (acs) => ({
    call: acs.debitNotes.create((await sentInvoice(acs)).id, {
      reason: 'Every endpoint',
      items: [{ description: 'Surcharge', quantity: 1, unitPrice: 20 }],
    }),
  }),
  'debitNotes.list': async (acs) => ({ call: acs.debitNotes.list({ invoiceId: 'inv_none' }) }),
  'debitNotes.retrieve': async (acs) => ({
    call: acs.debitNotes.retrieve(
      (await acs.debitNotes.create((await sentInvoice(acs)).id, { reason: 'Every endpoint', items: lines })).id,
    ),
  }),
  'invoices.payments.void': async (acs) => {
    const invoice = await sentInvoice(acs);
    const payment = await acs.invoices.pay(invoice.id, { amount: 24 });
    return { call: acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Recorded in error' }) };
  },
  // Webhook subscriptions.
  'webhooks.subscribe': async (acs) => ({
    call: acs.webhooks.subscribe({ url: 'https://hooks.example.com/acs', events: ['invoice.created'] }),
  }),
  'webhooks.list': async (acs) => {
    await acs.webhooks.subscribe({ url: 'https://hooks.example.com/acs', events: ['invoice.created'] });
    return { call: acs.webhooks.list({ event: 'invoice.created' }) };
  },
  'webhooks.retrieve': async (acs) => ({
    call: acs.webhooks.retrieve((await acs.webhooks.subscribe({ url: 'https://hooks.example.com/acs', events: ['bill.paid'] })).id),
  }),
  'webhooks.update': async (acs) => ({
    call: acs.webhooks.update((await acs.webhooks.subscribe({ url: 'https://hooks.example.com/acs', events: ['bill.paid'] })).id, {
      active: false,
    }),
  }),
  'webhooks.delete': async (acs) => ({
    call: acs.webhooks.delete((await acs.webhooks.subscribe({ url: 'https://hooks.example.com/acs', events: ['bill.paid'] })).id),
  }),
  // The OAuth endpoints: the seeded public client, PKCE pair of RFC 7636 Appendix B.
  'oauth.authorize': async (acs) => ({ call: acs.oauth.authorize(signIn) }),
  'oauth.token': async (acs) => {
    const { location } = await acs.oauth.authorize(signIn);
    const code = new URL(location).searchParams.get('code')!;
    return {
      call: acs.oauth.token({
        grant_type: 'authorization_code',
        client_id: PUBLIC_CLIENT_ID,
        code,
        redirect_uri: signIn.redirect_uri,
        code_verifier: RFC7636_VERIFIER,
      }),
    };
  },
  // The audit trail of the data-management API, as signed-in users (AUD-1).
  'auditTrail.create': async (_, as) => ({ call: as('owner').auditTrail.create({ bl_applet_audit_trail: { action: 'NOTED' } }) }),
  'auditTrail.update': async (_, as) => {
    const { bl_applet_audit_trail: row } = await as('owner').auditTrail.create({ bl_applet_audit_trail: { descr: 'v1' } });
    return { call: as('owner').auditTrail.update({ bl_applet_audit_trail: { ...row, descr: 'v2' } }) };
  },
  'auditTrail.delete': async (_, as) => ({
    call: as('owner').auditTrail.delete((await as('owner').auditTrail.create({ bl_applet_audit_trail: {} })).bl_applet_audit_trail.guid),
  }),
  'auditTrail.list': async (_, as) => ({ call: as('owner').auditTrail.list({ limit: 10 }) }),
  'auditTrail.retrieve': async (_, as) => ({
    call: as('owner').auditTrail.retrieve((await as('owner').auditTrail.create({ bl_applet_audit_trail: {} })).bl_applet_audit_trail.guid),
  }),
  'auditTrail.query': async (_, as) => ({ call: as('owner').auditTrail.query({ foreign_table: 'invoices', calcTotalRecords: true }) }),
  'platform.auditTrail.create': async (_, as) => ({
    call: as('platformAdmin').platform.auditTrail.create({ bl_applet_audit_trail: { action: 'NOTED' } }),
  }),
  'platform.auditTrail.update': async (_, as) => {
    const { bl_applet_audit_trail: row } = await as('owner').auditTrail.create({ bl_applet_audit_trail: { descr: 'v1' } });
    return { call: as('platformAdmin').platform.auditTrail.update({ bl_applet_audit_trail: { ...row, descr: 'v2' } }) };
  },
  'platform.auditTrail.delete': async (_, as) => ({
    call: as('platformAdmin').platform.auditTrail.delete(
      (await as('platformAdmin').platform.auditTrail.create({ bl_applet_audit_trail: {} })).bl_applet_audit_trail.guid,
    ),
  }),
  'platform.auditTrail.list': async (_, as) => ({ call: as('platformAdmin').platform.auditTrail.list({ order: 'DESC' }) }),
  'platform.auditTrail.retrieve': async (_, as) => ({
    call: as('platformAdmin').platform.auditTrail.retrieve(
      (await as('owner').auditTrail.create({ bl_applet_audit_trail: {} })).bl_applet_audit_trail.guid,
    ),
  }),
  'platform.auditTrail.query': async (_, as) => ({
    call: as('platformAdmin').platform.auditTrail.query({ date_txn_from: '2026-01-01T00:00:00+08:00' }),
  }),
  'einvoices.documents.xml': async (acs) => ({ call: acs.einvoices.documents.xml((await demoEinvoice(acs)).id) }),
  'einvoices.documents.pdf': async (acs) => ({ call: acs.einvoices.documents.pdf((await demoEinvoice(acs)).id) }),
  'einvoices.documents.json': async (acs) => ({ call: acs.einvoices.documents.json((await demoEinvoice(acs)).id) }),
  // The internal e-invoice records: the demo's unfinished buyers wait in the batch pool.
  'einvoiceRecords.query': async (_, as) => ({
    call: as('owner').einvoiceRecords.query({ hdr_einvoice_types: '01,02'.split(','), pageSize: 5 }),
  }),
  'einvoiceRecords.consolidate': async (_, as) => ({ call: as('owner').einvoiceRecords.consolidate({}) }),
  'einvoiceRecords.retrieve': async (_, as) => ({ call: as('owner').einvoiceRecords.retrieve(await consolidatedGuid(as)) }),
  'einvoiceRecords.saveAndResubmit': async (_, as) => ({
    call: as('owner').einvoiceRecords.saveAndResubmit({ toIrbHdrGuid: await consolidatedGuid(as) }),
  }),
  'einvoiceRecords.selfBilled': async (acs, as, mock) => {
    const bill = (await acs.bills.list({})).data.find((b) => b.status !== 'draft')!;
    mock.store.transaction(() =>
      recordIdentity(
        { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId },
        {
          partyType: 'supplier',
          partyId: bill.supplierId,
          tin: 'C23810477200',
          idType: 'BRN',
          idValue: '200801012345',
          sstNumber: 'NA',
          msicCode: '31001',
          businessActivity: 'Furniture',
          kind: 'local',
        },
      ),
    );
    return { call: as('owner').einvoiceRecords.selfBilled({ gendocHdrGuids: [bill.id] }) };
  }, // Batch operations.
  'batch.customers.run': async (acs) => ({
    call: acs.batch.customers.run([{ operation: 'create', referenceId: 'r1', data: { name: 'Batch Sdn Bhd', email: 'batch@every.my' } }]),
  }),
  'batch.jobs.retrieve': async (acs) => ({
    call: acs.batch.jobs.retrieve(
      (await acs.batch.customers.run([{ operation: 'create', data: { name: 'Job Sdn Bhd', email: 'job@every.my' } }], { async: true }))
        .jobId,
    ),
  }),
  'batch.jobs.list': async (acs) => ({ call: acs.batch.jobs.list({ status: 'validated' }) }),
  'batch.suppliers.run': async (acs) => ({
    call: acs.batch.suppliers.run([{ operation: 'create', data: { name: 'Batch Supplies Sdn Bhd' } }]),
  }),
  'batch.invoices.run': async (acs) => ({
    call: acs.batch.invoices.run([{ operation: 'create', data: { customerId: (await buyer(acs)).id, items: lines } }]),
  }),
  'batch.bills.run': async (acs) => ({ call: acs.batch.bills.run([{ operation: 'create', data: await newBill(acs) }]) }),
  'batch.items.run': async (acs) => ({
    call: acs.batch.items.run([{ operation: 'create', data: { itemCode: 'BATCH-1', name: 'Batch widget', type: 'service' } }]),
  }),
  'batch.journalEntries.run': async (acs) => ({
    call: acs.batch.journalEntries.run([
      {
        operation: 'create',
        data: { date: '2026-11-02', lines: transfer((await accountByNumber(acs, '1110')).id, (await accountByNumber(acs, '4100')).id, 5) },
      },
    ]),
  }),
  'batch.stockAdjustments.run': async (acs) => ({
    call: acs.batch.stockAdjustments.run([
      { operation: 'create', data: { reason: 'found', items: [{ itemId: (await stockItem(acs)).id, adjustmentQuantity: 1 }] } },
    ]),
  }),
  'batch.payments.run': async (acs) => ({
    call: acs.batch.payments.run([{ operation: 'create', data: { invoiceId: (await sentInvoice(acs)).id, amount: 1 } }]),
  }),
  'batch.accounts.run': async (acs) => ({
    call: acs.batch.accounts.run([
      { operation: 'create', data: { accountNumber: '1198', name: 'Batch float', type: 'asset', category: 'current_asset' } },
    ]),
  }),
  'batch.jobs.results': async (acs) => ({
    call: acs.batch.jobs.results((await acs.batch.jobs.list({ status: 'validated' })).data[0].jobId),
  }),
  'batch.metrics': async (acs) => ({ call: acs.batch.metrics() }),
  'batch.importCustomersCsv': async (acs) => ({
    call: acs.batch.importCustomersCsv('Name,Email\nCsv Sdn Bhd,csv@every.my\n', { mapping: { name: 'Name', email: 'Email' } }),
  }),
  'batch.templates.customersCsv': async (acs) => ({ call: acs.batch.templates.customersCsv() }),
  'batch.templates.itemsCsv': async (acs) => ({ call: acs.batch.templates.itemsCsv() }),
  'batch.templates.suppliersCsv': async (acs) => ({ call: acs.batch.templates.suppliersCsv() }),
  'batch.templates.accountsCsv': async (acs) => ({ call: acs.batch.templates.accountsCsv() }),
  'batch.templates.excel': async (acs) => ({ call: acs.batch.templates.excel('items') }),
  // Integrations.
  'integrations.available': async (acs) => ({ call: acs.integrations.available() }),
  'integrations.list': async (acs) => ({ call: acs.integrations.list({ category: 'ecommerce' }) }),
  'integrations.transformData': async (acs) => ({
    call: acs.integrations.transformData({ sourceFormat: 'csv', targetFormat: 'json', mapping: { name: 'Name' }, data: 'Name\nA\n' }),
  }),
  'integrations.setup': async (acs) => ({ call: acs.integrations.setup('hosted-store', { name: 'Shop', credentials: STORE_CREDENTIALS }) }),
  'integrations.syncOrders': async (acs) => {
    const integrationId = (await acs.integrations.list({ connectorId: 'hosted-store' })).data[0]!.id;
    // The store's products first: an order naming a SKU no item has is refused (INT-29).
    await acs.integrations.syncProducts('hosted-store', { integrationId, publishedStatus: 'any' });
    return { call: acs.integrations.syncOrders('hosted-store', { integrationId }) };
  },
  'integrations.syncProducts': async (acs) => ({
    call: acs.integrations.syncProducts('hosted-store', {
      integrationId: (await acs.integrations.list({ connectorId: 'hosted-store' })).data[0]!.id,
      includeInventory: true,
    }),
  }),
  'integrations.updateInventory': async (acs) => ({
    call: acs.integrations.updateInventory('hosted-store', {
      integrationId: (await acs.integrations.list({ connectorId: 'hosted-store' })).data[0]!.id,
      items: [{ sku: 'NO-SUCH', locationId: 'main', quantity: 1, updateType: 'set' }],
    }),
  }),
  'integrations.syncFees': async (acs) => {
    const market = await acs.integrations.setup('marketplace', {
      name: 'Mk',
      credentials: {
        sellerId: 'A1B2C3D4E5',
        accessKey: 'AKIA0123456789ABCDEF',
        secretKey: 'sk0123456789abcdef0123',
        marketplaceId: 'MYMKT01',
      },
      mapping: { defaultPaymentAccount: '1120', feeAccount: '6700' },
    });
    return { call: acs.integrations.syncFees('marketplace', { integrationId: market.id, reportType: 'settlement' }) };
  },
  'integrations.createConnector': async (acs) => ({
    call: acs.integrations.createConnector({
      name: 'Custom',
      type: 'custom',
      authentication: { type: 'api_key', fields: [{ name: 'apiKey', label: 'API key', type: 'password', required: true }] },
      endpoints: [{ name: 'orders', method: 'GET', path: '/orders', mapping: { externalId: '$.id' } }],
    }),
  }),
  'integrations.inventorySync': async (acs) => ({
    call: acs.integrations.inventorySync((await acs.integrations.list({ connectorId: 'hosted-store' })).data[0]!.id, {
      items: [{ sku: 'NO-SUCH', quantity: 1 }],
    }),
  }),
  'integrations.syncPayments': async (acs) => ({
    call: acs.integrations.syncPayments('payment-gateway', { integrationId: (await gatewayIntegration(acs)).id }),
  }),
  'integrations.syncTransactions': async (acs) => ({
    call: acs.integrations.syncTransactions('payment-gateway', { integrationId: (await gatewayIntegration(acs)).id }),
  }),
  'integrations.exportCoa': async (acs) => ({
    call: acs.integrations.exportCoa('accounting-source', {
      integrationId: (await sourceIntegration(acs)).id,
      options: { mapToStandard: true },
    }),
  }),
  'integrations.migrateCustomers': async (acs) => ({
    call: acs.integrations.migrateCustomers('accounting-source', { integrationId: (await sourceIntegration(acs)).id }),
  }),
  'integrations.migrateTransactions': async (acs) => ({
    call: acs.integrations.migrateTransactions('accounting-source', {
      integrationId: (await sourceIntegration(acs)).id,
      transactionTypes: ['journal_entry'],
    }),
  }),
  'integrations.fullMigration': async (acs) => {
    await sourceIntegration(acs);
    return { call: acs.integrations.fullMigration('accounting-source', { credentials: SOURCE_CREDENTIALS }) };
  },
  'integrations.status': async (acs) => ({ call: acs.integrations.status((await acs.integrations.list()).data[0]!.id) }),
  'integrations.health': async (acs) => ({ call: acs.integrations.health((await acs.integrations.list()).data[0]!.id) }),
  'integrations.analytics': async (acs) => ({ call: acs.integrations.analytics({ from: '2026-01-01' }) }),
  'integrations.retryFailed': async (acs, _signedIn, mock) => ({
    call: acs.integrations.retryFailed((await acs.integrations.list()).data[0]!.id, { syncId: failedTestSync(mock).id }),
  }),
  'integrations.webhooks': async (acs) => ({
    call: acs.integrations.webhooks((await acs.integrations.list()).data[0]!.id, {
      events: ['order.created'],
      endpoint: 'https://hooks.example.my/store',
      secret: 'whsec_every_endpoint_0001',
    }),
  }),
  'integrations.receiveWebhook': async (acs) => {
    const store = (await acs.integrations.list()).data[0]!;
    const id = store.id;
    const event = {
      event: 'order.created' as const,
      source: 'hosted-store',
      integrationId: id,
      timestamp: '2026-03-01T00:00:00Z',
      data: upstreamWebhookOrder(store, 1),
    };
    const signature = `sha256=${createHmac('sha256', DEMO_STORE_CREDENTIALS.webhookSecret).update(JSON.stringify(event)).digest('hex')}`;
    return { call: acs.integrations.receiveWebhook(id, event, { headers: { 'X-Upstream-Signature': signature } }) };
  },
};

/** The guid of a to_irb record: a consolidation of the batch pool, or the first record there is. */
async function consolidatedGuid(as: SignedIn): Promise<string> {
  const [made] = await as('owner').einvoiceRecords.consolidate({});
  return (
    made?.bl_fi_my_einvoice_to_irb_hdr.guid ??
    (await as('owner').einvoiceRecords.query({ pageSize: 1 })).data[0]!.bl_fi_my_einvoice_to_irb_hdr.guid
  );
}

/** `/accounts/{accountId}` -> a pattern over the request path under the family's base (`/v1` for the business API). */
export const pathPattern = (endpoint: AnyEndpoint) =>
  new RegExp(`^${endpoint.api === 'business' ? '/v1' : ''}${endpoint.path.replace(/\{\w+\}/g, '[^/]+')}$`);
