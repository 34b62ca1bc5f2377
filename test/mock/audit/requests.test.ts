import { describe, expect, it } from 'vitest';
import { AcsError } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';
import { auditRows, payloadOf, rowsAbout } from './support.js';

describe('audit rows of business API requests (AUD-16)', () => {
  it('sending an invoice writes UPDATED with old_data and new_data, the key as id_user and the user agent', async () => {
    const { mock, acs } = sandbox({ seed: 'demo' });
    const draft = (await acs.invoices.list({ status: 'draft', limit: 1 })).data[0];
    await acs.invoices.send(draft.id);
    const [row] = rowsAbout(mock, draft.id)
      .filter((r) => r.action === 'UPDATED')
      .slice(-1);
    expect(row).toMatchObject({ action: 'UPDATED', descr: 'UPDATED', foreign_table: 'invoices', foreign_key: draft.id });
    expect(payloadOf(row)).toMatchObject({ old_data: { status: 'draft' }, new_data: { status: 'sent' } });
    const fields = payloadOf(row).auth_token_fields as Record<string, unknown>;
    expect(fields).toMatchObject({ kind: 'api_key', name: 'Sandbox key (all companies)' });
    expect(row.id_user).toBe(fields.id);
    expect(row.id_user).toMatch(/^key_/);
    expect(row.id_user_agent).toMatch(/acs-sdk/);
    expect(JSON.stringify(row)).not.toContain(mock.credentials.apiKey);
  });

  it('a refused request (422) writes no row', async () => {
    const { mock, acs } = sandbox({ seed: 'demo' });
    const draft = (await acs.invoices.list({ status: 'draft', limit: 1 })).data[0];
    const sent = await acs.invoices.send(draft.id);
    const before = auditRows(mock).length;
    const error = await failureOf(acs.invoices.payments.create(draft.id, { amount: sent.amountDue + 1000 }));
    expect(error).toBeInstanceOf(AcsError);
    expect((error as AcsError).status).toBe(422);
    expect(auditRows(mock)).toHaveLength(before);
  });

  it('a bulk call writes rows for the items that land and none for the item that is rolled back', async () => {
    const { mock, acs } = sandbox({ seed: 'demo' });
    const [cash, sales] = [(await accountByNumber(acs, '1110')).id, (await accountByNumber(acs, '4100')).id];
    const entry = (debit: number, credit: number) => ({
      date: '2026-11-02',
      lines: [
        { accountId: cash, debit },
        { accountId: sales, credit },
      ],
    });
    const before = auditRows(mock).length;
    const result = await acs.bulk.journalEntries({
      operations: [
        { operation: 'create', data: entry(10, 10) },
        { operation: 'create', data: entry(10, 9) },
        { operation: 'create', data: entry(20, 20) },
      ],
    });
    expect(result.results.map((r) => r.success)).toEqual([true, false, true]);
    const written = auditRows(mock).slice(before);
    expect(written.map((r) => [r.action, r.foreign_table])).toEqual([
      ['CREATED', 'journalEntries'],
      ['CREATED', 'journalEntries'],
    ]);
    expect(written.map((r) => r.foreign_key)).toEqual([result.results[0].data!.id, result.results[2].data!.id]);
  });

  it("a webhook subscription's secret appears in no audit row", async () => {
    const { mock, acs } = sandbox({ seed: 'demo' });
    const chosen = 'my-signing-secret-0123456789abcdef';
    const hook = await acs.webhooks.subscribe({ url: 'https://example.com/hooks', events: ['invoice.created'], secret: chosen });
    const generated = await acs.webhooks.subscribe({ url: 'https://example.com/other', events: ['invoice.sent'] });
    await acs.webhooks.update(hook.id, { active: false });
    await acs.webhooks.delete(hook.id);
    expect(rowsAbout(mock, hook.id).map((r) => r.action)).toEqual(['CREATED', 'UPDATED', 'DELETED']);
    const trail = JSON.stringify(auditRows(mock));
    expect(trail).not.toContain(chosen);
    expect(trail).not.toContain(generated.secret!);
    expect(trail).not.toContain(mock.credentials.apiKey);
  });

  it('deleting a customer writes DELETED with delete_data', async () => {
    const { mock, acs } = sandbox({ seed: 'demo' });
    const customer = await acs.customers.create({ name: 'Short-lived Sdn Bhd', email: 'gone@example.my' });
    await acs.customers.delete(customer.id);
    const rows = rowsAbout(mock, customer.id);
    expect(rows.map((r) => r.action)).toEqual(['CREATED', 'DELETED']);
    expect(Object.keys(payloadOf(rows[1]))).toEqual(['delete_data', 'auth_token_fields']);
    expect(payloadOf(rows[1]).delete_data).toMatchObject({ id: customer.id, name: 'Short-lived Sdn Bhd' });
  });
});
