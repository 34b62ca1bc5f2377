import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AcsClient } from '../../src/index.js';
import { verifySignature } from '../../src/webhooks/signature.js';
import { startMockServer, type RunningMockServer } from '../../mock-server/standalone.js';

// The controls the dashboard reads beyond the others (decision MOCK-38): a sent message's PDF, one webhook
// delivery with its payload and signature, and a retry sent now.
describe('the controls the dashboard reads', () => {
  let running: RunningMockServer;
  let receiver: Server;
  let receiverUrl: string;
  let acs: AcsClient;
  const received: string[] = [];
  const control = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${running.origin}/__mock${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return {
      status: response.status,
      response,
      json: response.headers.get('content-type') === 'application/json' ? await response.json() : null,
    };
  };

  beforeAll(async () => {
    running = await startMockServer({ port: 0, seed: 'demo', now: '2026-03-10T02:00:00Z' });
    receiver = createServer((req, res) => {
      req.resume();
      received.push(String(req.headers['x-webhook-id']));
      res.end('ok');
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    acs = new AcsClient({
      apiKey: running.credentials.apiKey,
      companyId: running.credentials.companyId,
      baseUrl: running.url,
      maxRetries: 0,
    });
  });
  afterAll(async () => {
    await running.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  async function sentInvoice(name: string) {
    const customer = await acs.customers.create({ name, email: `akaun@${name.toLowerCase().replace(/\W/g, '')}.example.my` });
    const draft = await acs.invoices.create({
      customerId: customer.id,
      items: [{ description: 'Rice 10 kg', quantity: 3, unitPrice: 42.5 }],
    });
    return acs.invoices.send(draft.id);
  }

  it("GET /__mock/outbox/{id}/pdf draws a sent invoice's PDF, named by its number", async () => {
    const invoice = await sentInvoice('Kedai Runcit Aman');
    const message = running.mock.outbox.find((m) => m.documentId === invoice.id)!;
    const { status, response } = await control('GET', `/outbox/${message.id}/pdf`);
    expect(status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(`inline; filename="${invoice.invoiceNumber}.pdf"`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const { extractText, getDocumentProxy } = await import('unpdf');
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    expect(text).toContain(`Invoice ${invoice.invoiceNumber}`);
    expect(text).toContain('Rice 10 kg');
    expect(text).toContain('127.50');
  });

  it('answers 404 for an unknown message and for one sent without a PDF', async () => {
    const unknown = await control('GET', '/outbox/msg_nothing/pdf');
    expect(unknown.status).toBe(404);
    expect(unknown.json.error.code).toBe('NOT_FOUND');
    const customer = await acs.customers.create({ name: 'Tanpa PDF', email: 'a@tanpa.example.my' });
    const draft = await acs.invoices.create({ customerId: customer.id, items: [{ description: 'Tea', quantity: 1, unitPrice: 5 }] });
    await acs.invoices.send(draft.id, { attachPDF: false });
    const message = running.mock.outbox.find((m) => m.documentId === draft.id)!;
    expect((await control('GET', `/outbox/${message.id}/pdf`)).status).toBe(404);
  });

  it('shows a failed delivery with its payload, sends the retry now, and then shows the signed headers it sent', async () => {
    const { secret } = await acs.webhooks.subscribe({ url: receiverUrl, events: ['invoice.sent'], secret: 'whsec_dashboard_test_0001' });
    expect((await control('POST', '/webhooks/faults', { times: 1, status: 503 })).status).toBe(201);
    const invoice = await sentInvoice('Kedai Runcit Baru');
    await control('POST', '/webhooks/flush');
    const attempt = running.mock.webhooks.deliveries.find((d) => d.event === 'invoice.sent' && d.url === receiverUrl)!;
    expect(attempt).toMatchObject({ status: 503, outcome: 'retry_scheduled' });

    const before = (await control('GET', `/webhooks/deliveries/${attempt.id}`)).json.data;
    expect(before).toMatchObject({ id: attempt.id, event: 'invoice.sent', attempts: [{ attempt: 1, status: 503 }] });
    // What the first attempt would have sent, though the fault answered before the network.
    expect(before.headers).toMatchObject({
      'X-Webhook-Id': attempt.id,
      'X-Webhook-Attempt': '1',
      'X-Signature': expect.stringMatching(/^sha256=/),
    });
    expect(before.payload).toMatchObject({ event: 'invoice.sent', data: { id: invoice.id } });
    expect(before.nextAttemptAt).toBe(attempt.nextAttemptAt);

    const retried = await control('POST', `/webhooks/deliveries/${attempt.id}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.json.data).toMatchObject({
      nextAttemptAt: null,
      attempts: [{ attempt: 1 }, { attempt: 2, status: 200, outcome: 'delivered' }],
    });
    expect(received).toContain(attempt.id);
    const { headers, payload } = retried.json.data;
    expect(headers['X-Webhook-Attempt']).toBe('2');
    expect(
      await verifySignature({
        payload: JSON.stringify(payload),
        signature: headers['X-Signature'],
        secret: secret ?? 'whsec_dashboard_test_0001',
      }),
    ).toBe(true);
    expect(running.mock.webhooks.scheduled.find((s) => s.id === attempt.id)).toBeUndefined();

    const again = await control('POST', `/webhooks/deliveries/${attempt.id}/retry`);
    expect(again.status).toBe(409);
    expect(again.json.error.message).toContain('was delivered');
    expect((await control('POST', '/webhooks/deliveries/whd_nothing/retry')).status).toBe(404);
    expect((await control('GET', '/webhooks/deliveries/whd_nothing')).status).toBe(404);

    // A snapshot keeps what the delivery sent; a reset forgets it with the journal.
    const snapshot = running.mock.snapshot();
    running.mock.reset();
    expect((await control('GET', `/webhooks/deliveries/${attempt.id}`)).status).toBe(404);
    running.mock.restore(snapshot);
    expect((await control('GET', `/webhooks/deliveries/${attempt.id}`)).json.data).toEqual(retried.json.data);
  });
});
