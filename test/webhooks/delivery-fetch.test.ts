import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { verifySignature } from '../../src/webhooks/index.js';
import { sandbox } from '../support/sandbox.js';

const secret = 'whsec_fetch_lookup_tests_00001';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('deliveries go through the fetch of the moment', () => {
  it("reach a test's own msw handler, even with msw started after the mock was built", async () => {
    const { mock, acs } = sandbox({ seed: 'demo' });
    const received: { body: string; signature: string | null }[] = [];
    const server = setupServer(
      http.post('https://hooks.example.com/acs', async ({ request }) => {
        received.push({ body: await request.text(), signature: request.headers.get('x-signature') });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    server.listen({ onUnhandledFrame: 'error' });
    try {
      await acs.webhooks.subscribe({ url: 'https://hooks.example.com/acs', events: ['customer.created'], secret });
      await acs.customers.create({ name: 'Toko Maju', email: 'toko@example.my' });
      await mock.webhooks.settled();
    } finally {
      server.close();
    }
    expect(received).toHaveLength(1);
    expect(await verifySignature({ payload: received[0].body, signature: received[0].signature, secret })).toBe(true);
    expect(mock.webhooks.deliveries).toEqual([expect.objectContaining({ status: 204, outcome: 'delivered' })]);
  });

  it('retries as real time reaches the due time, without clock.advance()', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const statuses = [500, 202];
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      sent.push(url);
      return new Response(null, { status: statuses[sent.length - 1] });
    });
    const { mock, acs } = sandbox({ seed: 'empty' });
    await acs.webhooks.subscribe({ url: 'https://hooks.example.com/timer', events: ['bill.paid'], secret });
    mock.events.publish({ event: 'bill.paid', companyId: mock.credentials.companyId, data: { id: 'bill_1' } });
    await mock.webhooks.settled();
    expect(mock.webhooks.deliveries.map((d) => d.outcome)).toEqual(['retry_scheduled']);

    vi.advanceTimersByTime(59_000);
    await mock.webhooks.settled();
    expect(sent).toHaveLength(1);

    vi.advanceTimersByTime(1_000);
    await mock.webhooks.settled();
    expect(sent).toEqual(['https://hooks.example.com/timer', 'https://hooks.example.com/timer']);
    expect(mock.webhooks.deliveries.map((d) => [d.attempt, d.status, d.outcome])).toEqual([
      [1, 500, 'retry_scheduled'],
      [2, 202, 'delivered'],
    ]);
  });
});
