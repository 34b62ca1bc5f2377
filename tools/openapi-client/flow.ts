// A client nobody here wrote: openapi-typescript's types of docs/openapi.json and openapi-fetch, compiled strict,
// driving a flow across every module of the standalone mock (or of Prism's validating proxy in front of it).
// Every answer is checked against its declared schema (validate.ts); run by scripts/openapi-client.mjs.
import { readFileSync } from 'node:fs';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './generated/api.ts';
import { ResponseValidator } from './validate.ts';

type Schemas = components['schemas'];

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`flow.ts: ${name} is not set (scripts/openapi-client.mjs sets it)`);
  return value;
};
const ORIGIN = env('ACS_ORIGIN');
const MOCK_ORIGIN = env('ACS_MOCK_ORIGIN');
const COMPANY_ID = env('ACS_COMPANY_ID');
const VIA_PRISM = process.env.ACS_PRISM === '1';

const validator = new ResponseValidator(JSON.parse(readFileSync(env('ACS_OPENAPI'), 'utf8')));
const violations: string[] = [];

/** Reads a copy of each answer: its body checked against the schema, and Prism's `sl-violations` kept. */
const recorder: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const type = response.headers.get('content-type');
    const copy = response.clone();
    const text = /json/.test(type ?? '') ? await copy.text() : /^text\/|xml/.test(type ?? '') ? await copy.text() : null;
    const body = text !== null && /json/.test(type ?? '') && text !== '' ? JSON.parse(text) : (text ?? '');
    const checked = validator.check(schemaPath, request.method, response.status, type, body);
    for (const error of checked.errors) violations.push(`ajv: ${checked.operation} ${checked.status}: ${error}`);
    const prism = response.headers.get('sl-violations');
    if (prism) violations.push(`prism: ${checked.operation} ${checked.status}: ${prism}`);
    return undefined;
  },
};

const credentials = { Authorization: `Bearer ${env('ACS_API_KEY')}`, 'X-Company-Id': COMPANY_ID };
/** The JSON forms: `data` is typed as each operation's JSON body alone (decision PLAT-39). */
const api = createClient<paths, `${string}/json`>({ baseUrl: ORIGIN, headers: credentials });
/** The same operations read as files: `parseAs` gives the text or the bytes. */
const files = createClient<paths>({ baseUrl: ORIGIN, headers: credentials });
/** A client whose arrays are sent comma-separated, as the `in` and `nin` filters take them. */
const lists = createClient<paths, `${string}/json`>({
  baseUrl: ORIGIN,
  headers: credentials,
  querySerializer: { array: { style: 'form', explode: false } },
});
for (const client of [api, files, lists]) client.use(recorder);

/** The value of a success, or a failure that names the step and the answer. */
function ok<T>(result: { data?: T; error?: unknown; response: Response }, step: string): NonNullable<T> {
  if (result.data === undefined || result.data === null || result.error !== undefined) {
    throw new Error(`${step}: ${result.response.status} ${JSON.stringify(result.error ?? null)}`);
  }
  return result.data as NonNullable<T>;
}

function expect(condition: boolean, what: string): void {
  if (!condition) throw new Error(`expected ${what}`);
}

const lines = [{ description: 'Consulting', quantity: 2, unitPrice: 150, taxCode: 'SVC8' }];

async function saleToPayment(): Promise<void> {
  const customer = ok(await api.POST('/v1/customers', { body: { name: 'Generated Client Sdn Bhd', email: 'gen@client.my' } }), 'customer');
  const invoice = ok(await api.POST('/v1/invoices', { body: { customerId: customer.data.id, items: lines } }), 'invoice').data;
  const sent = ok(await api.POST('/v1/invoices/{invoiceId}/send', { params: { path: { invoiceId: invoice.id } }, body: {} }), 'send').data;
  expect(sent.status === 'sent', `a sent invoice, not ${sent.status}`);
  const payment: Schemas['Payment'] = ok(
    await api.POST('/v1/invoices/{invoiceId}/payments', { params: { path: { invoiceId: invoice.id } }, body: { amount: sent.total } }),
    'payment',
  ).data;
  const paid = ok(await api.GET('/v1/invoices/{invoiceId}', { params: { path: { invoiceId: invoice.id } } }), 'paid invoice').data;
  expect(paid.status === 'paid' && payment.amount === sent.total, `a paid invoice, not ${paid.status}`);
}

