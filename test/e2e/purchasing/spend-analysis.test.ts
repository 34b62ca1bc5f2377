import { beforeEach, describe, expect, it } from 'vitest';
import type { AcsClient } from '../../../src/index.js';
import { sandbox } from '../../support/sandbox.js';

// The spend analysis as the ledger counts purchases (decision PUR-60): bills less supplier credit notes, with supplier
// debit notes, each on its own date, on the demo books with the clock pinned.
const { mock, acs } = sandbox({ now: '2026-11-20T09:00:00Z' });

beforeEach(() => {
  mock.reset();
});

const round = (n: number) => Math.round(n * 100) / 100;
const OCTOBER = { fromDate: '2026-10-01', toDate: '2026-10-31' };
const NOVEMBER = { fromDate: '2026-11-01', toDate: '2026-11-20' };
const BOTH = { fromDate: '2026-10-01', toDate: '2026-11-20' };
type Period = typeof OCTOBER;

/** The P&L's expense accounts over a period, by account number (debit-normal movement). */
async function expensesOf(client: AcsClient, period: Period): Promise<Record<string, number>> {
  const { sections } = await client.reports.profitLoss(period);
  const accounts = [...sections.costOfSales.accounts, ...sections.operatingExpenses.accounts, ...sections.otherExpenses.accounts];
  return Object.fromEntries(accounts.map((a) => [a.accountCode, a.amount]));
}

/** What the period's P&L moved by on each account since `before`, the accounts that moved only. */
function movedSince(before: Record<string, number>, after: Record<string, number>): Record<string, number> {
  const moved = Object.keys({ ...before, ...after }).map((code) => [code, round((after[code] ?? 0) - (before[code] ?? 0))] as const);
  return Object.fromEntries(moved.filter(([, amount]) => amount !== 0));
}

const spendByAccount = async (supplierId: string, period: Period) => {
  const spend = await acs.reports.purchasing.spendAnalysis({ ...period, supplierId });
  return Object.fromEntries(spend.byAccount.filter((a) => a.amount !== 0).map((a) => [a.key, a.amount]));
};

type BillCreate = Parameters<typeof acs.bills.create>[0];

/** A new supplier (`currency` default the company's) and its bill, approved. */
async function approvedBill(supplier: { name: string; currency?: string }, bill: Omit<BillCreate, 'supplierId'>) {
  const created = await acs.suppliers.create(supplier);
  const draft = await acs.bills.create({ supplierId: created.id, ...bill });
  return { supplier: created, bill: await acs.bills.approve(draft.id) };
}

/** A supplier credit note for one unit of the bill's first line. */
const creditOneOfFirstLine = (bill: { id: string; items: { id: string }[] }, creditNoteDate: string, reason: string) =>
  acs.supplierCreditNotes.create(bill.id, { creditNoteDate, reason, items: [{ billLineId: bill.items[0]!.id, quantity: 1 }] });

/**
 * An office-supplies supplier's October bill, 4 courier runs at 50 to 6900 under SVC8 (service tax the company does not
 * recover, so it is part of the cost: PUR-55) and a 120 toner to 6500; in November a credit note for one courier run
 * (54 with its tax) and a debit note for a 30 fuel surcharge with no tax.
 */
async function billCreditAndDebit() {
  const { supplier, bill } = await approvedBill(
    { name: 'Kedai Alat Tulis Murni' },
    {
      supplierInvoiceNumber: 'KATM-1015',
      billDate: '2026-10-15',
      items: [
        { description: 'Courier run', quantity: 4, unitPrice: 50, accountCode: '6900', taxCode: 'SVC8' },
        { description: 'Toner', quantity: 1, unitPrice: 120, accountCode: '6500', taxCode: null },
      ],
    },
  );
  const credit = await creditOneOfFirstLine(bill, '2026-11-05', 'One run not made');
  const debit = await acs.supplierDebitNotes.create(bill.id, {
    debitNoteDate: '2026-11-10',
    reason: 'Fuel surcharge',
    items: [{ description: 'Fuel surcharge', quantity: 1, unitPrice: 30, accountCode: '6900', taxCode: null }],
  });
  return { supplier, bill, credit, debit };
}

