import { beforeEach, describe, expect, it } from 'vitest';
import type { AgedReceivablesReport } from '../../../src/index.js';
import { reportOfType } from '../../../mock-server/domain/reports/index.js';
import { readPdf, readWorkbook, shownMoney } from '../../support/report-files.js';
import { failureOf, sandbox } from '../../support/sandbox.js';

// REP-39 to REP-42: aged receivables in the spec's shape (document 3, "Reports"), its total the receivables
// control account (1130) on any date, whatever the documents did to it.

const { mock, acs } = sandbox();
let serial = 0;

beforeEach(() => {
  mock.reset();
});

const newCustomer = (fields: { paymentTerms?: number; creditLimit?: number; currency?: string } = {}) =>
  acs.customers.create({ name: `Debtor ${++serial} Sdn Bhd`, email: `debtor${serial}@aged.my`, ...fields });

/** A sent invoice of one untaxed line. */
async function sentInvoice(
  customerId: string,
  invoiceDate: string,
  amount: number,
  extra: { currency?: string; exchangeRate?: number } = {},
) {
  const draft = await acs.invoices.create({
    customerId,
    invoiceDate,
    ...extra,
    items: [{ description: `Work ${++serial}`, quantity: 1, unitPrice: amount, taxCode: 'NT' }],
  });
  return acs.invoices.send(draft.id, {});
}

/** The receivables control account's balance on a date, by the trial balance. */
async function receivablesOn(asOfDate: string): Promise<number> {
  const row = (await acs.reports.trialBalance({ asOfDate })).accounts.find((a) => a.accountCode === '1130');
  return row ? Math.round((row.debit - row.credit) * 100) / 100 : 0;
}

const cents = (values: number[]) => Math.round(values.reduce((a, b) => a + b * 100, 0)) / 100;
const rowOf = (report: AgedReceivablesReport, customerId: string) => report.customers.find((c) => c.customerId === customerId);

