// A vitest file as your own suite would write it: assert on what your code asked the mock, not on a spy.
// (It runs in this repository's suite; `npx vitest run examples/request-journal.test.ts`.)
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';
import { beforeEach, describe, expect, it } from 'vitest';

const mock = createMockService({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

/** The code under test: files a customer's first order as an invoice and sends it. */
async function invoiceFirstOrder(customerId: string) {
  const draft = await acs.invoices.create({ customerId, items: [{ description: 'First order', quantity: 1, unitPrice: 120 }] });
  return acs.invoices.send(draft.id);
}

describe('invoicing a first order', () => {
  beforeEach(() => mock.requests.clear());

  it('creates one invoice and sends it once', async () => {
    const customer = await acs.customers.create({ name: 'Journal Test Sdn Bhd', email: 'ap@journal-test.my' });
    await invoiceFirstOrder(customer.id);

    expect(mock.requests.count({ method: 'POST', path: '/v1/invoices' })).toBe(1);
    expect(mock.requests.count({ method: 'POST', path: '/v1/invoices/{id}/send' })).toBe(1);
    const send = mock.requests.last({ method: 'POST', path: '/v1/invoices/{id}/send' });
    expect(send?.status).toBe(200);
    expect(send?.events.map((event) => event.event)).toContain('invoice.sent');
  });

  it('makes no call when there is nothing to invoice', () => {
    expect(mock.requests.count({})).toBe(0);
  });
});
