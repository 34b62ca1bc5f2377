import { beforeEach, describe, expect, it } from 'vitest';
import { BusinessRuleError, NotFoundError, UnprocessableEntityError, ValidationError } from '../../../src/index.js';
import { accountByNumber, failureOf, sandbox } from '../../support/sandbox.js';

// Currency revaluations (ACC-37, ACC-38) and the P&L's realised and unrealised lines (REP-97), on the demo books
// at the end of October: a USD invoice at 4.40, part paid into the USD bank, and a USD bill at 4.45.
const { mock, acs } = sandbox({ seed: 'demo', now: '2026-10-31T09:00:00Z' });
const DATE = '2026-10-31';

beforeEach(() => {
  mock.reset();
});

const round = (n: number) => Math.round(n * 100) / 100;

/** An account's debit-normal balance on a date, from the trial balance. */
const balanceOn = async (accountCode: string, asOfDate: string) => {
  const row = (await acs.reports.trialBalance({ asOfDate })).accounts.find((r) => r.accountCode === accountCode);
  return row ? round(row.debit - row.credit) : 0;
};

/** USD 324 invoiced at 4.40 with USD 100 of it paid into the USD bank at 4.40; USD 500 billed at 4.45. */
async function usdBooks() {
  const customer = await acs.customers.create({ name: 'Harbour Exports LLC', email: 'ap@harbour.example' });
  const draft = await acs.invoices.create({
    customerId: customer.id,
    invoiceDate: '2026-10-10',
    currency: 'USD',
    exchangeRate: 4.4,
    items: [{ description: 'Consulting', quantity: 2, unitPrice: 150, taxCode: 'SVC8' }],
  });
  const invoice = await acs.invoices.send(draft.id);
  const usdBank = await accountByNumber(acs, '1125');
  await acs.invoices.payments.create(invoice.id, { amount: 100, paymentDate: '2026-10-20', accountId: usdBank.id });
  const [supplier] = (await acs.suppliers.list({ search: 'Shenzhen' })).data;
  const bill = await acs.bills.create({
    supplierId: supplier.id,
    supplierInvoiceNumber: 'SZ-1031',
    billDate: '2026-10-15',
    exchangeRate: 4.45,
    items: [{ description: 'Sample chairs', quantity: 1, unitPrice: 500, accountCode: '6500' }],
  });
  await acs.bills.approve(bill.id);
  return { invoice, bill, usdBank };
}

