// A webhook receiver on node:http: read the raw body, verify X-Signature, answer 401 or 200.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';
import { verifySignature, type WebhookEvent } from 'acs-sdk/webhooks';

/** The body exactly as it arrived: the signature covers these bytes, not a parsed object. */
async function readRawBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** 401 for a bad signature, 500 when handling fails (the service retries), 200 once handled. */
export function createWebhookServer(secret: string, handle: (event: WebhookEvent) => void | Promise<void>): Server {
  return createServer(async (req, res) => {
    const body = await readRawBody(req);
    if (!(await verifySignature({ payload: body, signature: req.headers['x-signature'], secret }))) {
      res.writeHead(401).end();
      return;
    }
    try {
      await handle(JSON.parse(body.toString('utf8')) as WebhookEvent);
      res.writeHead(200).end();
    } catch {
      res.writeHead(500).end();
    }
  });
}

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

  const secret = 'whsec_node_http_example_0001'; // in production: from your secret store
  const received: WebhookEvent[] = [];
  let databaseUp = false; // the first delivery fails, as if our database were down
  const server = createWebhookServer(secret, (event) => {
    if (!databaseUp) throw new Error('database unavailable');
    received.push(event);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    // The sandbox accepts plain http on 127.0.0.1, localhost and [::1]; anything else must be https.
    await acs.webhooks.subscribe({ url: `http://127.0.0.1:${port}/acs-webhooks`, events: ['customer.created'], secret });
    await acs.customers.create({ name: 'Kedai Runcit Ah Seng', email: 'ahseng@example.my' });

    await mock.webhooks.settled(); // the first attempt was answered 500
    databaseUp = true;
    mock.clock.advance({ minutes: 1 }); // the first retry falls due
    await mock.webhooks.settled();
    console.log(mock.webhooks.deliveries.map((d) => `${d.event} #${d.attempt}: ${d.status} ${d.outcome}`));
    // [ 'customer.created #1: 500 retry_scheduled', 'customer.created #2: 200 delivered' ]

    const forged = await fetch(`http://127.0.0.1:${port}/acs-webhooks`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Signature': `sha256=${'0'.repeat(64)}` },
      body: JSON.stringify({ id: 'evt_forged', event: 'customer.created', timestamp: new Date().toISOString(), data: {} }),
    });
    return { received, deliveries: mock.webhooks.deliveries, forgedStatus: forged.status };
  } finally {
    server.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
