// A webhook receiver in Express: express.raw() keeps the body as bytes for the signature check.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';
import { constructEvent, signPayload, WebhookVerificationError, type WebhookEvent } from 'acs-sdk/webhooks';

/** The receiver at POST /acs-webhooks: 401 for a bad signature, 500 when handling fails, 200 once handled. */
export function createWebhookApp(secret: string | string[], handle: (event: WebhookEvent) => void | Promise<void>) {
  const app = express();
  // Not express.json(): a parsed and re-serialized body no longer matches the signature.
  app.post('/acs-webhooks', express.raw({ type: 'application/json' }), async (req, res) => {
    let event: WebhookEvent;
    try {
      event = await constructEvent({ payload: req.body as Buffer, signature: req.get('x-signature'), secret });
    } catch (error) {
      if (error instanceof WebhookVerificationError) return void res.status(401).send(error.reason);
      throw error;
    }
    try {
      await handle(event);
      res.sendStatus(200);
    } catch {
      res.sendStatus(500); // the service retries: 1 min, 5 min, 30 min, 2 h, 6 h
    }
  });
  return app;
}

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

  // While rotating, accept both: createWebhookApp([process.env.NEW_SECRET, process.env.OLD_SECRET], ...).
  const secret = 'whsec_express_example_000001';
  const received: string[] = [];
  const app = createWebhookApp(secret, (event) => {
    switch (event.event) {
      case 'customer.created':
        received.push(`customer ${event.data.customerNumber} ${event.data.name}`);
        break;
      case 'invoice.created':
        received.push(`invoice ${event.data.invoiceNumber} for ${event.data.total} ${event.data.currency}`);
        break;
    }
  });
  const server = await new Promise<Server>((resolve) => {
    const listening: Server = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/acs-webhooks`;
  try {
    await acs.webhooks.subscribe({ url, events: ['customer.created', 'invoice.created'], secret });
    const customer = await acs.customers.create({ name: 'Syarikat Maju Jaya', email: 'accounts@majujaya.example.my' });
    await acs.invoices.create({ customerId: customer.id, items: [{ description: 'Consulting', quantity: 2, unitPrice: 450 }] });
    await mock.webhooks.settled();
    console.log(received); // [ 'customer CUS-... Syarikat Maju Jaya', 'invoice INV-... for ... MYR' ]

    // A delivery signed with another secret is refused with 401 and the reason.
    const body = JSON.stringify({ id: 'evt_forged', event: 'customer.created', timestamp: new Date().toISOString(), data: {} });
    const forged = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Signature': await signPayload({ payload: body, secret: 'whsec_not_the_right_one_01' }),
      },
      body,
    });
    return { received, forged: { status: forged.status, reason: await forged.text() } };
  } finally {
    server.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
