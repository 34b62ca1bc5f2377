/**
 * One successful call of every endpoint of the contract through its SDK method, after any set-up calls:
 * what test/e2e/every-endpoint.test.ts runs, and what `npm run openapi` captures its examples from
 * (scripts/openapi-examples.ts), so the document's examples are real requests and answers of the demo seed.
 * An endpoint's call is its contract declaration's `exampleCall` (test/support/example-calls.ts makes it);
 * CALLS below holds only the calls that need set-up code of their own.
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
import { exampleCallOf } from './example-calls.js';
import {
  FIXTURES,
  RFC7636_VERIFIER,
  SOURCE_CREDENTIALS,
  buyer,
  creditOf,
  demoApproval,
  draftEntry,
  filedTaxReturn,
  firstApprovalRule,
  firstCustomer,
  lastTaxPeriod,
  openUsdInvoice,
  revaluedUsdInvoice,
  lines,
  newBill,
  paidBill,
  quotedRfq,
  reportSchedule,
  sentInvoice,
  sentRfq,
  signIn,
  sourceIntegration,
  stockItem,
  supplierCredit,
  approvedBill,
} from './call-fixtures.js';

/**
 * One successful call of an endpoint through its SDK method, after any setup calls. The call's promise
 * is handed back inside an object: an async function would unwrap it to its data.
 */
export type Call = (acs: AcsClient, signedIn: SignedIn, mock: MockService) => Promise<{ call: ApiPromise<unknown> }>;
/** A client signed in as a seeded user (the data-management API takes no API key): the tenant owner or the platform administrator. */
export type SignedIn = (user: 'owner' | 'platformAdmin') => AcsClient;

