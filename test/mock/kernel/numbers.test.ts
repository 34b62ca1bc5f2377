import { describe, expect, it } from 'vitest';
import { MAX_AMOUNT } from '../../../src/contract/index.js';
import { demoApi, expectFailure } from './support.js';

// MOCK-8: every money field of every request is bounded by the contract (at most
// 999,999,999,999.99, two decimals), so every sum is exact; quantities and rates have their own bounds;
// query integers are decimal digits only.

const { get, post } = demoApi();

const TOO_MUCH = 1_000_000_000_000;
let serial = 0;
const accounts = async () => {
  const list = (await get('/accounts?limit=100')).body.data as { id: string; accountNumber: string }[];
  const id = (n: string) => list.find((a) => a.accountNumber === n)!.id;
  return { expense: id('6100'), cash: id('1000') };
};

const refusedAt = async (
  reply: Awaited<ReturnType<typeof post>>,
  field: string,
  code: string,
  status = 422,
  errorCode = 'VALIDATION_ERROR',
) => {
  expectFailure(reply, status, errorCode);
  expect(reply.body.error.details).toEqual([expect.objectContaining({ field, code })]);
};

describe('money in every request is at most 999,999,999,999.99, with two decimals', () => {
  it('journal lines: each amount, and the total of each side', async () => {
    const { expense, cash } = await accounts();
    const each = await post('/journal-entries', {
      date: '2026-11-01',
      lines: [
        { accountId: expense, debit: TOO_MUCH },
        { accountId: cash, credit: TOO_MUCH },
      ],
    });
    expectFailure(each, 422, 'VALIDATION_ERROR');
    expect(each.body.error.details).toEqual([
      expect.objectContaining({ field: 'lines.0.debit', code: 'MAX_VALUE', constraint: expect.objectContaining({ max: MAX_AMOUNT }) }),
      expect.objectContaining({ field: 'lines.1.credit', code: 'MAX_VALUE', constraint: expect.objectContaining({ max: MAX_AMOUNT }) }),
    ]);
    const debit = { accountId: expense, debit: MAX_AMOUNT };
    const credit = { accountId: cash, credit: MAX_AMOUNT };
    const reply = await post('/journal-entries', { date: '2026-11-01', lines: [debit, debit, credit, credit] });
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    expect(reply.body.error.details).toEqual([
      expect.objectContaining({ field: 'lines', code: 'MAX_VALUE', constraint: { max: MAX_AMOUNT } }),
      expect.objectContaining({ field: 'lines', code: 'MAX_VALUE', constraint: { max: MAX_AMOUNT } }),
    ]);
  });

  it('item prices: the largest amount is taken, one cent more is not', async () => {
    expect(
      (await post('/items', { itemCode: `N-${++serial}`, name: 'Dear', type: 'service', pricing: { sellingPrice: MAX_AMOUNT } })).status,
    ).toBe(201);
    await refusedAt(
      await post('/items', { itemCode: `N-${++serial}`, name: 'Dearer', type: 'service', pricing: { sellingPrice: 1_000_000_000_000 } }),
      'pricing.sellingPrice',
      'MAX_VALUE',
    );
  });

  it('payments and document lines', async () => {
    await refusedAt(await post('/invoices/inv_any/payments', { amount: TOO_MUCH }), 'amount', 'MAX_VALUE');
    await refusedAt(
      await post('/invoices', { customerId: 'cus_any', items: [{ description: 'x', quantity: 1, unitPrice: 0.001 }] }),
      'items.0.unitPrice',
      'INVALID_FORMAT',
    );
  });

  it("a customer's credit limit, with the module's own 400 INVALID_CUSTOMER_DATA", async () => {
    await refusedAt(
      await post('/customers', { name: 'Big Spender', email: `big${++serial}@x.my`, creditLimit: TOO_MUCH }),
      'creditLimit',
      'MAX_VALUE',
      400,
      'INVALID_CUSTOMER_DATA',
    );
    await refusedAt(
      await post('/customers', { name: 'Fine Spender', email: `fine${++serial}@x.my`, creditLimit: 10.005 }),
      'creditLimit',
      'INVALID_FORMAT',
      400,
      'INVALID_CUSTOMER_DATA',
    );
  });
});

describe('quantities and rates have their own bounds', () => {
  const invoice = (line: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    post('/invoices', { customerId: 'cus_any', items: [{ description: 'x', quantity: 1, unitPrice: 1, ...line }], ...extra });

  it('a quantity is at most 1,000,000,000 with four decimals', async () => {
    await refusedAt(await invoice({ quantity: 1_000_000_001 }), 'items.0.quantity', 'MAX_VALUE');
    await refusedAt(await invoice({ quantity: 1.23456 }), 'items.0.quantity', 'INVALID_FORMAT');
  });

  it('a discount is a percentage: 0 to 100, four decimals', async () => {
    await refusedAt(await invoice({ discountPercent: 100.5 }), 'items.0.discountPercent', 'MAX_VALUE');
    await refusedAt(await invoice({ discountPercent: 1.00001 }), 'items.0.discountPercent', 'INVALID_FORMAT');
  });

  it('an exchange rate is above zero, at most 1,000,000, eight decimals', async () => {
    await refusedAt(await invoice({}, { exchangeRate: 1.123456789 }), 'exchangeRate', 'INVALID_FORMAT');
    await refusedAt(await invoice({}, { exchangeRate: 0 }), 'exchangeRate', 'MIN_VALUE');
  });

  it('stock levels and measures of an item are 0 to 1,000,000,000, four decimals', async () => {
    await refusedAt(
      await post('/items', { itemCode: `N-${++serial}`, name: 'Heavy', type: 'service', weight: 2e9 }),
      'weight',
      'MAX_VALUE',
    );
    await refusedAt(
      await post('/items', { itemCode: `N-${++serial}`, name: 'Fine', type: 'inventory', inventory: { minimumStock: 0.00001 } }),
      'inventory.minimumStock',
      'INVALID_FORMAT',
    );
  });
});

describe('integers in a query are decimal digits only', () => {
  it.each(['0x10', '1e2', '+5', ' 5', '5.0', '', 'Infinity'])('limit=%j is 422 INVALID_FORMAT on limit', async (limit) => {
    const reply = await get(`/customers?limit=${encodeURIComponent(limit)}`);
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    expect(reply.body.error.details).toEqual([expect.objectContaining({ field: 'limit', code: 'INVALID_FORMAT' })]);
  });

  it('limit=20 and limit=020 are twenty', async () => {
    expect((await get('/customers?limit=20')).body.pagination.limit).toBe(20);
    expect((await get('/customers?limit=020')).body.pagination.limit).toBe(20);
  });

  it('number filters take decimals, not hex or exponents', async () => {
    expect((await get('/customers?creditLimitMin=1.5')).status).toBe(200);
    await refusedAt(await get('/customers?creditLimitMin=0x10'), 'creditLimitMin', 'INVALID_FORMAT');
    await refusedAt(await get('/customers?creditLimitMin=1e3'), 'creditLimitMin', 'INVALID_FORMAT');
  });
});

describe('numbers written with exponents', () => {
  it('a huge amount is over the bound (MAX_VALUE), a tiny fraction has too many decimals (INVALID_FORMAT)', async () => {
    await refusedAt(await post('/invoices/inv_any/payments', { amount: 1e21 }), 'amount', 'MAX_VALUE');
    await refusedAt(await post('/invoices/inv_any/payments', { amount: 1e-7 }), 'amount', 'INVALID_FORMAT');
  });
});