async function purchaseToBillPayment(): Promise<void> {
  const supplier = ok(await api.GET('/v1/suppliers', { params: { query: { limit: 1 } } }), 'suppliers').data[0]!;
  const item = ok(await api.GET('/v1/items', { params: { query: { type: 'inventory', tracked: true, limit: 1 } } }), 'items').data[0]!;
  const order = ok(
    await api.POST('/v1/purchase-orders', {
      body: { supplierId: supplier.id, items: [{ itemId: item.id, quantity: 2, unitPrice: 100 }] },
    }),
    'purchase order',
  ).data;
  ok(
    await api.POST('/v1/purchase-orders/{purchaseOrderId}/send', { params: { path: { purchaseOrderId: order.id } }, body: {} }),
    'send order',
  );
  ok(
    await api.POST('/v1/purchase-orders/{purchaseOrderId}/receive', { params: { path: { purchaseOrderId: order.id } }, body: {} }),
    'receive',
  );
  const bill = ok(
    await api.POST('/v1/bills', {
      body: {
        supplierId: supplier.id,
        supplierInvoiceNumber: `GEN-${Date.now()}`,
        items: [{ description: 'Courier', quantity: 1, unitPrice: 40, accountCode: '5200' }],
      },
    }),
    'bill',
  ).data;
  const approved = ok(await api.POST('/v1/bills/{billId}/approve', { params: { path: { billId: bill.id } } }), 'approve').data;
  ok(
    await api.POST('/v1/bills/{billId}/payments', { params: { path: { billId: bill.id } }, body: { amount: approved.total } }),
    'bill payment',
  );
}

async function stockAdjustment(): Promise<void> {
  const item = ok(await api.GET('/v1/items', { params: { query: { type: 'inventory', tracked: true, limit: 1 } } }), 'items').data[0]!;
  const adjustment = ok(
    await api.POST('/v1/inventory/adjustments', { body: { reason: 'found', items: [{ itemId: item.id, adjustmentQuantity: 1 }] } }),
    'adjustment',
  ).data;
  expect(adjustment.items.length === 1, 'one adjusted item');
}

async function reportJsonAndCsv(): Promise<void> {
  // The JSON form is the report's own schema, no narrowing.
  const report: Schemas['TrialBalanceReport'] = ok(await api.GET('/v1/reports/trial-balance'), 'trial balance').data;
  expect(report.accounts.length > 0, 'accounts in the trial balance');
  const csv: string = ok(
    await files.GET('/v1/reports/trial-balance', { params: { query: { format: 'csv' } }, parseAs: 'text' }),
    'trial balance csv',
  );
  expect(csv.split('\n').length > report.accounts.length, 'a CSV row per account');
}

async function einvoice(): Promise<void> {
  const sent = ok(await api.GET('/v1/invoices', { params: { query: { status: 'sent', limit: 50 } } }), 'sent invoices').data;
  for (const invoice of sent) {
    const customer = ok(await api.GET('/v1/customers/{customerId}', { params: { path: { customerId: invoice.customerId } } }), 'customer');
    if (!customer.data.taxNumber) continue;
    const created = ok(await api.POST('/v1/einvoice/create', { body: { invoiceId: invoice.id, format: 'PEPPOL_UBL' } }), 'e-invoice').data;
    const path = { einvoiceId: created.id };
    const xml: string = ok(await files.GET('/v1/einvoice/{einvoiceId}/document/xml', { params: { path }, parseAs: 'text' }), 'xml');
    expect(xml.startsWith('<?xml'), 'an XML document');
    const pdf = ok(await files.GET('/v1/einvoice/{einvoiceId}/document/pdf', { params: { path }, parseAs: 'arrayBuffer' }), 'pdf');
    expect(new TextDecoder().decode(pdf.slice(0, 5)) === '%PDF-', 'a PDF document');
    const json: Schemas['EinvoiceJsonDocument'] = ok(
      await api.GET('/v1/einvoice/{einvoiceId}/document/json', { params: { path } }),
      'json',
    );
    expect(json !== null, 'a JSON document');
    return;
  }
  throw new Error('the demo has a sent invoice to a customer with a tax number');
}

async function batch(): Promise<void> {
  const operations: Schemas['BatchOperationInput'][] = [
    { operation: 'create', referenceId: 'r1', data: { name: 'Batch Sdn Bhd', email: 'b@gen.my' } },
  ];
  const result = ok(await api.POST('/v1/batch/customers', { body: { operations } }), 'batch').data;
  expect('successfulRecords' in result && result.successfulRecords === 1, 'one record created');
  const job = ok(await api.POST('/v1/batch/customers', { body: { operations, options: { async: true } } }), 'async batch').data;
  const jobId = 'jobId' in job ? String(job.jobId) : '';
  expect(jobId !== '', 'a job id');
  ok(await api.GET('/v1/batch/jobs/{jobId}', { params: { path: { jobId } } }), 'job');
  const results: Schemas['BatchResult'] = ok(
    await api.GET('/v1/batch/jobs/{jobId}/results', { params: { path: { jobId } } }),
    'results',
  ).data;
  const csv: string = ok(
    await files.GET('/v1/batch/jobs/{jobId}/results', { params: { path: { jobId }, query: { format: 'csv' } }, parseAs: 'text' }),
    'results csv',
  );
  expect(csv.split('\n').length > results.results.length, 'a CSV row per record');
}

