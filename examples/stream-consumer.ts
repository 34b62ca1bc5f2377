// Following live events over the WebSocket stream; here the in-process mock answers the socket.
import { AcsClient } from 'acs-sdk';
import { setupMockServer } from 'acs-mock/node';

export async function main() {
  const { server, mock } = setupMockServer({ seed: 'demo' });
  server.listen({ onUnhandledFrame: 'error' }); // msw serves wss://<sandbox>/v1/stream too
  try {
    const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId });

    const stream = acs.stream({
      channels: ['invoice.created', 'invoice.updates', 'payment.received'],
      filters: { 'invoice.updates': { status: ['sent', 'paid'] } }, // applied by the server
    });
    stream.on('payment.received', (event) => console.log(`payment ${event.data.paymentNumber}: ${event.data.amount}`));
    stream.on('reconnect', ({ attempt, delayMs }) => console.log(`reconnecting (attempt ${attempt}) in ${delayMs} ms`));
    stream.on('error', (error) => console.error(`stream: ${error.message}`));
    await stream.ready(); // authenticated and subscribed

    const lines: string[] = [];
    const consumer = (async () => {
      for await (const event of stream) {
        lines.push(`${event.meta.eventId} ${event.channel}`);
        if (event.channel === 'invoice.updated' && event.data.status === 'paid') break; // leaving the loop closes the stream
      }
    })();

    // Somewhere else, the business happens.
    const customer = await acs.customers.create({ name: 'Kedai Runcit Maju Sdn Bhd', email: 'ap@kedai-maju.my' });
    const invoice = await acs.invoices.create({
      customerId: customer.id,
      items: [{ description: 'Shelving', quantity: 3, unitPrice: 120, taxCode: 'SST10' }],
    });
    await acs.invoices.send(invoice.id);
    await acs.invoices.pay(invoice.id, { amount: invoice.total });

    await consumer;
    // Keep stream.lastEventId to resume after a restart: acs.stream({ channels, lastEventId }).
    console.log(lines.join('\n'));
    return { lines, lastEventId: stream.lastEventId, state: stream.state };
  } finally {
    server.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
