import { beforeEach, describe, expect, it } from 'vitest';
import { PermissionDeniedError, ValidationError } from '../../../src/index.js';
import { failureOf, sandbox } from '../../support/sandbox.js';
import { payloadOf, rowsAbout } from '../../mock/audit/support.js';

// The company's exchange-rate table through the SDK (decision ACC-41), the clock pinned; the demo company keeps MYR.
const { mock, acs, readOnlyClient } = sandbox({ now: '2026-10-31T09:00:00Z' });

beforeEach(() => {
  mock.reset();
});

const allRates = async (query: Parameters<typeof acs.exchangeRates.list>[0] = {}) => {
  const rates: { currency: string; date: string; rate: number }[] = [];
  for await (const r of acs.exchangeRates.list(query)) rates.push({ currency: r.currency, date: r.date, rate: r.rate });
  return rates;
};

describe("a company's exchange rates", () => {
  it('a rate is set for a currency and a date, against the company currency', async () => {
    const usd = await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-31', rate: 4.21 });
    expect(usd).toEqual({
      id: expect.stringMatching(/^xr_/),
      currency: 'USD',
      baseCurrency: 'MYR',
      date: '2026-10-31',
      rate: 4.21,
      createdAt: expect.stringMatching(/^2026-10-31T09:00/),
      updatedAt: usd.createdAt,
    });
  });

  it('setting the same currency and date again replaces its rate, and the trail records the change', async () => {
    const first = await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-31', rate: 4.21 });
    mock.clock.advance({ minutes: 5 });
    await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-31', rate: 4.21 });
    const second = await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-31', rate: 4.23 });
    expect(second).toMatchObject({
      id: first.id,
      rate: 4.23,
      createdAt: first.createdAt,
      updatedAt: expect.stringMatching(/^2026-10-31T09:05/),
    });
    expect(await allRates()).toEqual([{ currency: 'USD', date: '2026-10-31', rate: 4.23 }]);
    const rows = rowsAbout(mock, first.id);
    expect(rows.map((row) => row.action)).toEqual(['CREATED', 'UPDATED']);
    expect(rows.every((row) => row.foreign_table === 'exchangeRates')).toBe(true);
    expect(payloadOf(rows[1]!)).toMatchObject({ old_data: { rate: 4.21 }, new_data: { rate: 4.23 } });
  });

  it('lists the rates latest date first, currency by currency within a day, filtered by currency and dates', async () => {
    await acs.exchangeRates.set({ currency: 'USD', date: '2026-09-30', rate: 4.18 });
    await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-31', rate: 4.21 });
    await acs.exchangeRates.set({ currency: 'SGD', date: '2026-10-31', rate: 3.27 });
    await acs.exchangeRates.set({ currency: 'EUR', date: '2026-10-15', rate: 4.9 });
    expect(await allRates()).toEqual([
      { currency: 'SGD', date: '2026-10-31', rate: 3.27 },
      { currency: 'USD', date: '2026-10-31', rate: 4.21 },
      { currency: 'EUR', date: '2026-10-15', rate: 4.9 },
      { currency: 'USD', date: '2026-09-30', rate: 4.18 },
    ]);
    expect(await allRates({ currency: 'USD' })).toEqual([
      { currency: 'USD', date: '2026-10-31', rate: 4.21 },
      { currency: 'USD', date: '2026-09-30', rate: 4.18 },
    ]);
    expect((await allRates({ dateFrom: '2026-10-01', dateTo: '2026-10-30' })).map((r) => r.currency)).toEqual(['EUR']);
  });

  it('pages the list by cursor', async () => {
    for (let day = 1; day <= 5; day++) await acs.exchangeRates.set({ currency: 'USD', date: `2026-10-0${day}`, rate: 4 + day / 100 });
    const page = await acs.exchangeRates.list({ limit: 2 });
    expect(page.data.map((r) => r.date)).toEqual(['2026-10-05', '2026-10-04']);
    expect(page.pagination).toMatchObject({ hasMore: true });
    expect((await allRates({ limit: 2 })).map((r) => r.date)).toEqual([
      '2026-10-05',
      '2026-10-04',
      '2026-10-03',
      '2026-10-02',
      '2026-10-01',
    ]);
  });

  it("the key's other company has rates of its own", async () => {
    await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-31', rate: 4.21 });
    const [, other] = mock.credentials.companies;
    expect((await acs.withCompany(other!.id).exchangeRates.list()).data).toEqual([]);
  });
});

describe('an exchange rate is refused with 422, changing nothing', () => {
  const refusals: [string, Parameters<typeof acs.exchangeRates.set>[0], string, string][] = [
    ['a currency outside ISO 4217', { currency: 'XYZ', date: '2026-10-31', rate: 4.21 }, 'currency', 'INVALID_CHOICE'],
    ['a currency in lower case', { currency: 'usd', date: '2026-10-31', rate: 4.21 }, 'currency', 'INVALID_FORMAT'],
    ["the company's own currency", { currency: 'MYR', date: '2026-10-31', rate: 1 }, 'currency', 'INVALID_CHOICE'],
    ['a day that does not exist', { currency: 'USD', date: '2026-02-30', rate: 4.21 }, 'date', 'INVALID_FORMAT'],
    ['a date in another form', { currency: 'USD', date: '31/10/2026', rate: 4.21 }, 'date', 'INVALID_FORMAT'],
    ['a rate of zero', { currency: 'USD', date: '2026-10-31', rate: 0 }, 'rate', 'MIN_VALUE'],
    ['a negative rate', { currency: 'USD', date: '2026-10-31', rate: -4.21 }, 'rate', 'MIN_VALUE'],
  ];
  it.each(refusals)('%s', async (_what, body, field, code) => {
    const failure = await failureOf(acs.exchangeRates.set(body));
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure).toMatchObject({
      status: 422,
      code: 'VALIDATION_ERROR',
      details: expect.arrayContaining([expect.objectContaining({ field, code })]),
    });
    expect(await allRates()).toEqual([]);
  });

  it('a rate with more than 8 decimal places, or a missing one', async () => {
    for (const body of [
      { currency: 'USD', date: '2026-10-31', rate: 4.123456789 },
      { currency: 'USD', date: '2026-10-31' },
    ]) {
      const failure = await failureOf(acs.exchangeRates.set(body as Parameters<typeof acs.exchangeRates.set>[0]));
      expect(failure).toMatchObject({ status: 422, details: [expect.objectContaining({ field: 'rate' })] });
    }
    expect(await allRates()).toEqual([]);
  });

  it('a read-only key may list the rates but not set one', async () => {
    const readOnly = readOnlyClient();
    expect(await failureOf(readOnly.exchangeRates.set({ currency: 'USD', date: '2026-10-31', rate: 4.21 }))).toBeInstanceOf(
      PermissionDeniedError,
    );
    expect((await readOnly.exchangeRates.list()).data).toEqual([]);
  });
});
