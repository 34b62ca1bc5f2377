import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, NotFoundError, ValidationError } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

// Tax returns (ACC-35) and the tax lock of a filed period (ACC-36), on the demo books of 2026 to 20 November.
const { mock, acs } = sandbox({ seed: 'demo', now: '2026-11-20T09:00:00Z' });
const PERIOD = { periodFrom: '2026-09-01', periodTo: '2026-10-31' };

beforeEach(() => {
  mock.reset();
});

/** Tax payable's credit balance on a date, from the trial balance. */
const taxPayableOn = async (asOfDate: string) => {
  const row = (await acs.reports.trialBalance({ asOfDate })).accounts.find((r) => r.accountCode === '2120');
  return row ? Math.round((row.credit - row.debit) * 100) / 100 : 0;
};
const round = (n: number) => Math.round(n * 100) / 100;

describe('a tax return', () => {
  it("computes a period's tax by code from the documents it holds, and ties to tax payable's movement", async () => {
    const draft = await acs.taxReturns.preview(PERIOD);
    const movement = round((await taxPayableOn('2026-10-31')) - (await taxPayableOn('2026-08-31')));
    expect(draft).toMatchObject({
      id: null,
      status: 'draft',
      currency: 'MYR',
      ...PERIOD,
      totalTax: movement,
      taxPayableMovement: movement,
    });
    expect(movement).toBeGreaterThan(0);
    expect(round(draft.lines.reduce((sum, line) => sum + line.taxAmount, 0))).toBe(draft.totalTax);
    expect(round(Object.values(draft.adjustments).reduce((sum, n) => sum + n, 0))).toBe(draft.totalTax);
    expect(draft.lines.map((line) => line.taxCode)).toEqual([...draft.lines.map((line) => line.taxCode)].sort());
    for (const line of draft.lines.filter((l) => l.rate > 0)) {
      expect(line.taxType).toMatch(/^(sales|service)$/);
      // Each code's tax is its rate of its taxable amount, give or take the documents' per-line rounding.
      expect(Math.abs(line.taxAmount - (line.taxableAmount * line.rate) / 100)).toBeLessThan(0.05 * draft.lines.length + 1);
    }
    expect(draft.amountDue).toBe(draft.totalTax);
  });

  it('counts a credit note in the period it is dated, giving its tax back', async () => {
    const before = await acs.taxReturns.preview({ periodFrom: '2026-11-01', periodTo: '2026-11-20' });
    const invoice = (await acs.invoices.list({ status: 'paid', limit: 100 })).data.find((i) => i.totalTax > 0)!;
    const note = await acs.creditNotes.create(invoice.id, { reason: 'Returned in full' });
    const after = await acs.taxReturns.preview({ periodFrom: '2026-11-01', periodTo: '2026-11-20' });
    expect(round(after.adjustments.creditNotes - before.adjustments.creditNotes)).toBe(-round(note.totalTax * invoice.exchangeRate));
    expect(round(after.totalTax - before.totalTax)).toBe(-round(note.totalTax * invoice.exchangeRate));
  });

  it('refuses a period that ends before it starts, or after today', async () => {
    expect(await failureOf(acs.taxReturns.preview({ periodFrom: '2026-10-31', periodTo: '2026-09-01' }))).toBeInstanceOf(ValidationError);
    const late = await failureOf(acs.taxReturns.create({ periodFrom: '2026-11-01', periodTo: '2026-12-31' }));
    expect(late).toMatchObject({ status: 422, code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'periodTo' })] });
    expect((await acs.taxReturns.list()).data).toEqual([]);
  });
});

