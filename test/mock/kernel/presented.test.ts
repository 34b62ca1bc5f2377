import { describe, expect, it } from 'vitest';
import { successBody } from '../../../mock-server/kernel/envelope.js';
import { JsonText, PresentedJson, jsonValue } from '../../../mock-server/kernel/presented.js';

const invoice = {
  id: 'inv_1',
  status: 'sent',
  customer: { id: 'cus_1', name: 'Kedai Runcit "Maju" Sdn Bhd' },
  items: [{ quantity: 2 }],
  notes: null,
};
const other = { id: 'inv_2', status: 'overdue', overdueBy: 3 };
const pagination = { hasMore: false, nextCursor: null, limit: 50, total: 2 };
const text = (value: unknown) => new JsonText(JSON.stringify(value));

describe('records kept as JSON in an envelope', () => {
  it('answer the bytes the records themselves would have answered: one, a page, a data-management page', () => {
    expect(successBody(text(invoice), 'req_1', '2026-11-20T09:00:00.000Z')).toBe(successBody(invoice, 'req_1', '2026-11-20T09:00:00.000Z'));
    expect(successBody([text(invoice), text(other)], 'req_1', 'ts', pagination)).toBe(
      successBody([invoice, other], 'req_1', 'ts', pagination),
    );
    expect(successBody([text(invoice), other], 'req_1', 'ts', pagination, 2)).toBe(
      successBody([invoice, other], 'req_1', 'ts', pagination, 2),
    );
    expect(JSON.parse(successBody([text(invoice)], 'req_1', 'ts', pagination)).data).toEqual([invoice]);
  });

  it('are read back as the value they hold for the response check', () => {
    expect(jsonValue(text(invoice))).toEqual(invoice);
    expect(jsonValue(invoice)).toBe(invoice);
  });
});

describe('presented rows kept per row and key', () => {
  const counting = () => {
    let presented = 0;
    const kept = new PresentedJson<{ id: string; total: number }>(2);
    const show = (row: { id: string; total: number }, day: string) =>
      kept.text(row, day, (r) => {
        presented++;
        return { ...r, day };
      }).text;
    return { show, presented: () => presented };
  };

  it('present a row once for the same day, again on another day', () => {
    const { show, presented } = counting();
    const row = { id: 'inv_1', total: 10 };
    expect([show(row, '2026-11-20'), show(row, '2026-11-20')]).toEqual(Array(2).fill('{"id":"inv_1","total":10,"day":"2026-11-20"}'));
    expect(show(row, '2026-11-21')).toBe('{"id":"inv_1","total":10,"day":"2026-11-21"}');
    expect(presented()).toBe(2);
  });

  it('present a written row anew, as a write replaces the stored object', () => {
    const { show } = counting();
    const row = { id: 'inv_1', total: 10 };
    show(row, 'd');
    expect(show({ ...row, total: 12 }, 'd')).toBe('{"id":"inv_1","total":12,"day":"d"}');
    expect(show(row, 'd')).toBe('{"id":"inv_1","total":10,"day":"d"}');
  });

  it('keep answering right beyond their bound, presenting what they let go again', () => {
    const { show, presented } = counting();
    const rows = Array.from({ length: 6 }, (_, i) => ({ id: `inv_${i}`, total: i }));
    for (const row of rows) show(row, 'd');
    expect(rows.map((row) => JSON.parse(show(row, 'd')).total)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(presented()).toBeGreaterThan(6);
  });
});