describe('a currency revaluation', () => {
  it('restates each open USD invoice, bill and the USD bank at the date, and reverses them the next day', async () => {
    const { invoice, bill } = await usdBooks();
    const before = { ar: await balanceOn('1130', DATE), ap: await balanceOn('2110', DATE), bank: await balanceOn('1125', DATE) };
    const run = await acs.currencyRevaluations.create({ date: DATE, rates: { USD: 4.5 } });

    expect(run).toMatchObject({ revaluationNumber: 'FXR-000001', date: DATE, reversalDate: '2026-11-01', currency: 'MYR' });
    expect(run.rates).toEqual([{ currency: 'USD', rate: 4.5, source: 'request', rateDate: null }]);
    expect(run.lines).toEqual([
      expect.objectContaining({ kind: 'invoice', documentId: invoice.id, openAmount: 224, historicalRate: 4.4, historicalAmount: 985.6 }),
      expect.objectContaining({ kind: 'bill', documentId: bill.id, openAmount: 500, historicalRate: 4.45, historicalAmount: 2225 }),
      expect.objectContaining({ kind: 'account', documentNumber: '1125', currency: 'USD', openAmount: 100, historicalAmount: 440 }),
    ]);
    const [onInvoice, onBill, onBank] = run.lines;
    expect(onInvoice).toMatchObject({ newRate: 4.5, revaluedAmount: 1008, difference: 22.4, gainLoss: 22.4 });
    // More owed to the supplier is a loss.
    expect(onBill).toMatchObject({ revaluedAmount: 2250, difference: 25, gainLoss: -25 });
    expect(onBank).toMatchObject({ revaluedAmount: 450, difference: 10, gainLoss: 10 });
    expect(run.totals).toEqual({ receivables: 22.4, payables: 25, accounts: 10, gainLoss: 7.4 });

    expect(await balanceOn('1130', DATE)).toBe(round(before.ar + 22.4));
    expect(await balanceOn('2110', DATE)).toBe(round(before.ap - 25));
    expect(await balanceOn('1125', DATE)).toBe(round(before.bank + 10));
    expect(await balanceOn('4930', DATE)).toBe(-7.4);
    // The next day the books are back at the documents' own rates.
    expect(await balanceOn('1130', '2026-11-01')).toBe(before.ar);
    expect(await balanceOn('2110', '2026-11-01')).toBe(before.ap);
    expect(await balanceOn('1125', '2026-11-01')).toBe(before.bank);
    expect(await balanceOn('4930', '2026-11-01')).toBe(0);
  });

  it('posts one balanced entry from the run and a second, swapped, on the next day', async () => {
    await usdBooks();
    const run = await acs.currencyRevaluations.create({ date: DATE, rates: { USD: 4.5 } });
    const [entry, reversal] = await Promise.all(
      [run.journalEntryId, run.reversalJournalEntryId].map((id) => acs.journalEntries.retrieve(id)),
    );
    const source = { type: 'currency_revaluation', id: run.id };
    expect(entry).toMatchObject({ date: DATE, status: 'posted', source, totalDebit: entry.totalCredit });
    expect(reversal).toMatchObject({ date: '2026-11-01', status: 'posted', source, totalDebit: entry.totalCredit });
    const net = (lines: typeof entry.lines) => Object.fromEntries(lines.map((l) => [l.accountNumber, round(l.debit - l.credit)]));
    expect(net(entry.lines)).toEqual({ '1130': 22.4, '2110': -25, '1125': 10, '4930': -7.4 });
    expect(net(reversal.lines)).toEqual({ '1130': -22.4, '2110': 25, '1125': -10, '4930': 7.4 });
  });

  it("shows October's unrealised gain apart from the realised exchange line, and November's reversal", async () => {
    const { invoice } = await usdBooks();
    // A payment at its own rate is realised: 50 USD at 4.46 against 4.40.
    await acs.invoices.payments.create(invoice.id, { amount: 50, paymentDate: '2026-10-25', exchangeRate: 4.46 });
    await acs.currencyRevaluations.create({ date: DATE, rates: { USD: 4.5 } });
    const other = async (fromDate: string, toDate: string) =>
      Object.fromEntries(
        (await acs.reports.profitLoss({ fromDate, toDate })).sections.otherIncome.accounts.map((a) => [a.accountCode, a.amount]),
      );
    const october = await other('2026-10-01', '2026-10-31');
    expect(october['4920']).toBe(3);
    // The open invoice is now USD 174: (4.50 - 4.40) x 174 = 17.40, less 25 on the bill, plus 10 on the bank.
    expect(october['4930']).toBe(2.4);
    expect((await other('2026-11-01', '2026-11-30'))['4930']).toBe(-2.4);
  });

  it('lists and retrieves the runs, latest date first, and announces each', async () => {
    await usdBooks();
    const first = await acs.currencyRevaluations.create({ date: '2026-10-20', rates: { USD: 4.42 } });
    const second = await acs.currencyRevaluations.create({ date: DATE, rates: { USD: 4.5 } });
    expect((await acs.currencyRevaluations.list()).data.map((r) => r.id)).toEqual([second.id, first.id]);
    expect(await acs.currencyRevaluations.retrieve(first.id)).toEqual(first);
    expect(mock.events.history.filter((e) => e.event === 'currency_revaluation.created')).toHaveLength(2);
    expect(await failureOf(acs.currencyRevaluations.retrieve('fxr_missing'))).toMatchObject({
      constructor: NotFoundError,
      code: 'CURRENCY_REVALUATION_NOT_FOUND',
    });
  });
});

