import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { ValidationError, type AcsClient } from '../../../src/index.js';
import { BULK_LIMITS, type BulkOperation, type InvoiceCreateParams, type InvoiceUpdateParams } from '../../../src/contract/index.js';
import { accountByNumber, failureOf, journalEntryCount, sandbox, transfer } from '../../support/sandbox.js';

/**
 * Operations the SDK's types refuse (an update of records that have none, an update without its id),
 * sent anyway, as a JavaScript caller could: the service must refuse each one alone.
 */
const untyped = <T>(operation: object): T => operation as T;

let acs: AcsClient;
let cash: string;
let sales: string;

beforeEach(async () => {
  ({ acs } = sandbox({ seed: 'demo' }));
  cash = (await accountByNumber(acs, '1110')).id;
  sales = (await accountByNumber(acs, '4100')).id;
});

const entry = (amount: number, credit = amount) => ({
  date: '2026-11-02',
  reference: `BULK-${amount}`,
  lines: [
    { accountId: cash, debit: amount },
    { accountId: sales, credit },
  ],
});

describe('POST /v1/bulk/journal-entries', () => {
  it('creates every valid entry and reports each failing one by its index, without failing the others', async () => {
    const before = await journalEntryCount(acs);
    const result = await acs.bulk.journalEntries({
      operations: [
        { operation: 'create', data: entry(100) },
        { operation: 'create', data: entry(50, 49.99) },
        { operation: 'create', data: { date: 'not a date', lines: [] } },
        { operation: 'create', data: entry(75) },
      ],
    });
    expect(result).toMatchObject({ processed: 4, successful: 2, failed: 2 });
    expect(result.results.map((r) => [r.index, r.success])).toEqual([
      [0, true],
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(result.results[1].error?.code).toBe('INVALID_JOURNAL_ENTRY');
    expect(result.results[2].error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.arrayContaining([expect.objectContaining({ field: 'date', code: 'INVALID_FORMAT' })]),
    });
    expect(result.results[0].data).toMatchObject({ status: 'draft', totalDebit: 100 });
    expect(await journalEntryCount(acs)).toBe(before + 2);
  });

  it('numbers the created entries without gaps: a failing item uses no journal number', async () => {
    const result = await acs.bulk.journalEntries({
      operations: [
        { operation: 'create', data: entry(10) },
        { operation: 'create', data: entry(10, 1) },
        { operation: 'create', data: entry(20) },
      ],
    });
    const [first, , third] = result.results.map((r) => r.data?.journalNumber);
    expect(Number(third!.slice(3)) - Number(first!.slice(3))).toBe(1);
  });

  it('refuses an update, which journal entries do not have, for that item only', async () => {
    const result = await acs.bulk.journalEntries({
      operations: [untyped({ operation: 'update', id: 'je_x', data: { reference: 'x' } }), { operation: 'create', data: entry(5) }],
    });
    expect(result.results[0]).toMatchObject({ success: false, error: { code: 'BUSINESS_RULE_VIOLATION' } });
    expect(result.results[1].success).toBe(true);
  });

  it('refuses more than 100 operations with 422 MAX_VALUE and writes nothing', async () => {
    const before = await journalEntryCount(acs);
    const error = await failureOf(
      acs.bulk.journalEntries({ operations: Array.from({ length: 101 }, () => ({ operation: 'create' as const, data: entry(1) })) }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details?.[0]).toMatchObject({ field: 'operations', code: 'MAX_VALUE' });
    expect(await journalEntryCount(acs)).toBe(before);
  });

  it('a delete operation, which the bulk endpoints do not offer, refuses the whole call with INVALID_CHOICE and writes nothing', async () => {
    const before = await journalEntryCount(acs);
    const error = await failureOf(
      acs.bulk.journalEntries({
        operations: [{ operation: 'create', data: entry(3) }, untyped({ operation: 'delete', id: 'je_x', data: {} })],
      }),
    );
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details?.[0]).toMatchObject({
      field: 'operations.1.operation',
      code: 'INVALID_CHOICE',
      value: 'delete',
    });
    expect(await journalEntryCount(acs)).toBe(before);
  });

  it('a bulk call replayed with its Idempotency-Key writes once', async () => {
    const before = await journalEntryCount(acs);
    const body = { operations: [{ operation: 'create' as const, data: { date: '2026-11-02', lines: transfer(cash, sales, 9) } }] };
    await acs.bulk.journalEntries(body, { idempotencyKey: 'bulk-import-1' });
    await acs.bulk.journalEntries(body, { idempotencyKey: 'bulk-import-1' });
    expect(await journalEntryCount(acs)).toBe(before + 1);
  });
});

describe('bulk request types', () => {
  it("types each operation's data as the resource's own create or update body", () => {
    expectTypeOf<Parameters<typeof acs.bulk.invoices>[0]['operations'][number]>().toEqualTypeOf<
      BulkOperation<InvoiceCreateParams, InvoiceUpdateParams>
    >();
  });
});

describe('POST /v1/bulk/customers', () => {
  it('creates and updates customers, each item on its own, and numbers only the created ones', async () => {
    const existing = await acs.customers.create({ name: 'Kedai Runcit Ah Meng', email: 'ahmeng@runcit.my' });
    const result = await acs.bulk.customers({
      operations: [
        { operation: 'create', data: { name: 'Bulk One Sdn Bhd', email: 'one@bulk.my' } },
        { operation: 'create', data: { name: 'No contact at all' } },
        { operation: 'update', id: existing.id, data: { creditLimit: 5000 } },
        { operation: 'update', id: 'cus_missing', data: { creditLimit: 1 } },
        untyped({ operation: 'update', data: { creditLimit: 1 } }),
      ],
    });
    expect(result.results.map((r) => r.success)).toEqual([true, false, true, false, false]);
    expect(result.results[1].error?.code).toBe('INVALID_CUSTOMER_DATA');
    expect(result.results[3].error?.code).toBe('CUSTOMER_NOT_FOUND');
    expect(result.results[4].error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ field: 'operations.4.id', code: 'REQUIRED_FIELD' }],
    });
    expect(result.results[2].data?.creditLimit).toBe(5000);
    expect((await acs.customers.retrieve(existing.id)).creditLimit).toBe(5000);
    expect(result.results[0].data?.customerNumber).toMatch(/^CUST-\d+$/);
  });

  it(`refuses more than ${BULK_LIMITS.customers} customers in one call`, async () => {
    const error = await failureOf(
      acs.bulk.customers({
        operations: Array.from({ length: BULK_LIMITS.customers + 1 }, (_, i) => ({
          operation: 'create' as const,
          data: { name: `C${i}`, email: `c${i}@x.my` },
        })),
      }),
    );
    expect((error as ValidationError).details?.[0]).toMatchObject({ field: 'operations', code: 'MAX_VALUE' });
  });
});