/** The calls that need set-up code of their own; every other endpoint's call is its contract's `exampleCall`. */
export const CALLS: Record<string, Call> = {
  'integrations.syncOrders': async (acs) => {
    const integrationId = (await acs.integrations.list({ connectorId: 'hosted-store' })).data[0]!.id;
    // The store's products first: an order naming a SKU no item has is refused (INT-29).
    await acs.integrations.syncProducts('hosted-store', { integrationId, publishedStatus: 'any' });
    return { call: acs.integrations.syncOrders('hosted-store', { integrationId }) };
  },
  'supplierCreditNotes.apply': async (acs) => {
    const credit = await supplierCredit(acs);
    return { call: acs.supplierCreditNotes.apply(credit.id, { billId: (await approvedBill(acs)).id, amount: 15 }) };
  },
  'accounts.delete': async (acs) => {
    const scratch = await acs.accounts.create({ accountNumber: '6999', name: 'Scratch', type: 'expense', category: 'operating_expense' });
    return { call: acs.accounts.delete(scratch.id) };
  },
  'taxReturns.preview': async (acs, _signedIn, mock) => ({ call: acs.taxReturns.preview(lastTaxPeriod(mock)) }),
  'taxReturns.create': async (acs, _signedIn, mock) => ({ call: filedTaxReturn(acs, mock) }),
  'taxReturns.list': async (acs, _signedIn, mock) => {
    await filedTaxReturn(acs, mock);
    return { call: acs.taxReturns.list() };
  },
  'taxReturns.pay': async (acs, _signedIn, mock) => {
    const filed = await filedTaxReturn(acs, mock);
    return { call: acs.taxReturns.pay(filed.id!, { amount: Math.min(100, Math.abs(filed.amountDue)), reference: 'SST-02' }) };
  },
  'currencyRevaluations.create': async (acs) => {
    await openUsdInvoice(acs);
    return { call: acs.currencyRevaluations.create({ rates: { USD: 4.5 } }) };
  },
  'currencyRevaluations.list': async (acs) => {
    await revaluedUsdInvoice(acs);
    return { call: acs.currencyRevaluations.list() };
  },
  'currencyRevaluations.retrieve': async (acs) => ({ call: acs.currencyRevaluations.retrieve((await revaluedUsdInvoice(acs)).id) }),
  'journalEntries.create': async (acs) => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    return { call: acs.journalEntries.create({ date: '2026-03-15', lines: transfer(supplies.id, cash.id, 10) }) };
  },
  'journalEntries.void': async (acs) => {
    const entry = await draftEntry(acs);
    await acs.journalEntries.post(entry.id);
    return { call: acs.journalEntries.void(entry.id, { reason: 'Test of the void endpoint' }) };
  },
  'bulk.journalEntries': async (acs) => {
    const cash = await accountByNumber(acs, '1110');
    const supplies = await accountByNumber(acs, '6500');
    return {
      call: acs.bulk.journalEntries({
        operations: [{ operation: 'create', data: { date: '2026-03-15', lines: transfer(supplies.id, cash.id, 10) } }],
      }),
    };
  },
  'customers.delete': async (acs) => {
    const scratch = await acs.customers.create({ name: 'Scratch', phone: '0312345678' });
    return { call: acs.customers.delete(scratch.id) };
  },
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
  'inventory.adjustments.post': async (acs) => {
    const draft = await acs.inventory.adjustments.create({
      status: 'draft',
      reason: 'found',
      items: [{ itemId: (await stockItem(acs)).id, adjustmentQuantity: 1 }],
    });
    return { call: acs.inventory.adjustments.post(draft.id) };
  },
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
  'purchasing.approvals.approve': async (acs) => {
    const approval = await demoApproval(acs);
    return { call: acs.purchasing.approvals.approve(approval.id, { approverId: approval.approvers[0].userId }) };
  },
  'purchasing.approvals.reject': async (acs) => {
    const approval = await demoApproval(acs);
    return { call: acs.purchasing.approvals.reject(approval.id, { approverId: approval.approvers[0].userId, comments: 'Over budget' }) };
  },
  'bills.voidPayment': async (acs) => {
    const bill = await paidBill(acs);
    return { call: acs.bills.voidPayment(bill.id, bill.payments[0].id, { reason: 'Every endpoint' }) };
  },
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
  'reports.schedules.list': async (acs) => {
    await acs.reports.schedules.create(reportSchedule);
    return { call: acs.reports.schedules.list({ active: true }) };
  },
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
  'reports.jobs.result': async (acs, _, mock) => {
    const job = await acs.reports.balanceSheetAsync({});
    mock.clock.advance({ minutes: 1 });
    return { call: acs.reports.jobs.result(job.jobId) };
  },
  'invoices.payments.list': async (acs) => {
    const invoice = await sentInvoice(acs);
    await acs.invoices.pay(invoice.id, { amount: 24 });
    return { call: acs.invoices.payments.list(invoice.id) };
  },
  'creditNotes.allocations.create': async (acs) => {
    const credit = await creditOf(acs);
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: credit.customerId, items: lines })).id);
    return { call: acs.creditNotes.allocations.create(credit.id, { invoiceId: invoice.id, amount: 10 }) };
  },
  'invoices.payments.void': async (acs) => {
    const invoice = await sentInvoice(acs);
    const payment = await acs.invoices.pay(invoice.id, { amount: 24 });
    return { call: acs.invoices.payments.void(invoice.id, payment.id, { reason: 'Recorded in error' }) };
  },
  'webhooks.list': async (acs) => {
    await acs.webhooks.subscribe({ url: 'https://hooks.example.com/acs', events: ['invoice.created'] });
    return { call: acs.webhooks.list({ event: 'invoice.created' }) };
  },
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
  'auditTrail.update': async (_, as) => {
    const { bl_applet_audit_trail: row } = await as('owner').auditTrail.create({ bl_applet_audit_trail: { descr: 'v1' } });
    return { call: as('owner').auditTrail.update({ bl_applet_audit_trail: { ...row, descr: 'v2' } }) };
  },
  'platform.auditTrail.update': async (_, as) => {
    const { bl_applet_audit_trail: row } = await as('owner').auditTrail.create({ bl_applet_audit_trail: { descr: 'v1' } });
    return { call: as('platformAdmin').platform.auditTrail.update({ bl_applet_audit_trail: { ...row, descr: 'v2' } }) };
  },
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
  'batch.importCustomersCsv': async (acs) => ({
    call: acs.batch.importCustomersCsv('Name,Email\nCsv Sdn Bhd,csv@every.my\n', { mapping: { name: 'Name', email: 'Email' } }),
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
  'integrations.fullMigration': async (acs) => {
    await sourceIntegration(acs);
    return { call: acs.integrations.fullMigration('accounting-source', { credentials: SOURCE_CREDENTIALS }) };
  },
  'integrations.retryFailed': async (acs, _signedIn, mock) => ({
    call: acs.integrations.retryFailed((await acs.integrations.list({ limit: 1 })).data[0]!.id, { syncId: failedTestSync(mock).id }),
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

/** `/accounts/{accountId}` -> a pattern over the request path under the family's base (`/v1` for the business API). */
export const pathPattern = (endpoint: AnyEndpoint) =>
  new RegExp(`^${endpoint.api === 'business' ? '/v1' : ''}${endpoint.path.replace(/\{\w+\}/g, '[^/]+')}$`);

/** The call of an endpoint: its entry in CALLS, else the one its contract declaration's `exampleCall` makes. */
export const callOf = (endpoint: AnyEndpoint): Call | undefined => CALLS[endpoint.id] ?? exampleCallOf(endpoint, FIXTURES);
