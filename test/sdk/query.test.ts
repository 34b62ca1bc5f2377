import { describe, expect, it } from 'vitest';
import { serializeQuery } from '../../src/internal/query.js';
import { list, scriptedFetch, testClient } from './helpers.js';

describe('query serialisation', () => {
  it('writes the operator form as field[op]=value', () => {
    expect(serializeQuery({ accountNumber: { startswith: '10' } })).toBe('accountNumber[startswith]=10');
  });

  it('joins in/nin arrays with commas and writes booleans as true/false', () => {
    expect(serializeQuery({ level: { in: [1, 2] }, accountNumber: { nin: ['1000', '2000'] }, active: false })).toBe(
      'level[in]=1,2&accountNumber[nin]=1000,2000&active=false',
    );
  });

  it('sends several operators on one field and dates as given', () => {
    expect(serializeQuery({ createdAt: { gte: '2026-01-01T00:00:00Z', lt: '2026-02-01T00:00:00Z' } })).toBe(
      'createdAt[gte]=2026-01-01T00%3A00%3A00Z&createdAt[lt]=2026-02-01T00%3A00%3A00Z',
    );
  });

  it('skips undefined and null, and encodes reserved characters in values', () => {
    expect(serializeQuery({ search: 'cash & bank', cursor: undefined, parentId: null })).toBe('search=cash%20%26%20bank');
  });

  it('a list call sends its filters in the operator form', async () => {
    const { fetch, sent } = scriptedFetch(list([], { hasMore: false, nextCursor: null, limit: 50, total: 0 }));
    await testClient(fetch).accounts.list({
      type: 'asset',
      accountNumber: { startswith: '10' },
      level: { lte: 2 },
      active: true,
      sort: 'accountNumber:asc',
    });
    const url = sent[0].url;
    expect(url.searchParams.get('accountNumber[startswith]')).toBe('10');
    expect(url.searchParams.get('level[lte]')).toBe('2');
    expect(url.searchParams.get('type')).toBe('asset');
    expect(url.searchParams.get('active')).toBe('true');
    expect(url.searchParams.get('sort')).toBe('accountNumber:asc');
    expect(url.search).toContain('accountNumber[startswith]=10');
  });
});