describe('POST /v1/bulk/invoices and /v1/bulk/payments', () => {
  it('creates invoices in bulk, then pays them in bulk; an overpayment fails alone and moves nothing', async () => {
    const customer = await acs.customers.create({ name: 'Bulk Buyer Sdn Bhd', email: 'ap@bulkbuyer.my' });
    const invoices = await acs.bulk.invoices({
      operations: [
        {
          operation: 'create',
          data: { customerId: customer.id, items: [{ description: 'Rice 10kg', quantity: 10, unitPrice: 30, taxCode: 'ZR' }] },
        },
        {
          operation: 'create',
          data: { customerId: customer.id, items: [{ description: 'Sugar 1kg', quantity: 20, unitPrice: 3.5, taxCode: 'NOPE' }] },
        },
        {
          operation: 'create',
          data: { customerId: customer.id, items: [{ description: 'Flour 1kg', quantity: 40, unitPrice: 2.5, taxCode: 'ZR' }] },
        },
      ],
    });
    expect(invoices.results.map((r) => r.success)).toEqual([true, false, true]);
    expect(invoices.results[1].error?.code).toBe('VALIDATION_ERROR');
    const [first, , third] = invoices.results.map((r) => r.data!);
    await acs.invoices.send(first.id);
    await acs.invoices.send(third.id);

    const payments = await acs.bulk.payments({
      operations: [
        { operation: 'create', data: { invoiceId: first.id, amount: 300 } },
        { operation: 'create', data: { invoiceId: third.id, amount: 100.01 } },
        { operation: 'create', data: { invoiceId: third.id, amount: 40 } },
        untyped({ operation: 'update', id: 'pay_x', data: { amount: 1 } }),
      ],
    });
    expect(payments.results.map((r) => r.success)).toEqual([true, false, true, false]);
    expect((await acs.invoices.retrieve(first.id)).paymentStatus).toBe('paid');
    expect(await acs.invoices.retrieve(third.id)).toMatchObject({ amountPaid: 40, amountDue: 60, paymentStatus: 'partial' });
    expect((await acs.customers.retrieve(customer.id)).currentBalance).toBe(60);
  });

  it(`refuses more than ${BULK_LIMITS.payments} payments in one call, and records none`, async () => {
    const customer = await acs.customers.create({ name: 'Bulk Payer Sdn Bhd', email: 'ap@bulkpayer.my' });
    const invoice = await acs.invoices.send(
      (
        await acs.invoices.create({
          customerId: customer.id,
          items: [{ description: 'Rice 10kg', quantity: 200, unitPrice: 30, taxCode: 'ZR' }],
        })
      ).id,
    );
    const pay = { operation: 'create' as const, data: { invoiceId: invoice.id, amount: 1 } };
    const error = await failureOf(acs.bulk.payments({ operations: Array.from({ length: BULK_LIMITS.payments + 1 }, () => pay) }));
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details?.[0]).toMatchObject({ field: 'operations', code: 'MAX_VALUE' });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ amountPaid: 0, amountDue: 6000 });
    const atLimit = await acs.bulk.payments({ operations: Array.from({ length: BULK_LIMITS.payments }, () => pay) });
    expect(atLimit).toMatchObject({ processed: 100, successful: 100, failed: 0 });
    expect(await acs.invoices.retrieve(invoice.id)).toMatchObject({ amountPaid: 100, amountDue: 5900 });
  });

  it(`refuses more than ${BULK_LIMITS.invoices} invoices in one call`, async () => {
    const error = await failureOf(
      acs.bulk.invoices({ operations: Array.from({ length: BULK_LIMITS.invoices + 1 }, () => untyped({ operation: 'create', data: {} })) }),
    );
    expect((error as ValidationError).details?.[0]).toMatchObject({ field: 'operations', code: 'MAX_VALUE' });
  });
});
