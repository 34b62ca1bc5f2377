import { beforeEach, describe, expect, it } from 'vitest';
import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { accountByNumber, journalEntryCount, sandbox, transfer } from '../../support/sandbox.js';

// Spec document 3, "Batch operations": the eight entities beside customers, each record through its single endpoint's rules.

let mock: MockService;
let acs: AcsClient;
beforeEach(() => {
  ({ mock, acs } = sandbox({ seed: 'demo' }));
});

const firstSupplier = async () => (await acs.suppliers.list({ limit: 1 })).data[0]!;
const stockItem = async () => (await acs.items.list({ type: 'inventory', tracked: true, limit: 1 })).data[0]!;
const lines = [{ description: 'Consulting', quantity: 2, unitPrice: 150, taxCode: 'SVC8' }];
const buyer = async (name = 'Batch Buyer Sdn Bhd') =>
  acs.customers.create({ name, email: `${name.replace(/\W/g, '').toLowerCase()}@buyer.my` });

/** Receivables (1130) against the sum of the customers' balances: the subledger it controls. */
async function receivablesAndSubledger(): Promise<[number, number]> {
  const receivable = await accountByNumber(acs, '1130');
  let subledger = 0;
  for await (const customer of acs.customers.list({ limit: 100 })) subledger += Math.round(customer.currentBalance * 100);
  return [Math.round(receivable.balance.net * 100), subledger];
}

describe('POST /v1/batch/suppliers', () => {
  it('creates, updates and deletes suppliers; a supplier with bills is not deleted, and a bad email is INVALID_EMAIL', async () => {
    const gone = await acs.suppliers.create({ name: 'Pembekal Lama' });
    const billed = await firstSupplier();
    await acs.bills.create({
      supplierId: billed.id,
      supplierInvoiceNumber: 'B-1',
      items: [{ description: 'Courier', quantity: 1, unitPrice: 40, accountCode: '5200' }],
    });
    const result = await acs.batch.suppliers.run(
      [
        { operation: 'create', referenceId: 'new', data: { name: 'Pembekal Baru', email: 'baru@pembekal.my' } },
        { operation: 'update', data: { id: gone.id, phone: '+60312345678' } },
        { operation: 'delete', data: { id: gone.id } },
        { operation: 'delete', data: { id: billed.id } },
        { operation: 'create', data: { name: 'Bad Mail', email: 'not-mail' } },
      ],
      { continueOnError: true },
    );
    expect(result).toMatchObject({ successfulRecords: 3, failedRecords: 2, summary: { created: 1, updated: 1, deleted: 1, errors: 2 } });
    expect(result.results[3]!.error).toMatchObject({ category: 'validation', message: expect.stringContaining('cannot be deleted') });
    expect(result.results[4]!.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'email',
      details: [expect.objectContaining({ code: 'INVALID_EMAIL' })],
    });
    await expect(acs.suppliers.retrieve(gone.id)).rejects.toMatchObject({ status: 404 });
    expect((await acs.suppliers.retrieve(billed.id)).id).toBe(billed.id);
  });
});

describe('POST /v1/batch/items', () => {
  it('creates, updates and deletes items; an item with stock history stays, a code used twice is a duplicate', async () => {
    const spare = await acs.items.create({ itemCode: 'SPARE-1', name: 'Spare', type: 'service' });
    const stocked = await stockItem();
    const result = await acs.batch.items.run(
      [
        { operation: 'create', data: { itemCode: 'BATCH-A', name: 'Batch A', type: 'service', pricing: { sellingPrice: 12.5 } } },
        { operation: 'update', data: { id: spare.id, name: 'Spare renamed' } },
        { operation: 'delete', data: { id: spare.id } },
        { operation: 'delete', data: { id: stocked.id } },
        { operation: 'create', data: { itemCode: 'BATCH-A', name: 'Same code', type: 'service' } },
        { operation: 'create', data: { itemCode: 'BATCH-B', name: 'Odd unit', type: 'service', unit: 'furlong' as never } },
        { operation: 'create', data: { itemCode: 'BATCH-C', name: 'Negative', type: 'service', pricing: { sellingPrice: -1 } } },
        { operation: 'create', data: { name: 'No code', type: 'service' } as never },
      ],
      { continueOnError: true },
    );
    expect(result.results.map((r) => r.success)).toEqual([true, true, true, false, false, false, false, false]);
    expect(result.results[3]!.error).toMatchObject({ message: expect.stringContaining('stock history') });
    expect(result.results[4]!.error).toMatchObject({ code: 'DUPLICATE_RECORD', category: 'duplicate' });
    expect(result.results[5]!.error).toMatchObject({ category: 'validation', field: 'unit' });
    expect(result.results[6]!.error!.details[0]).toMatchObject({ code: 'INVALID_AMOUNT' });
    expect(result.results[7]!.error).toMatchObject({ field: 'itemCode', details: [expect.objectContaining({ code: 'REQUIRED_FIELD' })] });
    expect((await acs.items.list({ itemCode: 'BATCH-A' })).data).toHaveLength(1);
    expect((await acs.items.retrieve(stocked.id)).id).toBe(stocked.id);
  });

  it('the single endpoint keeps the same rules: a code used twice is 409, an unknown unit 400', async () => {
    await acs.items.create({ itemCode: 'ONE-1', name: 'One', type: 'service' });
    await expect(acs.items.create({ itemCode: 'ONE-1', name: 'Two', type: 'service' })).rejects.toMatchObject({ status: 409 });
    await expect(acs.items.create({ itemCode: 'ONE-2', name: 'Two', type: 'service', unit: 'furlong' as never })).rejects.toMatchObject({
      code: 'VALIDATION_ERROR',
    });
  });
});

