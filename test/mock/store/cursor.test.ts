// A cursor names the company and the query it belongs to. Another company's cursor,
// another list's, or one made up by hand is refused like a malformed one (decision PLAT-15:
// 400 INVALID_REQUEST on `cursor`, INVALID_FORMAT); a cursor stays valid under inserts.
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../mock-server/store/cursor.js';
import { demoApi, type Reply } from '../kernel/support.js';

const { mock, get: getAs } = demoApi();
const { apiKey, companies, baseUrl } = mock.credentials;
const [first, second] = companies.map((c) => c.id);
const get = (path: string, company = first) => getAs(path, company);

async function cursorOf(path: string, company = first): Promise<string> {
  const { body } = await get(path, company);
  expect(body.pagination.hasMore).toBe(true);
  return body.pagination.nextCursor;
}

function expectCursorRefused(answer: Reply) {
  expect(answer.status).toBe(400);
  expect(answer.body.error.code).toBe('INVALID_REQUEST');
  expect(answer.body.error.details).toHaveLength(1);
  expect(answer.body.error.details[0]).toMatchObject({ field: 'cursor', code: 'INVALID_FORMAT' });
}

describe('cursors', () => {
  it('page on within their own company, list and query', async () => {
    const cursor = await cursorOf('/accounts?limit=5');
    const next = await get(`/accounts?limit=10&cursor=${cursor}`);
    expect(next.status).toBe(200);
    expect(next.body.data).toHaveLength(10);
  });

  it('of another company are refused, though both companies have the same list and query', async () => {
    expect(second).toBeDefined();
    const cursor = await cursorOf('/accounts?limit=5');
    expectCursorRefused(await get(`/accounts?limit=5&cursor=${cursor}`, second));
    const theirs = await cursorOf('/accounts?limit=5', second);
    expectCursorRefused(await get(`/accounts?limit=5&cursor=${theirs}`, first));
  });

  it('of another list or another query are refused', async () => {
    const cursor = await cursorOf('/accounts?limit=1');
    expectCursorRefused(await get(`/tax-codes?limit=1&cursor=${cursor}`));
    expectCursorRefused(await get(`/accounts?limit=1&type=asset&cursor=${cursor}`));
    expectCursorRefused(await get(`/accounts?limit=1&sort=name&cursor=${cursor}`));
  });

  it('made up by hand, or altered, are refused: a forged cursor never names a position', async () => {
    const cursor = await cursorOf('/accounts?limit=5');
    const position = decodeCursor(cursor)!;
    const forged = [
      encodeCursor({ ...position, query: '0'.repeat(16) }),
      encodeCursor({ ...position, query: '' }),
      encodeCursor({ ...position, values: ['9999'] }),
      encodeCursor({ ...position, id: 'acc_somewhere' }),
      cursor.slice(0, -2),
      `${cursor}A`,
      Buffer.from(JSON.stringify([1, position.query, position.id, ...position.values])).toString('base64url'),
      'x'.repeat(5000),
    ];
    for (const text of forged) expectCursorRefused(await get(`/accounts?limit=5&cursor=${encodeURIComponent(text)}`));
    const long = await get(`/accounts?limit=5&cursor=${'x'.repeat(5000)}`);
    expect(long.body.error.details[0]).toMatchObject({ value: expect.stringMatching(/^x{200}…$/), valueTruncated: true }); // shown cut short
  });

  it('of another instance of the mock are refused: the binding is keyed by the service', async () => {
    const theirs: string = (await demoApi().get('/accounts?limit=5')).body.pagination.nextCursor;
    expectCursorRefused(await get(`/accounts?limit=5&cursor=${theirs}`));
  });

  it('stay opaque and stable under inserts: the walk sees every record present throughout once', async () => {
    const before = (await get('/accounts?limit=100')).body.data.map((a: { id: string }) => a.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const { body } = await get(`/accounts?limit=4${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...body.data.map((a: { id: string }) => a.id));
      cursor = body.pagination.nextCursor;
      if (!cursor) break;
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      const created = await mock.fetch(`${baseUrl}/accounts`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'x-company-id': first, 'content-type': 'application/json' },
        body: JSON.stringify({
          accountNumber: `${page % 2 ? '0000' : 'ZZZZ'}-${page}`,
          name: `Inserted ${page}`,
          type: 'asset',
          category: 'current_asset',
        }),
      });
      expect(created.status).toBe(201);
    }
    expect(new Set(seen).size).toBe(seen.length);
    for (const id of before) expect(seen).toContain(id);
  });
});
