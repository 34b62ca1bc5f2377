import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { AcsClient } from '../../src/index.js';
import { startMockServer, type RunningMockServer } from '../../mock-server/node.js';
import { browserIt, launchChromium, MISSING, REQUIRED, warnWhenMissing } from './chromium.js';

// The dashboard (decision MOCK-37) toured in headless Chromium: what an SDK call did, seen on the page.
warnWhenMissing('test/browser/dashboard.test.ts');
const SCREENSHOTS = fileURLToPath(new URL('../../coverage/screenshots/', import.meta.url));
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const VIEWS = [
  'companies',
  'journal',
  'outbox',
  'webhooks',
  'faults',
  'books',
  'books/journal',
  'books/ledger',
  'books/balance-sheet',
  'books/profit-loss',
  'documents',
];

/** The serious and critical accessibility violations axe-core finds on the page as it stands. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }
    ).axe;
    return (await axe.run()).violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the sandbox dashboard in a real browser (headless Chromium)', () => {
  let running: RunningMockServer;
  let receiver: Server;
  let browser: Browser;
  let acs: AcsClient;

  beforeAll(async () => {
    if (MISSING && !REQUIRED) return; // each test skips itself, with the reason
    running = await startMockServer({ port: 0, seed: 'demo', now: '2026-03-10T02:00:00Z' });
    receiver = createServer((req, res) => req.resume().on('end', () => res.end('ok')));
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    acs = new AcsClient({
      apiKey: running.credentials.apiKey,
      companyId: running.credentials.companyId,
      baseUrl: running.url,
      maxRetries: 0,
    });
    browser = (await launchChromium())!;
    mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await running?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  /** A view by its navigation link, or a view's part (`books/ledger`) by its address. */
  const open = async (page: Page, view: string) => {
    if (view.includes('/')) await page.evaluate((hash) => (location.hash = hash), `#/${view}`);
    else await page.click(`nav a[href="#/${view}"]`);
    await page.locator('main h1').waitFor();
  };

  browserIt(
    'shows an invoice sent through the SDK in the documents, the journal, the outbox and the webhooks; the clock makes it overdue',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      // A call the page's policy refuses (another host, a CDN) is a console error.
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      await page.goto(`${running.origin}/__mock/ui/`);
      await page.getByRole('heading', { name: 'Companies and keys' }).waitFor();
      for (const company of running.credentials.companies) await page.getByRole('heading', { name: company.name }).waitFor();
      const first = running.credentials.companies[0];
      await page.getByRole('button', { name: 'Copy as .env' }).first().click();
      await page.locator('.env', { hasText: 'Copied' }).first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `ACS_BASE_URL=${running.url}\nACS_API_KEY=${first.apiKey}\nACS_COMPANY_ID=${first.id}\n`,
      );

      // The next webhook delivery fails: armed from the page.
      const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      await acs.webhooks.subscribe({ url: receiverUrl, events: ['invoice.sent'], secret: 'whsec_dashboard_tour_0001' });
      await open(page, 'webhooks');
      await page.getByRole('form', { name: 'Webhook faults' }).getByRole('button', { name: 'Arm', exact: true }).click();
      await page.getByText('1 webhook fault armed').waitFor();

      // The journal is live: a request made while it is open appears without a reload.
      await open(page, 'journal');
      const customer = await acs.customers.create({ name: 'Kedai Buku Ilmu', email: 'akaun@ilmu.example.my', paymentTerms: 14 });
      await page.locator('.entry', { hasText: 'POST /v1/customers' }).first().waitFor({ timeout: 15_000 });
      const draft = await acs.invoices.create({
        customerId: customer.id,
        invoiceDate: '2026-03-10',
        items: [{ description: 'Atlas, 2nd edition', quantity: 4, unitPrice: 35 }],
      });
      const invoice = await acs.invoices.send(draft.id);

      // The webhooks: the failed delivery, retried from the page (before its retry falls due a minute later), then delivered and signed.
      await open(page, 'webhooks');
      const delivery = page.locator('li[data-delivery]', { hasText: 'invoice.sent' });
      await delivery.getByText('retry scheduled').waitFor();
      await delivery.getByRole('button', { name: 'Retry now' }).click();
      await delivery.getByText('delivered').waitFor();
      await delivery.getByLabel('Headers').getByText('X-Signature').waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}dashboard-webhooks-1280.png`, fullPage: true });
      expect(running.mock.webhooks.deliveries.filter((d) => d.event === 'invoice.sent').map((d) => d.outcome)).toEqual([
        'retry_scheduled',
        'delivered',
      ]);

      // The documents: the invoice, sent.
      await open(page, 'documents');
      const row = page.locator(`tr[data-id="${invoice.id}"]`);
      await row.locator('.status-cell', { hasText: 'sent' }).waitFor();
      await row.getByRole('button', { name: `Details of ${invoice.invoiceNumber}` }).click();
      await page.getByLabel(`Details of ${invoice.invoiceNumber}`).getByText('"customerId"').waitFor();

      // The journal: the send, live, with its answer; then only the POSTs.
      await open(page, 'journal');
      const send = page.locator('.entry', { hasText: `/v1/invoices/${invoice.id}/send` });
      await send.waitFor();
      await send.locator('summary').click();
      await send.getByLabel('Answer').getByText(invoice.invoiceNumber).first().waitFor();
      await page.selectOption('#journal-method', 'POST');
      await page.locator('.entry .method').first().waitFor();
      await expect.poll(async () => [...new Set(await page.locator('.entry .method').allTextContents())]).toEqual(['POST']);
      await page.locator('.entry', { hasText: `/v1/invoices/${invoice.id}/send` }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}dashboard-journal-1280.png`, fullPage: true });

      // The outbox: the email as its recipient reads it, and its PDF.
      await open(page, 'outbox');
      const email = page.locator(`article.email[data-document="${invoice.id}"]`);
      await email.getByText('akaun@ilmu.example.my').waitFor();
      const pdf = page.waitForResponse((r) => r.url().endsWith('/pdf'));
      await email.getByRole('button', { name: 'View the PDF' }).click();
      const pdfResponse = await pdf;
      expect(pdfResponse.headers()['content-type']).toBe('application/pdf');
      const frame = email.locator('iframe[src^="blob:"]');
      await frame.waitFor();
      const src = (await frame.getAttribute('src'))!;
      expect(await page.evaluate(async (url) => (await (await fetch(url)).text()).slice(0, 5), src)).toBe('%PDF-');
      await page.screenshot({ path: `${SCREENSHOTS}dashboard-outbox-1280.png`, fullPage: true });

      // The clock: a month later the invoice is overdue.
      await open(page, 'companies');
      await page.locator('#clock-now', { hasText: '2026-03-' }).waitFor();
      await page.getByRole('button', { name: '+1 month' }).click();
      await page.locator('#clock-now', { hasText: '2026-04-' }).waitFor();
      await open(page, 'documents');
      await page.locator(`tr[data-id="${invoice.id}"] .status-cell`, { hasText: 'overdue' }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}dashboard-documents-1280.png`, fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    },
    90_000,
  );

  browserIt(
    "shows the books: the trial balance, an invoice's journal entry linking to it, an account's ledger, the balance sheet and P&L for a date",
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const customer = await acs.customers.create({ name: 'Kedai Kopi Pagi', email: 'akaun@pagi.example.my' });
      const draft = await acs.invoices.create({
        customerId: customer.id,
        invoiceDate: '2026-03-10',
        items: [{ description: 'Beans 1 kg', quantity: 2, unitPrice: 60 }],
      });
      const invoice = await acs.invoices.send(draft.id);
      await page.goto(`${running.origin}/__mock/ui/#/books`);
      await page.locator('#trial-balance tfoot', { hasText: '(balanced)' }).waitFor();

      await page.selectOption('#books-report', 'journal');
      const entry = page.locator(`li[data-entry="${invoice.journalEntryId}"]`);
      await entry.locator('summary').click();
      await entry.getByRole('link', { name: `invoice ${invoice.id}` }).click();
      await page.getByRole('heading', { name: invoice.invoiceNumber }).waitFor();
      expect(page.url()).toContain(`#/documents/invoices/${invoice.id}`);

      await page.goBack();
      await entry.locator('summary').click();
      await entry
        .getByRole('link', { name: /Accounts Receivable/ })
        .first()
        .click();
      await page.getByRole('heading', { name: /^Ledger of .*Accounts Receivable/ }).waitFor();
      await page.locator('#ledger', { hasText: invoice.invoiceNumber }).waitFor();

      await page.selectOption('#books-report', 'balance-sheet');
      await page.fill('#books-as-of', '2026-01-31');
      await page.getByRole('heading', { name: 'Balance sheet as of 2026-01-31' }).waitFor();
      await page.selectOption('#books-report', 'profit-loss');
      await page.fill('#books-as-of', '2026-03-31');
      await page.fill('#books-from', '2026-03-01');
      await page.getByRole('heading', { name: 'Profit and loss, 2026-03-01 to 2026-03-31' }).waitFor();
      await page.locator('[data-section="revenue"]').waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}dashboard-books-1280.png`, fullPage: true });
      // Every module's documents list, and an invoice's detail carries its payments.
      await open(page, 'documents');
      for (const module of await page
        .locator('#documents-module option')
        .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) {
        await page.selectOption('#documents-module', module);
        await page.locator('main [role="status"]', { hasText: 'in all' }).waitFor();
        expect(await page.locator('main [role="alert"]').count(), module).toBe(0);
      }
      await page.selectOption('#documents-module', 'invoices');
      await page
        .locator(`tr[data-id="${invoice.id}"]`)
        .getByRole('button', { name: `Details of ${invoice.invoiceNumber}` })
        .click();
      await page.getByLabel(`Details of ${invoice.invoiceNumber}`).getByText('"payments": []').waitFor();
      // Every API call the page made so far was one the API accepted.
      expect(running.mock.requests.find({ status: '4xx' }).map((e) => `${e.method} ${e.path}`)).toEqual([]);
      await page.close();
    },
    60_000,
  );

  browserIt(
    'arms a request fault the SDK meets and clears it, and restores a snapshot taken from the page',
    async () => {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      await page.goto(`${running.origin}/__mock/ui/#/faults`);
      await page.fill('#fault-status', '503');
      await page.fill('#fault-times', '');
      await page.fill('#fault-path', '/v1/company');
      await page.getByRole('button', { name: 'Arm the fault' }).click();
      await page.getByText('1 armed').waitFor();
      await expect(acs.company.retrieve()).rejects.toMatchObject({ status: 503 });
      await page.getByRole('button', { name: 'Clear all faults' }).click();
      await page.getByText('0 armed').waitFor();
      expect((await acs.company.retrieve()).id).toBe(running.credentials.companyId);

      await page.fill('#snapshot-name', 'before-walk-in');
      await page.getByRole('button', { name: 'Take a snapshot' }).click();
      await page.getByRole('button', { name: 'Restore before-walk-in' }).waitFor();
      const walkIn = await acs.customers.create({ name: 'Pelanggan Sekali Lalu', email: 'sekali@lalu.example.my' });
      await page.getByRole('button', { name: 'Restore before-walk-in' }).click();
      await page.getByRole('status').getByText('Restored before-walk-in').waitFor();
      await expect(acs.customers.retrieve(walkIn.id)).rejects.toMatchObject({ status: 404 });

      await page.getByRole('button', { name: 'Export this company as a fixture' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: `Download ${running.credentials.companyId}.fixture.json` }).click();
      const fixture = JSON.parse(readFileSync(await (await download).path(), 'utf8'));
      expect(fixture).toMatchObject({ version: 1, companies: [{ profile: { id: running.credentials.companyId } }] });
      await page.close();
    },
    60_000,
  );

  browserIt(
    'fits a 390 px wide window without horizontal scroll, is keyboard-usable and has no serious accessibility violation',
    async () => {
      const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await page.goto(`${running.origin}/__mock/ui/`);
      await page.getByRole('heading', { name: 'Companies and keys' }).waitFor();
      // The skip link first, then the views in order.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to the view');
      for (let i = 0; i < 3; i++) await page.keyboard.press('Tab'); // the company picker, then the views
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement;
        return { text: element.textContent, outline: getComputedStyle(element).outlineStyle };
      });
      expect(focused).toEqual({ text: 'Requests', outline: 'solid' });
      await page.keyboard.press('Enter');
      await page.locator('main h1', { hasText: 'Requests' }).waitFor();
      const problems: string[] = [];
      for (const view of VIEWS) {
        await open(page, view);
        await page.waitForLoadState('networkidle');
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        if (width > 390) problems.push(`${view}: ${width} px wide`);
        problems.push(...(await seriousViolations(page)).map((v) => `${view}: ${v}`));
        await page.screenshot({ path: `${SCREENSHOTS}dashboard-${view}-390.png`, fullPage: true });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
      for (const view of VIEWS) {
        await open(page, view);
        problems.push(...(await seriousViolations(page)).map((v) => `${view} at 1280: ${v}`));
      }
      expect(problems).toEqual([]);
      await page.close();
    },
    90_000,
  );
});
