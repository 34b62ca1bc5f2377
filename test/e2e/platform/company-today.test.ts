import { describe, expect, it } from 'vitest';
import { AcsClient } from '../../../src/index.js';
import { createMockService } from '../../../mock-server/index.js';

describe('"today" is the company\'s local date', () => {
  it('at 01:30 in Kuala Lumpur (17:30 UTC the day before) a new invoice is dated the local day', async () => {
    const mock = createMockService({ now: '2026-03-01T17:30:00Z' });
    const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch, maxRetries: 0 });
    expect(mock.clock.today()).toBe('2026-03-01');
    expect(mock.today()).toBe('2026-03-02');
    const {
      data: [customer],
    } = await acs.customers.list({ limit: 1 });
    const invoice = await acs.invoices.create({
      customerId: customer!.id,
      items: [{ description: 'Consulting', quantity: 1, unitPrice: 100 }],
    });
    expect(invoice.invoiceDate).toBe('2026-03-02');
    const company = await acs.company.retrieve();
    expect(company.timezone).toBe('Asia/Kuala_Lumpur');
  });

  it('an invoice turns overdue at local midnight, not UTC midnight', async () => {
    const mock = createMockService({ now: '2026-03-01T12:00:00Z' });
    const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch, maxRetries: 0 });
    const {
      data: [customer],
    } = await acs.customers.list({ limit: 1 });
    const draft = await acs.invoices.create({
      customerId: customer!.id,
      dueDate: mock.today(),
      items: [{ description: 'Consulting', quantity: 1, unitPrice: 100 }],
    });
    const sent = await acs.invoices.send(draft.id, { to: ['ap@example.com'] });
    expect(sent.status).toBe('sent');
    mock.clock.set('2026-03-01T15:59:00Z'); // 23:59 local
    expect((await acs.invoices.retrieve(draft.id)).status).toBe('sent');
    mock.clock.set('2026-03-01T16:00:00Z'); // 00:00 local, still 1 March in UTC
    expect((await acs.invoices.retrieve(draft.id)).status).toBe('overdue');
  });
});
