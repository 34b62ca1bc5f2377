// PLAT-13: a query parameter the endpoint does not declare is refused, so a misspelt filter never
// answers every row; the OAuth endpoints ignore what they do not know (RFC 6749 §3.1).
import { describe, expect, it } from 'vitest';
import { demoApi } from './support.js';

const { get } = demoApi();

describe('unknown query parameters', () => {
  it('a misspelt filter is a 400 naming it and listing what the list accepts, not every row', async () => {
    const { status, body } = await get('/invoices?stauts=sent');
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_REQUEST');
    expect(body.error.message).toContain('stauts');
    expect(body.error.details).toHaveLength(1);
    const [detail] = body.error.details;
    expect(detail).toMatchObject({ field: 'stauts', code: 'INVALID_CHOICE' });
    for (const name of ['status', 'limit', 'cursor', 'sort', 'customerId']) expect(body.error.message).toContain(name);
  });

  it('a declared parameter, a declared filter field and its operator form are still accepted', async () => {
    expect((await get('/invoices?status=sent&limit=5')).status).toBe(200);
    expect((await get('/customers?name[startswith]=A')).status).toBe(200);
  });

  it('an endpoint without query parameters refuses any, saying it takes none', async () => {
    const { body: list } = await get('/invoices?limit=1');
    const { status, body } = await get(`/invoices/${list.data[0].id}?expand=lines`);
    expect(status).toBe(400);
    expect(body.error.details).toEqual([{ field: 'expand', code: 'INVALID_CHOICE', message: 'not a query parameter of this endpoint' }]);
    expect(body.error.message).toContain('takes no query parameters');
  });

  it('each unknown name is named once, however often it is sent', async () => {
    const { body } = await get('/customers?foo=1&foo=2&bar=3');
    expect(body.error.details.map((d: { field: string }) => d.field)).toEqual(['foo', 'bar']);
  });

  it('a report answers its own 400 INVALID_PARAMETERS', async () => {
    const { status, body } = await get('/reports/trial-balance?asOf=2026-01-31');
    expect(status).toBe(400);
    expect(body.error.code).toBe('INVALID_PARAMETERS');
    expect(body.error.details[0]).toMatchObject({ field: 'asOf' });
  });

  it('a parameter named like a key is refused without being shown', async () => {
    const key = `svc_test_sk_${'a1'.repeat(20)}`;
    const { status, body } = await get(`/customers?${key}=1`);
    expect(status).toBe(400);
    expect(JSON.stringify(body)).not.toContain(key);
  });
});
