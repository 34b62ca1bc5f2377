// Sales at volume: one filtered page among 100,000 invoices of one company, and sending and paying
// 10,000 invoices through the SDK (every send posts receivables, every payment posts the bank side).
import { AcsClient } from '../src/index.js';
import { createMockService } from '../mock-server/index.js';
import { createCustomer } from '../mock-server/domain/sales/customers.js';
import { createInvoice } from '../mock-server/domain/sales/invoices.js';
import { authHeaders, ms, report, time, type Figure } from './harness.js';

const LINES = [
  { description: 'Teh tarik premix 1kg', quantity: 3, unitPrice: 18.9, taxCode: 'SST5' },
  { description: 'Delivery', quantity: 1, unitPrice: 12.5, taxCode: null },
];

interface ListBody {
  data: { customerId: string; total: number; status: string }[];
  pagination: { total: number };
}

export async function invoiceVolume({ invoices, settle, runs }: { invoices: number; settle: number; runs: number }): Promise<Figure[]> {
  const mock = createMockService({ seed: 'demo' });
  const { apiKey, companyId, baseUrl } = mock.credentials;
  const ctx = { store: mock.store, clock: mock.clock, companyId, principal: { actor: 'bench' } };

  // 50 customers; invoice i belongs to customer i % 50 and has (i % 7) + 1 units, so totals vary.
  const customers = Array.from({ length: 50 }, (_, i) =>
    mock.store.transaction(() => createCustomer(ctx, { name: `Bench Customer ${i} Sdn Bhd`, email: `ap${i}@bench.my` })),
  );
  const ids: string[] = [];
  let t0 = performance.now();
  for (let i = 0; i < invoices; i++) {
    const invoice = mock.store.transaction(() =>
      createInvoice(ctx, {
        customerId: customers[i % customers.length].id,
        items: [{ ...LINES[0], quantity: (i % 7) + 1 }, LINES[1]],
      }),
    );
    ids.push(invoice.id);
  }
  const createMs = performance.now() - t0;

  const headers = authHeaders({ apiKey, companyId });
  const target = customers[7].id;
  const query = `customerId=${target}&status=draft&totalMin=100&limit=50`;
  const companyWide = 'status=draft&totalMin=100&invoiceDateFrom=2000-01-01&limit=50';
  const get = async (q = query): Promise<ListBody> => {
    const response = await mock.fetch(`${baseUrl}/invoices?${q}`, { headers });
    const body = (await response.json()) as ListBody;
    if (response.status !== 200) throw new Error(`GET /invoices?${q} answered ${response.status}: ${JSON.stringify(body)}`);
    return body;
  };
  t0 = performance.now();
  const first = await get();
  const coldMs = performance.now() - t0;
  if (first.data.length === 0 || first.data.some((inv) => inv.customerId !== target || inv.total < 100)) {
    throw new Error('the filtered invoice page is wrong');
  }
  const warm = await time(() => get(), { runs, warmup: 1 });
  const wide = await time(() => get(companyWide), { runs, warmup: 1 });

  // Send and pay through the SDK on mock.fetch: routing, validation, posting and presentation included.
  const acs = new AcsClient({ apiKey, companyId, baseUrl, fetch: mock.fetch });
  const toSettle = ids.slice(-settle);
  const receivable = (await acs.accounts.list({ accountNumber: '1130' })).data[0];
  const before = (await acs.accounts.retrieve(receivable.id)).balance.net;
  t0 = performance.now();
  for (const id of toSettle) {
    const sent = await acs.invoices.send(id);
    await acs.invoices.payments.create(id, { amount: sent.amountDue });
  }
  const settleMs = performance.now() - t0;
  const after = (await acs.accounts.retrieve(receivable.id)).balance.net;
  if (Math.abs(after - before) > 0.001) throw new Error(`receivables moved by ${after - before} after sending and paying in full`);

  const n = invoices.toLocaleString('en-US');
  const s = settle.toLocaleString('en-US');
  return [
    report(
      `create ${n} draft invoices through the domain`,
      `${(createMs / 1000).toFixed(2)} s (${((createMs / invoices) * 1000).toFixed(1)} µs each)`,
    ),
    report(`filtered invoice page among ${n}, first (cold) call`, ms(coldMs)),
    report(
      `filtered invoice page among ${n} (median, ${warm.runs} calls)`,
      `${ms(warm.median)} (p95 ${ms(warm.p95)}; ${first.pagination.total} match)`,
    ),
    report(`company-wide filtered invoice page among ${n} (median)`, `${ms(wide.median)} (p95 ${ms(wide.p95)})`),
    report(
      `send and pay ${s} invoices through the SDK (mock.fetch)`,
      `${(settleMs / 1000).toFixed(2)} s (${(settleMs / settle).toFixed(3)} ms per invoice, 2 calls)`,
    ),
    report('receivables after paying every sent invoice in full', `unchanged (${before} before and after)`),
  ];
}
