// A fetch-style webhook handler, (request: Request) => Promise<Response>: edge workers, Deno, Bun, Next.js route handlers.
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';
import { constructEvent, WebhookVerificationError, type WebhookEvent } from 'acs-sdk/webhooks';

/** 401 for a bad signature, 500 when handling fails (the service retries), 200 once handled. */
export function createWebhookHandler(secret: string | string[], handle: (event: WebhookEvent) => void | Promise<void>) {
  return async (request: Request): Promise<Response> => {
    if (request.method !== 'POST') return new Response(null, { status: 405, headers: { Allow: 'POST' } });
    let event: WebhookEvent;
    try {
      // The raw bytes: never request.json(), whose result cannot be re-serialized to the signed bytes.
      event = await constructEvent({ payload: await request.arrayBuffer(), signature: request.headers.get('x-signature'), secret });
    } catch (error) {
      if (error instanceof WebhookVerificationError) return new Response(error.reason, { status: 401 });
      throw error;
    }
    try {
      await handle(event);
      return new Response(null, { status: 200 });
    } catch {
      return new Response(null, { status: 500 });
    }
  };
}
// Deno.serve(handler); Bun.serve({ fetch: handler }); export default { fetch: handler }; export const POST = handler;

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

  // No secret given: the service generates one and shows it in this answer only.
  const hook = await acs.webhooks.subscribe({ url: 'https://hooks.example.com/acs', events: ['payment.received'] });
  const payments: string[] = [];
  const handler = createWebhookHandler(hook.secret!, (event) => {
    if (event.event === 'payment.received')
      payments.push(`${event.data.paymentNumber}: ${event.data.amount} on ${event.data.invoiceNumber}`);
  });

  // In a test, msw routes the mock's deliveries (made with fetch) to the handler.
  const server = setupServer(http.post('https://hooks.example.com/acs', ({ request }) => handler(request)));
  server.listen({ onUnhandledFrame: 'bypass' });
  try {
    const customer = await acs.customers.create({ name: 'Restoran Selera Kampung', email: 'bayar@selera.example.my' });
    const invoice = await acs.invoices.create({
      customerId: customer.id,
      items: [{ description: 'Catering', quantity: 1, unitPrice: 1200 }],
    });
    await acs.invoices.send(invoice.id, {});
    await acs.invoices.payments.create(invoice.id, { amount: 1200, paymentMethod: 'bank_transfer' });
    await mock.webhooks.settled();
    console.log(payments); // [ 'PAY-...: 1200 on INV-...' ]

    const unsigned = await handler(new Request('https://hooks.example.com/acs', { method: 'POST', body: '{}' }));
    return { payments, deliveries: mock.webhooks.deliveries, unsigned: { status: unsigned.status, reason: await unsigned.text() } };
  } finally {
    server.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
