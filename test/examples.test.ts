import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

// Every snippet of the README and of the guides (docs/guides/) is an example of examples/ in full, so it runs as
// copied: `npm run typecheck` type-checks it and this suite runs it, against the in-process mock.
const examples = new URL('../examples/', import.meta.url);
const guides = new URL('../docs/guides/', import.meta.url);
const pages = [
  { name: 'README.md', text: readFileSync(new URL('../README.md', import.meta.url), 'utf8') },
  ...readdirSync(guides)
    .filter((f) => f.endsWith('.md'))
    .map((f) => ({ name: `docs/guides/${f}`, text: readFileSync(new URL(f, guides), 'utf8') })),
];

const lines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '');

describe('README and guide snippets', () => {
  const blocks = pages.flatMap((page) => [...page.text.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => ({ page: page.name, block: m[1] })));
  const fileOf = (block: string) => block.split('\n')[0].match(/examples\/([\w-]+\.ts)/)?.[1];

  it('every TypeScript block names the example it comes from', () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const { page, block } of blocks)
      expect(block.split('\n')[0], `${page}: ${block.slice(0, 120)}`).toMatch(/^\/\/ examples\/[\w-]+\.ts/);
  });

  it('every guide is built around an example', () => {
    const without = pages.filter((page) => page.name !== 'README.md' && !/```ts\n\/\/ examples\//.test(page.text)).map((page) => page.name);
    expect(without).toEqual([]);
  });

  for (const { page, block } of blocks) {
    const file = fileOf(block);
    it(`${page}: the snippet from examples/${file} is in that file, line for line`, () => {
      const source = lines(readFileSync(new URL(file!, examples), 'utf8'));
      const snippet = lines(block)
        .slice(1)
        .filter((l) => l !== '// ...');
      // Snippets may elide with `// ...`; each run between elisions must appear in order.
      let at = 0;
      for (const line of snippet) {
        const found = source.indexOf(line, at);
        expect(found, `"${line}" of ${page} is not in examples/${file} (in order)`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
    });

    it(`${page}: the snippet from examples/${file} is that whole file, so it runs as copied`, () => {
      const source = readFileSync(new URL(file!, examples), 'utf8').trimEnd();
      expect(block.split('\n').slice(1).join('\n').trimEnd()).toBe(source);
    });
  }
});