describe('the spend analysis, as the ledger counts purchases (PUR-60)', () => {
  it('agrees with the P&L account by account for a period holding a bill, a credit note and a debit note, and each of its months', async () => {
    const before = {
      october: await expensesOf(acs, OCTOBER),
      november: await expensesOf(acs, NOVEMBER),
      both: await expensesOf(acs, BOTH),
    };
    const { supplier } = await billCreditAndDebit();
    const ledger = {
      october: movedSince(before.october, await expensesOf(acs, OCTOBER)),
      november: movedSince(before.november, await expensesOf(acs, NOVEMBER)),
      both: movedSince(before.both, await expensesOf(acs, BOTH)),
    };
    // October holds the bill with its tax: 4 x 50 + 8% on 6900, 120 on 6500.
    expect(ledger.october).toEqual({ '6900': 216, '6500': 120 });
    // November holds the credit (one run, 54) and the surcharge (30), each on its own date.
    expect(ledger.november).toEqual({ '6900': -24 });
    expect(ledger.both).toEqual({ '6900': 192, '6500': 120 });
    expect(await spendByAccount(supplier.id, OCTOBER)).toEqual(ledger.october);
    expect(await spendByAccount(supplier.id, NOVEMBER)).toEqual(ledger.november);
    expect(await spendByAccount(supplier.id, BOTH)).toEqual(ledger.both);
  });

  it('nets the supplier and the month of each note, and counts the bill once for its notes', async () => {
    const { supplier, bill } = await billCreditAndDebit();
    const spend = await acs.reports.purchasing.spendAnalysis({ ...BOTH, supplierId: supplier.id });
    expect(spend.total).toBe(312);
    expect(spend.bySupplier).toEqual([{ key: supplier.id, name: supplier.name, amount: 312, billCount: 1 }]);
    expect(spend.byMonth).toEqual([
      { key: '2026-10', name: '2026-10', amount: 336, billCount: 1 },
      { key: '2026-11', name: '2026-11', amount: -24, billCount: 1 },
    ]);
    expect(spend.byCategory).toEqual([{ key: 'uncategorised', name: 'Uncategorised', amount: 312, billCount: 1 }]);
    // The bill's own figures are what the bill says: the notes change the spend, not the bill's total.
    expect(bill.total).toBe(336);
  });

  it("the reports module's purchase analysis is the same figures, and a note dated in it changes them", async () => {
    const { supplier, bill } = await approvedBill(
      { name: 'Kedai Kopi Pejabat' },
      {
        supplierInvoiceNumber: 'KKP-3',
        billDate: '2026-11-02',
        items: [{ description: 'Coffee beans', quantity: 2, unitPrice: 45, accountCode: '6500', taxCode: null }],
      },
    );
    const analysis = () => acs.reports.purchaseAnalysis({ ...NOVEMBER, supplierId: supplier.id });
    expect((await analysis()).total).toBe(90);
    await creditOneOfFirstLine(bill, '2026-11-06', 'One bag short');
    await acs.supplierDebitNotes.create(bill.id, {
      debitNoteDate: '2026-11-07',
      reason: 'Delivery',
      items: [{ description: 'Delivery', quantity: 1, unitPrice: 12, accountCode: '6500', taxCode: null }],
    });
    const report = await analysis();
    expect(report.total).toBe(57);
    expect(report.byAccount).toEqual((await acs.reports.purchasing.spendAnalysis({ ...NOVEMBER, supplierId: supplier.id })).byAccount);
  });

  it('a bill credited whole in two notes at a foreign rate agrees with the ledger to the cent, account by account, and nets to nothing', async () => {
    const before = { november: await expensesOf(acs, NOVEMBER), both: await expensesOf(acs, BOTH) };
    const { supplier, bill } = await approvedBill(
      { name: 'Pacific Paper Co', currency: 'USD' },
      {
        supplierInvoiceNumber: 'PPC-77',
        billDate: '2026-10-20',
        exchangeRate: 4.4567,
        items: [
          { description: 'Paper', quantity: 3, unitPrice: 33.33, accountCode: '6500', taxCode: null },
          { description: 'Envelopes', quantity: 7, unitPrice: 1.11, accountCode: '6500', taxCode: null },
          { description: 'Courier', quantity: 1, unitPrice: 9.99, accountCode: '6900', taxCode: 'SVC8' },
        ],
      },
    );
    await creditOneOfFirstLine(bill, '2026-11-02', 'Wrong order');
    await acs.supplierCreditNotes.create(bill.id, { creditNoteDate: '2026-11-03', reason: 'Wrong order, the rest' });
    expect(await spendByAccount(supplier.id, NOVEMBER)).toEqual(movedSince(before.november, await expensesOf(acs, NOVEMBER)));
    const ledger = movedSince(before.both, await expensesOf(acs, BOTH));
    expect(await spendByAccount(supplier.id, BOTH)).toEqual(ledger);
    expect((await acs.reports.purchasing.spendAnalysis({ ...BOTH, supplierId: supplier.id })).total).toBe(0);
  });

  it('a bill voided after its month leaves its month and takes it back in the month of the void, as its reversal does', async () => {
    const { supplier, bill } = await approvedBill(
      { name: 'Syarikat Cetak Jaya' },
      {
        supplierInvoiceNumber: 'SCJ-9',
        billDate: '2026-10-28',
        items: [{ description: 'Flyers', quantity: 1, unitPrice: 400, accountCode: '6600', taxCode: null }],
      },
    );
    await acs.bills.void(bill.id, { reason: 'Entered twice', voidDate: '2026-11-04' });
    expect(await spendByAccount(supplier.id, OCTOBER)).toEqual({ '6600': 400 });
    expect(await spendByAccount(supplier.id, NOVEMBER)).toEqual({ '6600': -400 });
    expect((await acs.reports.purchasing.spendAnalysis({ ...BOTH, supplierId: supplier.id })).bySupplier).toEqual([]);
  });
});
