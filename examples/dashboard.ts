// The standalone mock's dashboard (/__mock/ui/) reads only controls a test can read too: here the keys it
// calls the API with, and the PDF of the email an invoice went out with.
import { AcsClient } from 'acs-sdk';
import { startMockServer } from 'acs-mock/node';

interface Credentials {
  baseUrl: string;
  apiKey: string;
  companyId: string;
  companies: { id: string; name: string; apiKey: string }[];
}

export async function main() {
  const running = await startMockServer({ port: 0, now: '2026-03-10T02:00:00Z' });
  try {
    const control = async <T>(path: string) => ((await (await fetch(`${running.origin}/__mock${path}`)).json()) as { data: T }).data;
    console.log(`The dashboard: ${running.origin}/__mock/ui/`);

    // The companies and their keys, as the page's "Companies & clock" view shows them.
    const credentials = await control<Credentials>('/credentials');
    const acs = new AcsClient({ apiKey: credentials.apiKey, companyId: credentials.companyId, baseUrl: credentials.baseUrl });

    const customer = await acs.customers.create({ name: 'Kedai Buku Ilmu', email: 'akaun@ilmu.example.my' });
    const draft = await acs.invoices.create({ customerId: customer.id, items: [{ description: 'Atlas', quantity: 4, unitPrice: 35 }] });
    const invoice = await acs.invoices.send(draft.id);

    // The outbox's email, and its PDF as the "Outbox" view opens it.
    const outbox = await control<{ id: string; documentId: string; subject: string }[]>('/outbox');
    const email = outbox.find((message) => message.documentId === invoice.id)!;
    const pdf = await fetch(`${running.origin}/__mock/outbox/${email.id}/pdf`);
    const bytes = new Uint8Array(await pdf.arrayBuffer());

    console.log(`${email.subject}: ${pdf.headers.get('content-type')}, ${bytes.length} bytes`);
    return { companies: credentials.companies.map((c) => c.name), subject: email.subject, type: pdf.headers.get('content-type'), bytes };
  } finally {
    await running.close();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
