import { describe, expect, it } from 'vitest';
import { MockClock } from '../../../mock-server/kernel/clock.js';
import { textDigest } from '../../../mock-server/kernel/digest.js';
import { bodyDigest, IdempotencyRecords } from '../../../mock-server/kernel/idempotency.js';

describe('IdempotencyRecords', () => {
  const answer = (headers: Record<string, string>, body = '{"success":true}') => ({ status: 201, headers, body });

  it('replays status, body, request id and the headers of its own, from a digest of the request body', () => {
    const records = new IdempotencyRecords(new MockClock(0));
    const digest = bodyDigest({ name: 'Gear', lines: [{ amount: 1 }] });
    const headers = { 'Cache-Control': 'no-store', 'X-Request-ID': 'req_1', 'Content-Type': 'text/csv', Location: '/v1/widgets/wid_1' };
    records.remember('scope', digest, answer(headers));
    expect(records.lookup('scope', bodyDigest({ lines: [{ amount: 1 }], name: 'Gear' }))).toEqual({
      kind: 'replay',
      response: answer(headers),
    });
    expect(records.lookup('scope', bodyDigest({ name: 'Gear', lines: [{ amount: 2 }] }))).toEqual({ kind: 'conflict' });
    expect(records.lookup('other', digest)).toEqual({ kind: 'new' });
  });

  it('writes no Content-Type for an empty body unless the answer had one', () => {
    const records = new IdempotencyRecords(new MockClock(0));
    records.remember('a', '', answer({ 'Cache-Control': 'no-store', 'X-Request-ID': 'req_2' }, ''));
    records.remember('b', '', answer({ 'Cache-Control': 'no-store', 'X-Request-ID': 'req_3', 'Content-Type': 'application/json' }, ''));
    expect(records.lookup('a', '')).toMatchObject({ response: { headers: { 'Cache-Control': 'no-store', 'X-Request-ID': 'req_2' } } });
    expect(records.lookup('b', '')).toMatchObject({ response: { headers: { 'Content-Type': 'application/json' } } });
  });
});

describe('textDigest', () => {
  it('is the SHA-256 of the text: short, stable and tells close texts apart', () => {
    // FIPS 180-2, appendix B.1.
    expect(textDigest('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const text = JSON.stringify({ lines: Array.from({ length: 200 }, (_, i) => ({ accountId: `acc_${i}`, debit: i })) });
    expect(textDigest(text)).toBe(textDigest(`${text}`));
    expect(textDigest(text)).toHaveLength(64);
    const near = new Set(['', 'a', 'b', 'ab', 'ba', text, text.replace('"debit":7', '"debit":8'), `${text} `]);
    expect(new Set([...near].map(textDigest)).size).toBe(near.size);
  });
});