describe('filing a tax return', () => {
  it('keeps its figures, numbers it, and locks the period for tax: a document dated in it is refused', async () => {
    const draft = await acs.taxReturns.preview(PERIOD);
    const filed = await acs.taxReturns.create(PERIOD);
    expect(filed).toMatchObject({
      ...draft,
      id: expect.any(String),
      returnNumber: 'TR-000001',
      status: 'filed',
      filedAt: expect.any(String),
      filedBy: expect.any(String),
    });
    expect(await acs.taxReturns.retrieve(filed.id!)).toEqual(filed);
    expect((await acs.taxReturns.list()).data.map((r) => r.id)).toEqual([filed.id]);

    const customer = (await acs.customers.list({ limit: 1 })).data[0];
    const late = await acs.invoices.create({
      customerId: customer.id,
      invoiceDate: '2026-10-15',
      items: [{ description: 'Found in a drawer', quantity: 1, unitPrice: 100, taxCode: 'SVC8' }],
    });
    const refused = await failureOf(acs.invoices.send(late.id));
    expect(refused).toMatchObject({
      status: 422,
      code: 'PERIOD_LOCKED',
      details: [expect.objectContaining({ lock: 'taxReturn', lockDate: '2026-10-31' })],
    });
    expect((await acs.invoices.retrieve(late.id)).status).toBe('draft');
    // Without tax, the same document moves nothing the return reported, so it posts.
    const untaxed = await acs.invoices.create({
      customerId: customer.id,
      invoiceDate: '2026-10-15',
      items: [{ description: 'Exported', quantity: 1, unitPrice: 100, taxCode: 'ZR' }],
    });
    expect((await acs.invoices.send(untaxed.id)).journalEntryId).toEqual(expect.any(String));
    expect(await acs.taxReturns.preview(PERIOD)).toMatchObject({ totalTax: filed.totalTax });
  });

  it("files periods one after another, each the company's tax period long: the next starts the day after the last", async () => {
    await acs.taxReturns.create(PERIOD);
    const gap = await failureOf(acs.taxReturns.create({ periodFrom: '2026-11-05', periodTo: '2026-11-19' }));
    expect(gap).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'periodFrom', constraint: { equals: '2026-11-01' } })],
    });
    mock.clock.advance({ days: 45 });
    // SST's two months by default (ACC-40): November alone is not a taxable period.
    const short = await failureOf(acs.taxReturns.create({ periodFrom: '2026-11-01', periodTo: '2026-11-30' }));
    expect(short).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'periodTo', constraint: { equals: '2026-12-31' } })],
    });
    expect((await acs.taxReturns.create({ periodFrom: '2026-11-01', periodTo: '2026-12-31' })).returnNumber).toBe('TR-000002');
  });

  it('answers TAX_RETURN_NOT_FOUND for an unknown id', async () => {
    const error = await failureOf(acs.taxReturns.retrieve('txr_missing'));
    expect(error).toBeInstanceOf(NotFoundError);
    expect(error).toMatchObject({ code: 'TAX_RETURN_NOT_FOUND' });
  });
});

describe('paying a tax return', () => {
  it('posts Dr tax payable / Cr the bank, in parts, until nothing is due; more is refused and changes nothing', async () => {
    const filed = await acs.taxReturns.create(PERIOD);
    const bank = await accountByNumber(acs, '1120');
    const payableBefore = await taxPayableOn('2026-11-20');
    const part = round(filed.amountDue / 2);
    const once = await acs.taxReturns.pay(filed.id!, { amount: part, paymentDate: '2026-11-15', reference: 'SST-02 2026/05' });
    expect(once).toMatchObject({ status: 'filed', amountPaid: part, amountDue: round(filed.totalTax - part) });
    const entry = await acs.journalEntries.retrieve(once.payments[0].journalEntryId);
    expect(entry).toMatchObject({ date: '2026-11-15', status: 'posted', source: { type: 'tax_payment', id: once.payments[0].id } });
    expect(entry.lines.map((l) => [l.accountNumber, l.debit, l.credit])).toEqual([
      ['2120', part, 0],
      [bank.accountNumber, 0, part],
    ]);
    expect(await taxPayableOn('2026-11-20')).toBe(round(payableBefore - part));

    const over = await failureOf(acs.taxReturns.pay(filed.id!, { amount: once.amountDue + 0.01 }));
    expect(over).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field: 'amount', code: 'MAX_VALUE' })] });
    const paid = await acs.taxReturns.pay(filed.id!, { amount: once.amountDue });
    expect(paid).toMatchObject({ status: 'paid', amountDue: 0, amountPaid: filed.totalTax });
    // Filed once, paid once: a webhook subscriber hears both (ACC-35).
    const events = mock.events.history.filter((e) => e.event.startsWith('tax_return.'));
    expect(events.map((e) => [e.event, (e.data as { id: string }).id])).toEqual([
      ['tax_return.filed', filed.id],
      ['tax_return.paid', filed.id],
    ]);
    expect(paid.payments).toHaveLength(2);
    expect(await failureOf(acs.taxReturns.pay(filed.id!, { amount: 1 }))).toBeInstanceOf(BusinessRuleError);
    // The payments are not part of any return: the period's figures stay what was filed.
    expect((await acs.taxReturns.preview(PERIOD)).totalTax).toBe(filed.totalTax);
  });
});