describe('examples', () => {
  afterEach(() => vi.restoreAllMocks());
  const files = readdirSync(examples).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

  it('each run main() when run as a file (`npx tsx examples/<file>.ts`) and export it for this suite', () => {
    const without = files.filter((f) => {
      const source = readFileSync(new URL(f, examples), 'utf8');
      const runsWhenRun = /process\.argv\[1\] === new URL\(import\.meta\.url\)\.pathname\) await main\(\);$/;
      return !source.includes('export async function main(') || !runsWhenRun.test(source.trimEnd());
    });
    expect(without).toEqual([]);
  });

  it('are all run by this suite', () => {
    expect(files.sort()).toEqual([
      'audit-trail.ts',
      'batch-import.ts',
      'bulk.ts',
      'closing-the-books.ts',
      'configuration.ts',
      'corrections.ts',
      'dashboard.ts',
      'data-folder.ts',
      'einvoice.ts',
      'errors.ts',
      'integrations.ts',
      'inventory.ts',
      'invoice-to-payment.ts',
      'month-end.ts',
      'oauth-browser.ts',
      'oauth-identity-provider.ts',
      'oauth-server.ts',
      'own-starting-data.ts',
      'pagination.ts',
      'purchase-returns.ts',
      'purchasing.ts',
      'quickstart.ts',
      'reports.ts',
      'request-journal.ts',
      'retries.ts',
      'self-billed-notes.ts',
      'standalone.ts',
      'stream-consumer.ts',
      'supplier-corrections.ts',
      'tax-return.ts',
      'testing-with-msw.ts',
      'testing-with-snapshots.ts',
      'types-and-contract.ts',
      'webhook-express.ts',
      'webhook-fetch-handler.ts',
      'webhook-node-http.ts',
    ]);
  });

  it('vitest files among them run in the mock project (vitest.config.ts)', () => {
    expect(readdirSync(examples).filter((f) => f.endsWith('.test.ts'))).toEqual(['request-journal.test.ts']);
    expect(readFileSync(new URL('../vitest.config.ts', import.meta.url), 'utf8')).toContain("'examples/**/*.test.ts'");
  });

  /** What an example's `main` resolves to. */
  type ResultOf<M extends { main: () => Promise<unknown> }> = Awaited<ReturnType<M['main']>>;
  const run = async (file: string) => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const module = (await import(new URL(file, examples).href)) as { main: () => Promise<Record<string, unknown>> };
    return module.main();
  };

  it('request-journal: counts the calls by route template, lists what a write changed, finds an error by its request id', async () => {
    const result = (await run('request-journal.ts')) as ResultOf<typeof import('../examples/request-journal.js')>;
    expect(result).toEqual({
      posts: 1,
      reads: 1,
      changes: ['customers created'],
      events: ['customer.created'],
      refused: { status: 404, route: '/v1/customers/{customerId}', authorization: 'Bearer [REDACTED]' },
      afterClear: 0,
    });
  });

  it('own-starting-data: the fixture loads under its company id and the export carries the customer added', async () => {
    const result = (await run('own-starting-data.ts')) as ResultOf<typeof import('../examples/own-starting-data.js')>;
    expect(result.companyId).toBe('cmp_kopi_corner');
    expect(result.customers).toEqual(['Hotel Seri Pagi', 'Ahmad Faiz', 'Warung Pak Din']);
  });

  it('data-folder: a second service on the folder has the first one’s customer and key', async () => {
    const result = (await run('data-folder.ts')) as ResultOf<typeof import('../examples/data-folder.js')>;
    expect(result).toEqual({ name: 'Kept Sdn Bhd', sameKey: true });
  });

  it('testing-with-snapshots: each restore gives back the clean service, clock included; the journal goes on', async () => {
    const result = (await run('testing-with-snapshots.ts')) as ResultOf<typeof import('../examples/testing-with-snapshots.js')>;
    expect(result.during).toBe(result.before + 1);
    expect(result.after).toBe(result.before);
    expect(result.today).toBe('2026-11-02');
    expect(result.requests).toBe(4);
  });

  it('quickstart: posts an entry and reads the new account balance', async () => {
    const result = (await run('quickstart.ts')) as { balance: { net: number; debit: number }; entry: { journalNumber: string } };
    expect(result.balance).toEqual({ debit: 500, credit: 0, net: 500 });
    expect(result.entry.journalNumber).toMatch(/^JE-\d{6}$/);
  });

  it('closing the books: a post in the locked September is refused naming the lock, the corrections land in October', async () => {
    expect(await run('closing-the-books.ts')).toEqual({
      lockDate: '2026-09-30',
      refused: expect.stringContaining('locked on and before 2026-09-30'),
      october: 'posted',
      reversal: '2026-10-01',
      bill: { status: 'void', voidDate: '2026-10-01' },
    });
  });

  it('tax return: a two-month period previewed, filed and paid; a late sale dated in it is refused and goes into the next', async () => {
    const result = (await run('tax-return.ts')) as ResultOf<typeof import('../examples/tax-return.js')>;
    expect(result.taxPeriodMonths).toBe(2);
    expect(result.period).toEqual({ periodFrom: '2026-09-01', periodTo: '2026-10-31' });
    expect(result.files).toEqual([
      'tax-return-TR-000001-2026-09-01-to-2026-10-31.pdf',
      'tax-return-TR-000001-2026-09-01-to-2026-10-31.csv',
    ]);
    expect(result.csvNetTax).toBe(`Summary,,Net tax,,,,${result.totalTax.toFixed(2)}`);
    expect(result.ties).toBe(true);
    expect(result.codes.length).toBeGreaterThan(0);
    expect(result.returnNumber).toBe('TR-000001');
    expect(result.totalTax).toBeGreaterThan(0);
    expect(result.paid).toEqual({ status: 'paid', amountDue: 0, journalEntryId: expect.any(String) });
    expect(result.refused).toContain('Tax is filed to 2026-10-31');
    expect(result.nextIncludesLateSale).toBe(true);
  });

  it('month end: the tax return filed and paid, the dollar invoice, bill and bank revalued at 31 October from the rate table and reversed on 1 November, October locked', async () => {
    const result = (await run('month-end.ts')) as ResultOf<typeof import('../examples/month-end.js')>;
    expect(result.taxReturn).toEqual({ returnNumber: 'TR-000001', status: 'paid' });
    expect(result.revaluation).toEqual({
      number: 'FXR-000001',
      reversalDate: '2026-11-01',
      // The table's last October rate, set for Friday the 30th (ACC-42).
      rates: [{ currency: 'USD', rate: 4.5, source: 'table', rateDate: '2026-10-30' }],
      lines: [
        ['invoice', expect.stringMatching(/^INV-/), 224, 22.4, 22.4],
        ['bill', expect.stringMatching(/^BILL-/), 500, 25, -25],
        ['account', '1125', 100, 10, 10],
      ],
      gainLoss: 7.4,
    });
    // Receivables carry the invoice at 4.50 on 31 October and at its own 4.40 again from 1 November.
    expect(Math.round((result.receivables.october31 - result.receivables.november1) * 100) / 100).toBe(22.4);
    expect(result.unrealisedInOctober).toBe(7.4);
    expect(result.lockDate).toBe('2026-10-31');
  });

  it('corrections: a restatement in February, a voided payment, credit applied, a debit note, an exchange gain, a walk-in marked sent', async () => {
    const result = (await run('corrections.ts')) as Record<string, unknown>;
    expect(result.restatement).toEqual(['2026-02-20 posted', '2026-02-20 void']);
    expect(result.afterVoid).toEqual({ amountPaid: 0, status: 'sent' });
    expect(result.owed).toMatchObject({ amountDebited: 84.8 });
    expect(result.exchangeGain).toBe(150);
    expect(result.markedSent).toBe('sent');
    expect(result.refusedIsBusinessRule).toBe(true);
    expect(result.bankLines).toBeGreaterThan(0);
  });

  it('inventory: opening stock at two costs, a sale costed FIFO in the invoice entry, the valuation by two methods, a sale beyond stock taking it below zero', async () => {
    const result = (await run('inventory.ts')) as Record<string, unknown>;
    expect(result.openingValue).toBe(956);
    expect(result.costOfSales).toEqual([696]);
    expect(result.stock).toEqual({ currentStock: 5, stockValue: 260, averageCost: 52 });
    expect(result.fifo).toBe(260);
    // Weighted average: 956.00 / 20 = 47.80 a lamp; 15 sold at 717.00 leave 239.00.
    expect(result.average).toBe(239);
    expect(result.belowZero).toEqual({ currentStock: -1, stockValue: -52 });
  });

  it("purchasing: a buyer's day from requisition to a discounted payment, the approval by the manager, not the buyer", async () => {
    const result = (await run('purchasing.ts')) as ResultOf<typeof import('../examples/purchasing.js')>;
    expect(result.orderTotal).toBe(6600); // 40 chairs at 150 and the maker's 10% sales tax (PUR-55)
    expect(result.approval).toBe('pending');
    expect(result.refused).toBe('APPROVER_NOT_ELIGIBLE');
    expect(result.received).toBe('received');
    // 2/10 net 30: 2% of 6,600.00 is 132.00; nothing is left to pay.
    expect(result.bill).toEqual({ status: 'paid', total: 6600, discountTaken: 132, balanceDue: 0 });
    expect(result.agedTotal).toBeGreaterThan(0);
  });

  it('purchase returns: two damaged chairs go back at their receipt cost, the rest is billed, GRNI ends where it began', async () => {
    const result = (await run('purchase-returns.ts')) as ResultOf<typeof import('../examples/purchase-returns.js')>;
    expect(result.returnNumber).toBe('PRT-000001');
    // Two chairs at 150 with the maker's 10% SST, part of their cost (PUR-55).
    expect(result.returned).toBe(330);
    expect(result.entry).toEqual([
      ['1140', 0, 330],
      ['2150', 330, 0],
    ]);
    expect(result.order).toEqual({ status: 'cancelled', received: 8 });
    expect(result.billed).toBe(8);
    expect(result.grniChange).toBe(0);
  });

  it('supplier corrections: a credit note on a paid bill kept as credit, part applied to the next bill, the rest refunded, and a debit note', async () => {
    const result = (await run('supplier-corrections.ts')) as ResultOf<typeof import('../examples/supplier-corrections.js')>;
    expect(result.credit).toEqual({ number: 'SCN-000001', total: 100, keptAsCredit: 100 });
    expect(result.refunded).toEqual({ status: 'refunded', applied: 60, refunded: 40 });
    expect(result.charge).toEqual({ number: 'SDN-000001', total: 25 });
    // 200.00 billed, 60.00 of credit applied, 25.00 charged on top.
    expect(result.secondBill).toEqual({ status: 'partially_paid', creditedAmount: 60, debitedAmount: 25, balanceDue: 165 });
    expect(result.agedEqualsLedger).toBe(true);
  });

  it('reports: the balance sheet as JSON and a PDF, receivables tied to the ledger, a schedule firing on the mock clock, an async job with progress', async () => {
    const result = (await run('reports.ts')) as ResultOf<typeof import('../examples/reports.js')>;
    expect(result.balanced).toBe(true);
    expect(result.totalAssets).toBeGreaterThan(0);
    expect(result.pdf).toMatchObject({
      contentType: 'application/pdf',
      startsWith: '%PDF-',
      filename: expect.stringMatching(/^balance-sheet-\d{4}-\d{2}-\d{2}\.pdf$/),
    });
    expect(result.agedTotal).toBeCloseTo(result.receivablesAccount, 2);
    expect(result.email).toMatchObject({
      subject: expect.stringMatching(/^Trial balance, [A-Z][a-z]+ \d{4}$/),
      attachments: [expect.stringMatching(/^trial-balance-.*\.pdf$/)],
    });
    expect(result.job).toMatchObject({ started: 'processing', finished: 'completed', sameFigures: true });
    expect(result.job.progress.at(-1)).toBe(100);
  });

  it('self-billed notes: a Valid type 11 for a bill, then its supplier credit and debit notes as types 12 and 13 naming it', async () => {
    const result = (await run('self-billed-notes.ts')) as ResultOf<typeof import('../examples/self-billed-notes.js')>;
    expect(result.invoice).toMatchObject({ type: '11', status: 'Valid', original: null, uuid: expect.any(String) });
    expect(result.creditNote).toMatchObject({ type: '12', original: result.invoice.number, buyerTin: result.companyTin });
    expect(result.debitNote).toMatchObject({ type: '13', original: result.invoice.number });
  });

  it('e-invoicing: a MyInvois e-invoice accepted on the mock clock, its QR code and PDF, the invoice following it, a cancellation', async () => {
    const result = (await run('einvoice.ts')) as ResultOf<typeof import('../examples/einvoice.js')>;
    expect(result).toMatchObject({
      created: 'submitted',
      decided: 'accepted',
      hashMatches: true,
      invoiceEinvoice: 'accepted',
      qrCode: 'data:image/png;base64,',
    });
    expect(result.timeline).toEqual(['created', 'validated', 'submitted', 'accepted']);
    expect(result.longId).toMatch(/^[A-Z0-9]{40}$/);
    expect(result.pdf).toMatchObject({ contentType: 'application/pdf', startsWith: '%PDF-', filename: expect.stringMatching(/\.pdf$/) });
    expect(result.cancelled).toEqual({ status: 'cancelled', reason: 'data_error' });
  });

  it('types and contract: a typed draft checked by the contract schema, created and found with a typed query', async () => {
    const result = (await run('types-and-contract.ts')) as {
      invoice: { status: string; total: number };
      valid: boolean;
      refusedIssues: string[];
      found: number;
    };
    expect(result.valid).toBe(true);
    expect(result.refusedIssues).toEqual(['items']);
    expect(result.invoice).toMatchObject({ status: 'draft', total: 648 });
    expect(result.found).toBeGreaterThanOrEqual(1);
  });

  it('bulk: one refused customer does not fail the others', async () => {
    const result = (await run('bulk.ts')) as { processed: number; successful: number; failed: number; results: { success: boolean }[] };
    expect(result).toMatchObject({ processed: 3, successful: 2, failed: 1 });
    expect(result.results.map((r) => r.success)).toEqual([true, false, true]);
  });

  it('batch-import: a CSV of customers imported as a job, its progress drawn as a bar', async () => {
    const drawn = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const module = (await import(new URL('batch-import.ts', examples).href)) as {
      main: (rows: number) => Promise<{ job: { status: string; progress: Record<string, number> } }>;
    };
    const { job } = await module.main(250);
    expect(job).toMatchObject({
      status: 'completed_with_errors',
      progress: { totalRecords: 250, successfulRecords: 225, failedRecords: 25 },
    });
    expect(drawn.mock.calls.map(([text]) => String(text)).filter((t) => t.startsWith('\r'))).toContain('\r[##########] 100% 250/250');
  });

  it('integrations: a marketplace connected, its orders and settlement fees synced into balanced books, nothing twice', async () => {
    const result = (await run('integrations.ts')) as ResultOf<typeof import('../examples/integrations.js')>;
    expect(result.orders).toMatchObject({ status: 'completed', failed: 0 });
    expect(result.orders.created).toBeGreaterThan(5);
    expect(result.again).toBe(0);
    expect(result.fees.recorded).toBeGreaterThan(0);
    expect(result.feesPosted).toBeCloseTo(result.fees.total!, 2);
    expect(result.balanced).toBe(true);
    expect(result.lastSync).not.toBeNull();
  });

  it('configuration: every option at once, and a second company through withCompany', async () => {
    const { first, second } = (await run('configuration.ts')) as { first: { id: string }; second: { id: string } };
    expect(first.id).not.toBe(second.id);
  });

  it('invoice to payment: sent, paid in two parts, two chairs credited and refunded; the customer owes nothing and receivables show the five entries', async () => {
    type Line = { reference: string | null; debit: number; credit: number };
    const result = (await run('invoice-to-payment.ts')) as {
      sent: { total: number; invoiceNumber: string };
      paid: { status: string; amountDue: number; amountPaid: number };
      creditNote: { creditNoteNumber: string; total: number; status: string };
      refund: { amount: number };
      customer: { currentBalance: number; totalSales: number };
      ledger: { lines: Line[] };
    };
    expect(result.paid).toMatchObject({ status: 'paid', amountDue: 0, amountPaid: result.sent.total });
    expect(result.refund.amount).toBe(result.creditNote.total);
    expect(result.customer).toEqual({
      currentBalance: 0,
      totalSales: Math.round((result.sent.total - result.creditNote.total) * 100) / 100,
    });
    const own = result.ledger.lines.filter(
      (l) => [result.sent.invoiceNumber, result.creditNote.creditNoteNumber].includes(l.reference!) || /^(PAY|RF)-/.test(l.reference ?? ''),
    );
    expect(own.map((l) => l.debit - l.credit).reduce((a, b) => a + b, 0)).toBeCloseTo(0, 2);
    expect(own).toHaveLength(5);
  });

  it('errors: each failure arrives as its class with status and code', async () => {
    const caught = (await run('errors.ts')) as unknown as string[];
    expect(caught.map((line) => line.split(' ').slice(0, 2).join(' ').replace(/:$/, ''))).toEqual([
      '400 INVALID_JOURNAL_ENTRY',
      '409 CONFLICT',
      '422 VALIDATION_ERROR',
      '422 BUSINESS_RULE_VIOLATION',
      '404 ACCOUNT_NOT_FOUND',
    ]);
  });

  it('oauth in the browser: sign-in with PKCE and no secret, the callback checked, the company read with the token', async () => {
    const result = (await run('oauth-browser.ts')) as {
      company: { name: string };
      signInUrl: string;
      callbackUrl: string;
      pendingLeft: boolean;
    };
    expect(result.company.name).toBe('Tanjung Trading Sdn Bhd');
    expect(new URL(result.signInUrl).searchParams.get('code_challenge_method')).toBe('S256');
    expect(new URL(result.callbackUrl).searchParams.get('code')).toBeTruthy();
    expect(result.pendingLeft).toBe(false);
  });

  it('oauth on a server: the code exchanged with the secret, an expired token refreshed once on a 401 and saved', async () => {
    const result = (await run('oauth-server.ts')) as { before: number; after: number; saved: number; tokens: { refreshToken: string } };
    expect(result.before).toBeGreaterThan(0);
    expect(result.after).toBe(result.before);
    expect(result.saved).toBe(1);
    expect(result.tokens.refreshToken).toMatch(/^acs_rt_/);
  });

  it('oauth with an identity provider: discovered, extra parameters sent, iss checked, refreshed, signed out with revocation', async () => {
    const result = (await run('oauth-identity-provider.ts')) as {
      issuer: string;
      tokenRequestFormat: string;
      signInUrl: string;
      callbackUrl: string;
      saved: number;
      revoked: boolean;
      afterSignOut: string;
    };
    expect(result.tokenRequestFormat).toBe('form');
    expect(new URL(result.signInUrl).searchParams.get('audience')).toBe('https://api.acs.example.com');
    expect(new URL(result.callbackUrl).searchParams.get('iss')).toBe(result.issuer);
    expect(result).toMatchObject({ saved: 1, revoked: true, afterSignOut: 'invalid_grant' });
  });

  it('pagination: for await visits every expense account once', async () => {
    const result = (await run('pagination.ts')) as {
      expenses: string[];
      pages: number;
      total: number;
      currentAssets: { accountNumber: string }[];
    };
    expect(new Set(result.expenses).size).toBe(result.expenses.length);
    expect(result.expenses.length).toBeGreaterThan(10);
    expect(result.pages).toBe(Math.ceil(result.total / 5));
    expect(result.currentAssets.every((a) => a.accountNumber.startsWith('11'))).toBe(true);
  });

  it('audit-trail: a signed-in owner writes and queries the tenant trail, a read-only user may not delete, the platform reads across tenants', async () => {
    const result = (await run('audit-trail.ts')) as { rows: string[]; exported: string[]; refused: string; platformTotal: number };
    expect(result.rows).toEqual(['EXPORTED inv_123 by Nurul Aisyah binti Rahman']);
    expect(result.exported).toHaveLength(1);
    expect(result.refused).toBe('CLIENT_AUTH_USER_NOT_AUTHORIZED');
    expect(result.platformTotal).toBe(1);
  });

  it("retries: two 503s are retried, a lost POST response writes once, a repeat with the error's key writes once, maxRetries 0 surfaces the 503", async () => {
    const result = (await run('retries.ts')) as { written: number; refills: number; status: number; account: { accountNumber: string } };
    expect(result.account.accountNumber).toBe('1110');
    expect(result.written).toBe(1);
    expect(result.refills).toBe(1);
    expect(result.status).toBe(503);
  });

  it('testing with msw: intercepts a client built without options, the clock moves, reset restores the seed', async () => {
    const result = (await run('testing-with-msw.ts')) as { ledger: { totalDebit: number }; afterReset: number; now: string };
    expect(result.ledger.totalDebit).toBe(4500);
    expect(result.afterReset).toBe(0);
    expect(result.now).toBe('2026-12-03');
  });

  it('stream consumer: typed events from the in-process mock, filtered by status, until the invoice is paid', async () => {
    const result = (await run('stream-consumer.ts')) as { lines: string[]; lastEventId: string; state: string };
    expect(result.lines.map((line) => line.split(' ')[1])).toEqual([
      'invoice.created',
      'invoice.updated',
      'payment.received',
      'invoice.updated',
    ]);
    expect(result.lines.at(-1)).toMatch(new RegExp(`^${result.lastEventId} `));
    expect(result.state).toBe('closed');
  });

  it("dashboard: the controls the page reads give every company's key and a sent invoice's PDF", async () => {
    const result = (await run('dashboard.ts')) as { companies: string[]; subject: string; type: string; bytes: Uint8Array };
    expect(result.companies).toEqual(['Tanjung Trading Sdn Bhd', 'Seri Kasih Bakery Sdn Bhd']);
    expect(result.subject).toMatch(/^Invoice INV-\d+/);
    expect(result.type).toBe('application/pdf');
    expect(new TextDecoder().decode(result.bytes.slice(0, 5))).toBe('%PDF-');
  });

  it('standalone: serves the SDK on a real port and answers its controls', async () => {
    const result = (await run('standalone.ts')) as { baseUrl: string; company: { currency: string } };
    expect(result.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(result.company.currency).toBe('MYR');
  });

  it('webhook on node:http: a 500 is retried after the clock passes a minute, a forged delivery gets 401', async () => {
    const result = (await run('webhook-node-http.ts')) as {
      received: { event: string }[];
      deliveries: { attempt: number; status: number; outcome: string }[];
      forgedStatus: number;
    };
    expect(result.received.map((e) => e.event)).toEqual(['customer.created']);
    expect(result.deliveries.map((d) => [d.attempt, d.status, d.outcome])).toEqual([
      [1, 500, 'retry_scheduled'],
      [2, 200, 'delivered'],
    ]);
    expect(result.forgedStatus).toBe(401);
  });

  it('webhook in Express: the customer and its invoice arrive typed, another secret gets 401 signature_mismatch', async () => {
    const result = (await run('webhook-express.ts')) as { received: string[]; forged: { status: number; reason: string } };
    expect(result.received).toEqual([
      expect.stringMatching(/^customer \S+ Syarikat Maju Jaya$/),
      expect.stringMatching(/^invoice INV-\d+ for 900 MYR$/),
    ]);
    expect(result.forged).toEqual({ status: 401, reason: 'signature_mismatch' });
  });

  it('webhook fetch-style handler: the payment arrives through msw with the generated secret, an unsigned request gets 401', async () => {
    const result = (await run('webhook-fetch-handler.ts')) as { payments: string[]; unsigned: { status: number; reason: string } };
    expect(result.payments).toEqual([expect.stringMatching(/^PAY-\d+: 1200 on INV-\d+$/)]);
    expect(result.unsigned).toEqual({ status: 401, reason: 'missing_signature' });
  });
});
