// E-invoicing: a sent invoice becomes a MyInvois e-invoice, the simulated portal accepts it on the mock's
// clock, the PDF carries the QR code of the portal's validation link, and a second e-invoice is cancelled.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });
  const [first, second] = (await acs.invoices.list({ status: 'sent' })).data;

  // 1. Create the e-invoice (UBL 2.1 in LHDN's MyInvois form), validate it and submit it in one call.
  const einvoice = await acs.einvoices.create({ invoiceId: first.id, format: 'UBL21', autoSubmit: true });
  // einvoice.status: 'submitted'; einvoice.validationHash: 'sha256:...' of einvoice.document.xml

  // 2. Wait for the portal's decision; the sandbox's portal decides on the mock clock.
  const decided = await acs.einvoices.waitFor(einvoice.id, {
    until: ['accepted', 'rejected'],
    intervalMs: 1,
    onProgress: () => mock.clock.advance({ seconds: 5 }),
  });
  const accepted = (await acs.einvoices.list({ invoiceId: first.id })).data[0];
  // accepted.government.longId, accepted.qrCode: 'data:image/png;base64,...'

  // 3. The documents: the XML (what validationHash hashes), the JSON form, and a PDF with the QR code.
  const xml = await acs.einvoices.documents.xml(einvoice.id);
  const pdf = await acs.einvoices.documents.pdf(einvoice.id);
  // In Node: await writeFile(pdf.filename, new Uint8Array(pdf.data)); in a browser: URL.createObjectURL(pdf.blob())

  // 4. The sales invoice follows its e-invoice.
  const invoice = await acs.invoices.retrieve(first.id);

  // 5. Cancel another one after acceptance (MyInvois allows it within 72 hours).
  const other = await acs.einvoices.create({ invoiceId: second.id, format: 'UBL21', autoSubmit: true });
  await acs.einvoices.waitFor(other.id, { intervalMs: 1, onProgress: () => mock.clock.advance({ seconds: 5 }) });
  const cancelled = await acs.einvoices.cancel(other.id, { reasonCode: '02', notes: 'Wrong quantity on line 1' });

  console.log(`${einvoice.documentNumber}: ${decided.status}, ${pdf.filename}; ${other.documentNumber}: ${cancelled.status}`);
  return {
    created: einvoice.status,
    decided: decided.status,
    timeline: decided.timeline.map((entry) => entry.status),
    longId: accepted.government.longId,
    qrCode: accepted.qrCode?.slice(0, 22),
    hashMatches: einvoice.validationHash.startsWith('sha256:') && xml.text() === einvoice.document.xml,
    pdf: { filename: pdf.filename, contentType: pdf.contentType, startsWith: new TextDecoder().decode(pdf.data.slice(0, 5)) },
    invoiceEinvoice: invoice.einvoice.status,
    cancelled: { status: cancelled.status, reason: cancelled.cancellation?.reason },
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