describe('POST /v1/batch/invoices and /v1/batch/bills', () => {
  it('creates and updates draft invoices; an unknown customer is a reference error', async () => {
    const customer = await buyer();
    const draft = await acs.invoices.create({ customerId: customer.id, items: lines });
    const result = await acs.batch.invoices.run(
      [
        { operation: 'create', data: { customerId: customer.id, items: lines } },
        { operation: 'update', data: { id: draft.id, notes: 'Batch note' } },
        { operation: 'create', data: { customerId: 'cus_nope', items: lines } },
      ],
      { continueOnError: true },
    );
    expect(result).toMatchObject({ successfulRecords: 2, summary: { created: 1, updated: 1, errors: 1 } });
    expect(result.results[2]!.error).toMatchObject({ category: 'reference' });
    expect((await acs.invoices.retrieve(draft.id)).notes).toBe('Batch note');
  });

  it('creates and updates bills', async () => {
    const supplier = await firstSupplier();
    const bill = {
      supplierId: supplier.id,
      supplierInvoiceNumber: 'BB-1',
      items: [{ description: 'Courier', quantity: 1, unitPrice: 40, accountCode: '5200' }],
    };
    const created = await acs.batch.bills.run([{ operation: 'create', data: bill }]);
    const id = (created.results[0]!.data as { id: string }).id;
    const updated = await acs.batch.bills.run([{ operation: 'update', data: { id, notes: 'checked' } }]);
    expect(updated).toMatchObject({ status: 'completed', summary: { updated: 1 } });
    expect((await acs.bills.retrieve(id)).notes).toBe('checked');
  });
});

