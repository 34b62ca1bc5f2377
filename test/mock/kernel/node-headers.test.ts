import { describe, expect, it } from 'vitest';
import { headerPairsOf, journalHeaders } from '../../../mock-server/kernel/journal-capture.js';
import { rawHeaderReader } from '../../../mock-server/kernel/request.js';

describe("headers read from node:http's raw list", () => {
  const raw = ['Host', '127.0.0.1:4010', 'Authorization', 'Bearer svc_test_sk_abcdefghijklmnop', 'X-Tag', 'a', 'x-tag', 'b'];

  it('finds a header whatever the case of its name, and null when it was not sent', () => {
    const headers = rawHeaderReader(raw);
    expect(headers.get('host')).toBe('127.0.0.1:4010');
    expect(headers.get('AUTHORIZATION')).toBe('Bearer svc_test_sk_abcdefghijklmnop');
    expect(headers.get('content-type')).toBeNull();
  });

  it('reads a repeated header as one value joined with a comma, as fetch Headers do', () => {
    expect(rawHeaderReader(raw).get('x-tag')).toBe('a, b');
    expect(
      new Headers([
        ['x-tag', 'a'],
        ['X-Tag', 'b'],
      ]).get('x-tag'),
    ).toBe('a, b');
  });

  it('hands the journal the raw list, shown with lower-case names and the key masked', () => {
    const pairs = headerPairsOf(rawHeaderReader(raw));
    expect(pairs).toBe(raw);
    const shown = journalHeaders(pairs);
    expect(shown.host).toBe('127.0.0.1:4010');
    expect(shown.authorization).toBe('Bearer [REDACTED]');
    expect(JSON.stringify(shown)).not.toContain('abcdefghijklmnop');
  });

  it('keeps at most the journal\u2019s count of headers from a long list', () => {
    const long = Array.from({ length: 200 }, (_, i) => (i % 2 ? `v${i}` : `x-h${i}`));
    expect(headerPairsOf(rawHeaderReader(long)).length).toBe(80);
  });
});
