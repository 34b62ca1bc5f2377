import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateTestHeaders, signPayload, type WebhookEvent } from '../../src/webhooks/index.js';
import { createWebhookApp } from '../../examples/webhook-express.js';
import { createWebhookHandler } from '../../examples/webhook-fetch-handler.js';
import { createWebhookServer } from '../../examples/webhook-node-http.js';
import { sandbox } from '../support/sandbox.js';

type Handle = (event: WebhookEvent) => void | Promise<void>;

/** Serves a fetch-style handler on node:http, as a runtime with `serve(handler)` would. */
function serveFetchHandler(handler: (request: Request) => Promise<Response>): Server {
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const response = await handler(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }));
    res.writeHead(response.status).end(Buffer.from(await response.arrayBuffer()));
  });
}

/** The three example receivers, each as a node:http server with its receiving path. */
const receivers: Record<string, { path: string; server: (secret: string, handle: Handle) => Server }> = {
  'node:http': { path: '/acs-webhooks', server: (secret, handle) => createWebhookServer(secret, handle) },
  Express: { path: '/acs-webhooks', server: (secret, handle) => createServer(createWebhookApp(secret, handle)) },
  'fetch-style': { path: '/hook', server: (secret, handle) => serveFetchHandler(createWebhookHandler(secret, handle)) },
};

for (const [name, receiver] of Object.entries(receivers)) {
  describe(`the ${name} example receiver`, () => {
    const { mock, acs } = sandbox({ seed: 'demo' });
    const secret = 'whsec_handler_tests_0000000001';
    let server: Server;
    let url: string;
    let handled: WebhookEvent[];
    let failNext: number;

    beforeEach(async () => {
      mock.reset();
      handled = [];
      failNext = 0;
      server = receiver.server(secret, (event) => {
        if (failNext > 0 && failNext--) throw new Error('not now');
        handled.push(event);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${receiver.path}`;
      await acs.webhooks.subscribe({ url, events: ['customer.created'], secret });
    });
    afterEach(async () => {
      await mock.webhooks.settled();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    });

    it('receives a delivery of the in-process mock, verifies it and answers 200', async () => {
      const customer = await acs.customers.create({ name: 'Pâtisserie Mille-Feuille 甜品', email: 'hello@patisserie.example.my' });
      await mock.webhooks.settled();
      expect(handled).toEqual([expect.objectContaining({ event: 'customer.created', data: customer })]);
      expect(mock.webhooks.deliveries).toEqual([expect.objectContaining({ url, status: 200, outcome: 'delivered' })]);
    });

    it('answers 401 to a forged, an unsigned or a tampered delivery and handles none', async () => {
      const body = JSON.stringify({
        id: 'evt_x',
        event: 'customer.created',
        timestamp: '2026-11-02T09:00:00Z',
        companyId: 'cmp_x',
        data: {},
      });
      const forged = await generateTestHeaders({ payload: body, secret: 'whsec_someone_else_000000001' });
      const good = await generateTestHeaders({ payload: body, secret });
      const { 'X-Signature': _dropped, ...unsigned } = good;
      const attempts = [
        { headers: forged, body },
        { headers: unsigned, body },
        { headers: good, body: body.replace('evt_x', 'evt_y') },
        { headers: { ...good, 'X-Signature': 'sha256=not-hex' }, body },
      ];
      for (const attempt of attempts) expect((await fetch(url, { method: 'POST', ...attempt })).status).toBe(401);
      expect((await fetch(url, { method: 'POST', headers: good, body })).status).toBe(200);
      expect(handled.map((e) => e.id)).toEqual(['evt_x']);
    });

    it('answers 500 when handling fails, and gets the delivery again after mock.clock.advance', async () => {
      failNext = 1;
      await acs.customers.create({ name: 'Kedai Retry', email: 'retry@example.my' });
      await mock.webhooks.settled();
      expect(mock.webhooks.deliveries.map((d) => [d.attempt, d.status])).toEqual([[1, 500]]);
      expect(handled).toEqual([]);

      mock.clock.advance({ minutes: 1 });
      await mock.webhooks.settled();
      expect(mock.webhooks.deliveries.map((d) => [d.attempt, d.status, d.outcome])).toEqual([
        [1, 500, 'retry_scheduled'],
        [2, 200, 'delivered'],
      ]);
      expect(handled.map((e) => e.data)).toEqual([expect.objectContaining({ name: 'Kedai Retry' })]);
    });

    it('verifies the raw bytes of a non-ASCII body signed outside the SDK', async () => {
      const body = `{"id":"evt_n","event":"customer.created","timestamp":"2026-11-02T09:00:00Z","companyId":"cmp_x","data":{"name":"Caf\\u00e9 東京"}}`;
      const headers = { 'Content-Type': 'application/json', 'X-Signature': await signPayload({ payload: body, secret }) };
      expect((await fetch(url, { method: 'POST', headers, body })).status).toBe(200);
      expect(handled.map((e) => e.data)).toEqual([{ name: 'Café 東京' }]);
    });
  });
}