async function integrationSync(): Promise<void> {
  const credentials = {
    shopDomain: 'kedai.example-store.com',
    accessToken: 'shpat_0123456789abcdef',
    webhookSecret: 'whsec_0123456789abcdef',
  };
  const path = { integrationId: 'hosted-store' };
  const setup = ok(
    await api.POST('/v1/integrations/{integrationId}/setup', { params: { path }, body: { name: 'Shop', credentials } }),
    'setup',
  );
  const sync = ok(
    await api.POST('/v1/integrations/{integrationId}/sync-orders', { params: { path }, body: { integrationId: setup.data.id } }),
    'sync orders',
  ).data;
  expect(sync.syncId !== '', 'a sync id');
}

async function auditAsSignedInUser(): Promise<void> {
  const signIn = await fetch(`${MOCK_ORIGIN}/__mock/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: env('ACS_USER_ID') }),
  });
  const { accessToken } = ((await signIn.json()) as { data: { accessToken: string } }).data;
  const dm = createClient<paths, `${string}/json`>({ baseUrl: ORIGIN, headers: { Authorization: `Bearer ${accessToken}` } });
  dm.use(recorder);
  const trail = ok(
    await dm.GET('/core2/tnt/dm/erp/audit-trails/backoffice-ep', {
      params: { header: { 'X-Tenant-Code': COMPANY_ID }, query: { limit: 10 } },
    }),
    'audit trail',
  );
  expect(Array.isArray(trail.data), 'audit rows');
}

async function operatorFilters(): Promise<void> {
  const all = ok(await api.GET('/v1/customers', { params: { query: { limit: 100 } } }), 'customers').data;
  const gen = ok(await api.GET('/v1/customers', { params: { query: { 'name[startswith]': 'Gen', limit: 100 } } }), 'name[startswith]').data;
  expect(gen.length > 0 && gen.length < all.length, `some customers, not all, named Gen... (${gen.length} of ${all.length})`);
  expect(
    gen.every((c) => c.name.toLowerCase().startsWith('gen')),
    'only names starting with Gen',
  );
  const big = ok(await api.GET('/v1/invoices', { params: { query: { 'total[gte]': 1000, limit: 100 } } }), 'total[gte]').data;
  expect(big.length > 1 && big.every((i) => i.total >= 1000), 'only totals of 1000 or more');
  // `in` is one parameter, its values joined by commas (`style: form`, `explode: false`): openapi-fetch sends
  // arrays so when its client is told to (a `querySerializer` of the call itself would turn off the check of
  // the query's names).
  const numbers = big.slice(0, 2).map((i) => i.invoiceNumber);
  const named = ok(await lists.GET('/v1/invoices', { params: { query: { 'invoiceNumber[in]': numbers, limit: 100 } } }), 'in').data;
  expect(named.length === numbers.length && named.every((i) => numbers.includes(i.invoiceNumber)), 'the invoices named');
  // An operator the field's kind does not take, or a parameter the list does not declare, does not compile, and the mock refuses it.
  // @ts-expect-error a text operator does not apply to a number
  const refused = await api.GET('/v1/invoices', { params: { query: { 'total[startswith]': '1' } } });
  expect(refused.response.status === 422 && refused.error?.error.code === 'VALIDATION_ERROR', 'total[startswith] refused');
  // @ts-expect-error not a parameter of the list
  const unknown = await api.GET('/v1/customers', { params: { query: { colour: 'blue' } } });
  expect(unknown.response.status === 400 && unknown.error?.error.code === 'INVALID_REQUEST', 'an unknown parameter refused');
}

const STEPS: Record<string, () => Promise<void>> = {
  'sale to payment': saleToPayment,
  'purchase to bill payment': purchaseToBillPayment,
  'stock adjustment': stockAdjustment,
  'report as JSON and CSV': reportJsonAndCsv,
  'e-invoice documents': einvoice,
  'batch and its results': batch,
  'integration sync': integrationSync,
  'audit query as a signed-in user': auditAsSignedInUser,
  'operator filters': operatorFilters,
};

async function main(client: Client<paths, `${string}/json`>): Promise<void> {
  // Each run starts from the seed, so the run through Prism meets the same data as the one before it.
  const reset = await fetch(`${MOCK_ORIGIN}/__mock/reset`, { method: 'POST' });
  expect(reset.ok, `the mock reset (${reset.status})`);
  ok(await client.GET('/v1/company'), 'company');
  const failed: string[] = [];
  for (const [name, step] of Object.entries(STEPS)) {
    try {
      await step();
      console.log(`  ok   ${name}`);
    } catch (error) {
      failed.push(name);
      console.log(`  FAIL ${name}: ${(error as Error).message}`);
    }
  }
  const summary = { via: VIA_PRISM ? 'prism' : 'mock', responses: validator.checked.length, violations, failed };
  console.log(`${violations.map((v) => `  ${v}`).join('\n')}${violations.length ? '\n' : ''}RESULT ${JSON.stringify(summary)}`);
  if (failed.length || violations.length) process.exitCode = 1;
}

await main(api);