describe('aged receivables', () => {
  it('totals the receivables control account on every date: foreign currency, part payments, voids, credit applied and refunded, debit notes, a cancellation', async () => {
    const local = await newCustomer({ paymentTerms: 30 });
    const dollar = await newCustomer({ currency: 'USD' });
    const first = await sentInvoice(local.id, '2026-06-10', 1000);
    await acs.invoices.payments.create(first.id, { amount: 400, paymentDate: '2026-07-01' });
    const paidOff = await sentInvoice(local.id, '2026-08-05', 200);
    await acs.invoices.payments.create(paidOff.id, { amount: 200, paymentDate: '2026-08-10' });
    // Credit on a paid invoice is all unapplied: 150 goes to the first invoice, 30 is refunded, 20 stays.
    const credit = await acs.creditNotes.create(paidOff.id, { reason: 'Returned', creditNoteDate: '2026-08-20' });
    await acs.creditNotes.allocations.create(credit.id, { invoiceId: first.id, amount: 150, allocationDate: '2026-09-01' });
    await acs.creditNotes.refunds.create(credit.id, { amount: 30, refundDate: '2026-09-05' });
    await acs.debitNotes.create(first.id, {
      reason: 'Extra delivery',
      debitNoteDate: '2026-09-10',
      items: [{ description: 'Delivery', quantity: 1, unitPrice: 80, taxCode: 'NT' }],
    });
    const bounced = await acs.invoices.payments.create(first.id, { amount: 100, paymentDate: '2026-09-15' });
    await acs.invoices.payments.void(first.id, bounced.id, { reason: 'Cheque bounced', voidDate: '2026-10-01' });
    const cancelled = await sentInvoice(local.id, '2026-10-01', 300);
    await acs.invoices.cancel(cancelled.id, { reason: 'Raised in error', cancelDate: '2026-10-20' });
    const usd = await sentInvoice(dollar.id, '2026-08-01', 1000, { currency: 'USD', exchangeRate: 4.3 });
    await acs.invoices.payments.create(usd.id, { amount: 400, exchangeRate: 4.45, paymentDate: '2026-09-01' });

    for (const asOfDate of [
      '2026-06-09',
      '2026-06-30',
      '2026-08-15',
      '2026-08-25',
      '2026-09-03',
      '2026-09-12',
      '2026-09-20',
      '2026-10-10',
      '2026-10-25',
      mock.today(),
    ]) {
      const report = await acs.reports.agedReceivables({ asOfDate });
      const control = await receivablesOn(asOfDate);
      expect(report.summary.totalOutstanding, asOfDate).toBe(control);
      expect(cents(report.customers.map((c) => c.totalOwing)), asOfDate).toBe(control);
      expect(cents(report.agingPeriods.map((p) => p.amount)), asOfDate).toBe(control);
      for (const c of report.customers) expect(cents([c.current, c.days31to60, c.days61to90, c.over90days])).toBe(c.totalOwing);
    }

    const today = await acs.reports.agedReceivables();
    // 1000 - 400 paid - 150 credit applied + 80 debited (the void gave back its 100); less the 20 of credit left.
    expect(rowOf(today, local.id)).toMatchObject({ totalOwing: 510, over90days: 510, current: 0 });
    // USD 600 still due at the invoice's rate, 4.30: the payment's better rate went to exchange gain.
    expect(rowOf(today, dollar.id)).toMatchObject({ totalOwing: 2580, days61to90: 0, over90days: 2580 });
    const midSeptember = await acs.reports.agedReceivables({ asOfDate: '2026-09-20' });
    // The bounced cheque was still standing; the credit note's 20 is aged from its date, 20 August.
    expect(rowOf(midSeptember, local.id)).toMatchObject({ totalOwing: 410, current: 0, days31to60: -20, over90days: 430 });
    const beforeCancel = await acs.reports.agedReceivables({ asOfDate: '2026-10-10' });
    // Before its cancellation the 300 invoice was owed; the voided cheque's 100 is owed again.
    expect(rowOf(beforeCancel, local.id)).toMatchObject({ totalOwing: 810, current: 300, days31to60: -20, over90days: 530 });
  });

  it('ages by invoice date by default and by due date when asked, and moves items into older periods as the clock runs', async () => {
    const customer = await newCustomer({ paymentTerms: 45 });
    const invoice = await sentInvoice(customer.id, addDaysTo(mock.today(), -40), 700);
    const byInvoiceDate = await acs.reports.agedReceivables({ customerId: customer.id });
    expect(byInvoiceDate.customers).toEqual([
      expect.objectContaining({ customerId: customer.id, current: 0, days31to60: 700, totalOwing: 700 }),
    ]);
    expect(byInvoiceDate.agingPeriods.map((p) => [p.periodName, p.fromDays, p.toDays, p.amount, p.percentage])).toEqual([
      ['0-30 days', 0, 30, 0, 0],
      ['31-60 days', 31, 60, 700, 100],
      ['61-90 days', 61, 90, 0, 0],
      ['Over 90 days', 91, null, 0, 0],
    ]);
    // Due in 5 days: not yet due counts as 0-30.
    expect(invoice.dueDate).toBe(addDaysTo(mock.today(), 5));
    const byDueDate = await acs.reports.agedReceivables({ customerId: customer.id, agingBasis: 'due-date' });
    expect(byDueDate.customers[0]).toMatchObject({ current: 700, days31to60: 0 });
    mock.clock.advance({ days: 21 });
    expect((await acs.reports.agedReceivables({ customerId: customer.id })).customers[0]).toMatchObject({ days31to60: 0, days61to90: 700 });
  });

  it("gives each customer's credit limit and use and last payment, and the collection figures over the last 90 days", async () => {
    const customer = await newCustomer({ creditLimit: 1000 });
    const today = mock.today();
    const early = await sentInvoice(customer.id, addDaysTo(today, -40), 1000);
    await acs.invoices.payments.create(early.id, { amount: 1000, paymentDate: addDaysTo(today, -30) });
    const late = await sentInvoice(customer.id, addDaysTo(today, -20), 500);
    await acs.invoices.payments.create(late.id, { amount: 300, paymentDate: addDaysTo(today, -5) });
    const report = await acs.reports.agedReceivables({ customerId: customer.id });
    expect(report.customers).toEqual([
      {
        customerId: customer.id,
        customerName: customer.name,
        totalOwing: 200,
        current: 200,
        days31to60: 0,
        days61to90: 0,
        over90days: 0,
        creditLimit: 1000,
        creditUtilization: 20,
        lastPaymentDate: addDaysTo(today, -5),
        lastPaymentAmount: 300,
      },
    ]);
    // (1000 x 10 days + 300 x 15 days) / 1300; collected 1300 of 0 owed at the start + 1500 invoiced.
    expect(report.summary).toEqual({ totalOutstanding: 200, totalCustomers: 1, averageDaysToCollect: 11.15, collectionEfficiency: 86.67 });
    const before = await acs.reports.agedReceivables({ customerId: customer.id, asOfDate: addDaysTo(today, -45) });
    expect(before).toMatchObject({
      customers: [],
      summary: { totalOutstanding: 0, totalCustomers: 0, averageDaysToCollect: null, collectionEfficiency: null },
    });
  });

  it('is recomputed when a payment changes what is owed, and lays out a bar chart of the periods', async () => {
    const customer = await newCustomer();
    const invoice = await sentInvoice(customer.id, mock.today(), 250);
    const first = await acs.reports.agedReceivables().withResponse();
    expect((await acs.reports.agedReceivables().withResponse()).response.headers.get('x-report-cache')).toBe('HIT');
    await acs.invoices.payments.create(invoice.id, { amount: 100 });
    const after = await acs.reports.agedReceivables().withResponse();
    expect(after.response.headers.get('x-report-cache')).toBe('MISS');
    expect(after.data.summary.totalOutstanding).toBe(cents([first.data.summary.totalOutstanding, -100]));
    const layout = reportOfType('aged-receivables')!.layout(after.data, {});
    expect(layout.chart).toEqual({
      title: 'Receivables by age',
      labels: ['0-30 days', '31-60 days', '61-90 days', 'Over 90 days'],
      values: after.data.agingPeriods.map((p) => p.amount),
    });
  });

  it('downloads as CSV: a row per customer and the totals', async () => {
    const json = await acs.reports.agedReceivables();
    const file = await acs.reports.agedReceivables.download({ format: 'csv' });
    expect(file.filename).toBe(`aged-receivables-${mock.today()}.csv`);
    const lines = file
      .text()
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Customer,0-30 days,31-60 days,61-90 days,Over 90 days,Total owing,Credit limit,Credit used,Last payment,Last amount',
    );
    expect(lines).toHaveLength(json.customers.length + 2);
    expect(lines.at(-1)).toBe(
      `Total,${json.agingPeriods.map((p) => p.amount.toFixed(2)).join(',')},${json.summary.totalOutstanding.toFixed(2)},,,,`,
    );
  });

  it('renders a PDF with the bar chart of the periods and the customers, and a workbook of typed cells, with the figures of the JSON form', async () => {
    const json = await acs.reports.agedReceivables();
    const pdf = await readPdf((await acs.reports.agedReceivables.download({ format: 'pdf' })).data);
    const text = pdf.pages.join('\n');
    expect(text).toContain('Aged receivables');
    expect(text).toContain('Receivables by age');
    for (const period of json.agingPeriods) expect(text).toContain(period.periodName);
    for (const customer of json.customers)
      expect(text).toContain(`${customer.customerName} ${shownMoney(customer.current)} ${shownMoney(customer.days31to60)}`);
    const workbook = await readWorkbook((await acs.reports.agedReceivables.download({ format: 'excel' })).data);
    const sheet = workbook.worksheets[0]!;
    const { ySplit } = sheet.views[0] as { ySplit: number };
    json.customers.forEach((customer, index) => {
      const row = sheet.getRow(ySplit + 1 + index);
      expect([row.getCell(1).value, row.getCell(2).value, row.getCell(6).value]).toEqual([
        customer.customerName,
        customer.current,
        customer.totalOwing,
      ]);
      expect(row.getCell(6).numFmt).toBe('#,##0.00');
    });
    expect(sheet.getRow(ySplit + 1 + json.customers.length).getCell(6).value).toBe(json.summary.totalOutstanding);
  });

  it('refuses an unknown customer or aging basis with 400 INVALID_PARAMETERS', async () => {
    expect(await failureOf(acs.reports.agedReceivables({ customerId: 'cus_nobody' }))).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETERS',
      details: [expect.objectContaining({ field: 'customerId' })],
    });
    expect(await failureOf(acs.reports.agedReceivables({ agingBasis: 'posting-date' as 'due-date' }))).toMatchObject({
      status: 400,
      code: 'INVALID_PARAMETERS',
    });
    expect(await failureOf(acs.reports.agedReceivables({ format: 'xml' as 'json' }))).toMatchObject({
      status: 400,
      code: 'FORMAT_NOT_SUPPORTED',
    });
  });
});

function addDaysTo(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