describe('POST /v1/batch/journal-entries, /payments, /stock-adjustments, /accounts', () => {
  it('journal entries post balanced; an unbalanced one fails alone; receivables still equal the customers', async () => {
    const [cash, sales] = await Promise.all(['1110', '4100'].map((n) => accountByNumber(acs, n)));
    const before = await journalEntryCount(acs);
    const result = await acs.batch.journalEntries.run(
      [
        { operation: 'create', data: { date: mock.today(), lines: transfer(cash.id, sales.id, 100) } },
        {
          operation: 'create',
          data: {
            date: mock.today(),
            lines: [
              { accountId: cash.id, debit: 10 },
              { accountId: sales.id, credit: 9 },
            ],
          },
        },
        { operation: 'create', data: { date: mock.today(), lines: transfer(cash.id, sales.id, 20) } },
      ],
      { continueOnError: true },
    );
    expect(result).toMatchObject({ successfulRecords: 2, failedRecords: 1 });
    expect(result.results[1]!.error).toMatchObject({ code: 'VALIDATION_ERROR', category: 'validation' });
    expect(await journalEntryCount(acs)).toBe(before + 2);
    // As POST /journal-entries makes them: balanced drafts, posted by their own call.
    const drafts = result.results
      .filter((r) => r.success)
      .map((r) => r.data as { id: string; status: string; totalDebit: number; totalCredit: number });
    expect(drafts.map((d) => [d.status, d.totalDebit === d.totalCredit])).toEqual([
      ['draft', true],
      ['draft', true],
    ]);
    for (const draft of drafts) await acs.journalEntries.post(draft.id);
    expect((await acs.accounts.retrieve(cash.id)).balance.net).toBe(cash.balance.net + 120);
    const [control, subledger] = await receivablesAndSubledger();
    expect(control).toBe(subledger);
  });

  it('payments name their invoices, post to bank and receivables, and the control account equals its subledger', async () => {
    const customer = await buyer();
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: lines })).id);
    const [control0, subledger0] = await receivablesAndSubledger();
    expect(control0).toBe(subledger0);
    const result = await acs.batch.payments.run(
      [
        { operation: 'create', data: { invoiceId: invoice.id, amount: 100 } },
        { operation: 'create', data: { invoiceId: invoice.id, amount: 1_000_000 } },
        { operation: 'create', data: { invoiceId: 'inv_nope', amount: 5 } },
        { operation: 'create', data: { invoiceId: invoice.id, amount: -5 } },
      ],
      { continueOnError: true },
    );
    expect(result.results.map((r) => r.success)).toEqual([true, false, false, false]);
    expect(result.results[2]!.error).toMatchObject({ category: 'reference' });
    expect(result.results[3]!.error!.details[0]).toMatchObject({ field: 'amount', code: 'INVALID_AMOUNT' });
    expect((await acs.invoices.retrieve(invoice.id)).amountPaid).toBe(100);
    const [control, subledger] = await receivablesAndSubledger();
    expect(control).toBe(subledger);
    expect(control).toBe(control0 - 10_000);
  });

  it('rollbackOnError leaves the ledger and the stock untouched', async () => {
    const customer = await buyer();
    const invoice = await acs.invoices.send((await acs.invoices.create({ customerId: customer.id, items: lines })).id);
    const item = await stockItem();
    const entries = await journalEntryCount(acs);
    const stock = (await acs.items.retrieve(item.id)).inventory.currentStock;
    const payments = await acs.batch.payments.run(
      [
        { operation: 'create', data: { invoiceId: invoice.id, amount: 50 } },
        { operation: 'create', data: { invoiceId: invoice.id, amount: 1_000_000 } },
      ],
      { rollbackOnError: true, continueOnError: true },
    );
    expect(payments).toMatchObject({ status: 'rolled_back', summary: { created: 0 } });
    const adjustments = await acs.batch.stockAdjustments.run(
      [
        { operation: 'create', data: { reason: 'found', items: [{ itemId: item.id, adjustmentQuantity: 3 }] } },
        { operation: 'create', data: { reason: 'found', items: [{ itemId: 'itm_nope', adjustmentQuantity: 1 }] } },
      ],
      { rollbackOnError: true, continueOnError: true },
    );
    expect(adjustments).toMatchObject({ status: 'rolled_back', failedRecords: 1 });
    expect(await journalEntryCount(acs)).toBe(entries);
    expect((await acs.invoices.retrieve(invoice.id)).amountPaid).toBe(0);
    expect((await acs.items.retrieve(item.id)).inventory.currentStock).toBe(stock);
  });

  it('stock adjustments post; validateOnly stores nothing', async () => {
    const item = await stockItem();
    const stock = (await acs.items.retrieve(item.id)).inventory.currentStock;
    const entries = await journalEntryCount(acs);
    const adjust = {
      operation: 'create' as const,
      data: { reason: 'found' as const, items: [{ itemId: item.id, adjustmentQuantity: 2 }] },
    };
    const checked = await acs.batch.stockAdjustments.run([adjust, adjust], { validateOnly: true });
    expect(checked).toMatchObject({ status: 'validated', successfulRecords: 2 });
    expect((await acs.items.retrieve(item.id)).inventory.currentStock).toBe(stock);
    expect(await journalEntryCount(acs)).toBe(entries);
    const done = await acs.batch.stockAdjustments.run([adjust]);
    expect(done).toMatchObject({ status: 'completed', summary: { created: 1 } });
    expect((await acs.items.retrieve(item.id)).inventory.currentStock).toBe(stock + 2);
  });

  it('accounts: creates and updates; a number used twice is a duplicate', async () => {
    const result = await acs.batch.accounts.run(
      [
        { operation: 'create', data: { accountNumber: '1197', name: 'Petty float', type: 'asset', category: 'current_asset' } },
        { operation: 'create', data: { accountNumber: '1110', name: 'Cash again', type: 'asset', category: 'current_asset' } },
      ],
      { continueOnError: true },
    );
    expect(result.results[1]!.error).toMatchObject({ category: 'duplicate' });
    const id = (result.results[0]!.data as { id: string }).id;
    const updated = await acs.batch.accounts.run([{ operation: 'update', data: { id, name: 'Petty cash float' } }]);
    expect(updated).toMatchObject({ summary: { updated: 1 } });
    expect((await acs.accounts.retrieve(id)).name).toBe('Petty cash float');
  });

  it('refuses an operation the entity does not allow, record by record', async () => {
    const result = await acs.batch.journalEntries.run([{ operation: 'delete', data: { id: 'je_x' } } as never]);
    expect(result.results[0]!.error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'operation' });
  });
});