describe("a currency revaluation without the call's rates (ACC-42)", () => {
  it("takes the exchange-rate table's latest rate on or before the date, and says so", async () => {
    const { invoice } = await usdBooks();
    await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-15', rate: 4.42 });
    await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-28', rate: 4.5 });
    // A rate dated after the run's date is not its rate.
    await acs.exchangeRates.set({ currency: 'USD', date: '2026-11-02', rate: 4.8 });
    const run = await acs.currencyRevaluations.create({ date: DATE });
    expect(run.rates).toEqual([{ currency: 'USD', rate: 4.5, source: 'table', rateDate: '2026-10-28' }]);
    expect(run.lines[0]).toMatchObject({ documentId: invoice.id, newRate: 4.5, revaluedAmount: 1008, difference: 22.4 });
    // The same books and rate as the call's 4.50 above, so the same totals.
    expect(run.totals).toEqual({ receivables: 22.4, payables: 25, accounts: 10, gainLoss: 7.4 });
    expect(await balanceOn('4930', DATE)).toBe(-7.4);
  });

  it("a rate in the call wins over the table's", async () => {
    await usdBooks();
    await acs.exchangeRates.set({ currency: 'USD', date: '2026-10-31', rate: 4.5 });
    const run = await acs.currencyRevaluations.create({ date: DATE, rates: { USD: 4.46 } });
    expect(run.rates).toEqual([{ currency: 'USD', rate: 4.46, source: 'request', rateDate: null }]);
  });

  it('a currency with no rate in the call nor in the table on or before the date is refused, naming it, changing nothing', async () => {
    await usdBooks();
    await acs.exchangeRates.set({ currency: 'EUR', date: '2026-10-31', rate: 4.9 });
    await acs.exchangeRates.set({ currency: 'USD', date: '2026-11-02', rate: 4.8 });
    const failure = await failureOf(acs.currencyRevaluations.create({ date: DATE }));
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure).toMatchObject({ details: [expect.objectContaining({ field: 'rates.USD', code: 'REQUIRED_FIELD' })] });
    expect((failure as ValidationError).details[0]?.message).toContain('USD');
    expect((await acs.currencyRevaluations.list()).data).toEqual([]);
    expect(await balanceOn('4930', DATE)).toBe(0);
  });
});

describe("a currency revaluation is its company's own", () => {
  it("the key's other company neither lists nor finds it: 404, as for an unknown id", async () => {
    await usdBooks();
    const run = await acs.currencyRevaluations.create({ date: DATE, rates: { USD: 4.5 } });
    const [, other] = mock.credentials.companies;
    const bakery = acs.withCompany(other!.id);
    expect((await bakery.currencyRevaluations.list()).data).toEqual([]);
    expect(await failureOf(bakery.currencyRevaluations.retrieve(run.id))).toMatchObject({
      status: 404,
      code: 'CURRENCY_REVALUATION_NOT_FOUND',
    });
  });
});

describe('a currency revaluation refuses, changing nothing', () => {
  it('a currency held without a rate, naming the rate it needs', async () => {
    await usdBooks();
    const failure = await failureOf(acs.currencyRevaluations.create({ date: DATE, rates: { EUR: 5 } }));
    expect(failure).toBeInstanceOf(ValidationError);
    expect(failure).toMatchObject({ details: [expect.objectContaining({ field: 'rates.USD', code: 'REQUIRED_FIELD' })] });
    expect((await acs.currencyRevaluations.list()).data).toEqual([]);
  });

  it('books with nothing foreign, and a second run for a date', async () => {
    expect(await failureOf(acs.currencyRevaluations.create({ date: DATE, rates: { USD: 4.5 } }))).toBeInstanceOf(BusinessRuleError);
    await usdBooks();
    await acs.currencyRevaluations.create({ date: DATE, rates: { USD: 4.5 } });
    const again = await failureOf(acs.currencyRevaluations.create({ date: DATE, rates: { USD: 4.6 } }));
    expect(again).toBeInstanceOf(BusinessRuleError);
    expect((again as Error).message).toContain('FXR-000001');
  });

  it('a foreign settlement dated after the date, naming it', async () => {
    const { invoice } = await usdBooks();
    const payment = await acs.invoices.payments.create(invoice.id, { amount: 24, paymentDate: '2026-10-28' });
    const failure = await failureOf(acs.currencyRevaluations.create({ date: '2026-10-27', rates: { USD: 4.5 } }));
    expect(failure).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [expect.objectContaining({ field: 'date', code: 'DATE_CONSTRAINT' })],
    });
    expect(JSON.stringify((failure as ValidationError).details)).toContain(payment.paymentNumber);
  });

  it('a date on or before the lock date', async () => {
    await usdBooks();
    await acs.company.update({ lockDate: DATE });
    const failure = await failureOf(acs.currencyRevaluations.create({ date: DATE, rates: { USD: 4.5 } }));
    expect(failure).toBeInstanceOf(UnprocessableEntityError);
    expect(failure).toMatchObject({ code: 'PERIOD_LOCKED' });
    expect((await acs.currencyRevaluations.list()).data).toEqual([]);
    expect(await balanceOn('4930', '2026-12-31')).toBe(0);
  });

  it('a date after today', async () => {
    await usdBooks();
    expect(await failureOf(acs.currencyRevaluations.create({ date: '2026-11-01', rates: { USD: 4.5 } }))).toBeInstanceOf(ValidationError);
  });
});
