import { describe, expect, it } from 'vitest';
import { accountBalance, controlAccount, journalEntriesTable } from '../../../mock-server/domain/accounting/index.js';
import type { CompanyRow } from '../../../mock-server/domain/platform/index.js';
import {
  invoicesTable,
  paymentsTable,
  quotesTable,
  salesOrdersTable,
  type StoredDocumentLine,
} from '../../../mock-server/domain/sales/index.js';
import {
  findItemByCode,
  itemsTable,
  stockBalancesTable,
  stockMovementsTable,
  toCents,
} from '../../../mock-server/domain/inventory/index.js';
import type { CompanyContext } from '../../../mock-server/store/context.js';
import { GLOBAL } from '../../../mock-server/store/index.js';
import { world } from '../support/domain.js';
import { receivableBooks, taxBooks } from '../support/sales.js';
import { salesReservationsTable, taxCodesTable } from '../../../mock-server/domain/sales/index.js';

// Demo books an accountant would recognise (ACC-28, SALES-53, INV-32, PUR-52).
const w = world('demo');
const [trading, bakery] = w.seeded.companies.map((c) => w.ctxFor(c.id));
const company = (ctx: CompanyContext) => w.store.table<CompanyRow>(GLOBAL, 'companies').get(ctx.companyId)!;
const taxCode = (ctx: CompanyContext, code: string) =>
  taxCodesTable(ctx)
    .all()
    .find((row) => row.code === code)!;

/** Every line of every seeded sales document of the company. */
const documentLines = (ctx: CompanyContext): StoredDocumentLine[] =>
  [...invoicesTable(ctx).all(), ...quotesTable(ctx).all(), ...salesOrdersTable(ctx).all()].flatMap((doc) => doc.items);

/** The dates of the documents in the order of their numbers. */
const datesByNumber = <R>(rows: R[], number: (row: R) => string, date: (row: R) => string): string[] =>
  [...rows].sort((a, b) => number(a).localeCompare(number(b))).map(date);
const ascending = (dates: string[]) => [...dates].sort();

describe('the demo books', () => {
  it('number invoices, quotes, orders and payments in date order', () => {
    for (const ctx of [trading, bakery]) {
      const invoices = datesByNumber(
        invoicesTable(ctx).all(),
        (i) => i.invoiceNumber,
        (i) => i.invoiceDate,
      );
      expect(invoices.length).toBeGreaterThan(0);
      expect(invoices).toEqual(ascending(invoices));
      const quotes = datesByNumber(
        quotesTable(ctx).all(),
        (q) => q.quoteNumber,
        (q) => q.quoteDate,
      );
      expect(quotes).toEqual(ascending(quotes));
      const orders = datesByNumber(
        salesOrdersTable(ctx).all(),
        (o) => o.orderNumber,
        (o) => o.orderDate,
      );
      expect(orders).toEqual(ascending(orders));
      const payments = datesByNumber(
        paymentsTable(ctx).all(),
        (p) => p.paymentNumber,
        (p) => p.paymentDate,
      );
      expect(payments).toEqual(ascending(payments));
    }
    expect(invoicesTable(trading).size).toBeGreaterThan(5);
  });

  it('give every seeded document line a tax code of the company', () => {
    for (const ctx of [trading, bakery]) {
      for (const line of documentLines(ctx)) {
        expect(line.taxCode).toEqual(expect.any(String));
        expect(taxCode(ctx, line.taxCode)).toMatchObject({ rate: line.taxRate });
      }
    }
  });

  it('carry the SST rates in force: sales tax 10% and 5%, service tax 8% and 6% (F&B, telecommunications, parking, logistics)', () => {
    for (const ctx of [trading, bakery]) {
      const rates = Object.fromEntries(
        taxCodesTable(ctx)
          .all()
          .map((row) => [row.code, [row.rate, row.myinvoisTaxType, row.peppolCategory]]),
      );
      expect(rates).toMatchObject({
        SST10: [10, '01', 'S'],
        SST5: [5, '01', 'S'],
        SVC8: [8, '02', 'S'],
        SVC6: [6, '02', 'S'],
        NT: [0, '06', 'O'],
      });
      expect(taxCode(ctx, 'SVC6').name).toMatch(/parking.*logistics/);
    }
  });

  it('show the reseller registered for SST, charging service tax on services and no sales tax on the goods it resells', () => {
    expect(company(trading).sstRegistrationNumber).toMatch(/^[A-Z]\d{2}-\d{4}-\d{8}$/);
    const items = itemsTable(trading).all();
    for (const item of items.filter((i) => i.type !== 'service')) expect(item.tax.salesTaxCode).toBe('NT');
    expect(items.filter((i) => i.type === 'service').map((i) => taxCode(trading, i.tax.salesTaxCode!).myinvoisTaxType)).toEqual([
      '02',
      '02',
    ]);
    const charged = documentLines(trading).filter((line) => line.taxAmount > 0);
    expect(charged.length).toBeGreaterThan(0);
    for (const line of charged) expect(taxCode(trading, line.taxCode).myinvoisTaxType).toBe('02');
  });

  it('show the bakery below the registration threshold: no SST number, no tax on anything it sells', () => {
    expect(company(bakery).sstRegistrationNumber).toBeNull();
    for (const item of itemsTable(bakery).all()) expect(taxCode(bakery, item.tax.salesTaxCode!).rate).toBe(0);
    for (const doc of [...invoicesTable(bakery).all(), ...quotesTable(bakery).all()]) expect(doc.totalTax).toBe(0);
    expect(accountBalance(bakery, controlAccount(bakery, 'tax_payable')).net).toBe(0);
  });

  it('balance: debits equal credits in the trial balance', () => {
    for (const ctx of [trading, bakery]) {
      const books = receivableBooks({ ...w, ctx });
      expect(books.trialDebit).toBe(books.trialCredit);
    }
  });

  it('hold receivables and tax payable to their documents: tax payable = tax on posted invoices and debit notes less credit notes, receivables = customer balances = open amounts due less unapplied credit', () => {
    for (const ctx of [trading, bakery]) {
      const tax = taxBooks({ ...w, ctx });
      expect(tax.taxPayable).toBe(tax.taxOnDocuments);
      const books = receivableBooks({ ...w, ctx });
      expect(books.customers).toBe(books.receivable);
      expect(books.openInvoices).toBe(books.receivable);
    }
    // Real figures, not two zeros: the trading company's service tax, and its receivables.
    expect(taxBooks({ ...w, ctx: trading }).taxOnDocuments).toBe('198.40');
    expect(Number(receivableBooks({ ...w, ctx: trading }).receivable)).toBeGreaterThan(0);
  });

  it('move receivables and tax payable by documents only, the history included: no manual journal line on them', () => {
    for (const ctx of [trading, bakery]) {
      const controls = new Set([controlAccount(ctx, 'accounts_receivable').id, controlAccount(ctx, 'tax_payable').id]);
      const manual = journalEntriesTable(ctx)
        .all()
        .filter((entry) => entry.source === null && entry.lines.some((line) => controls.has(line.accountId)));
      expect(manual.map((entry) => entry.reference)).toEqual([]);
    }
  });

  it('record the trading history as documents: the first credit sale received by bank, the repair job paid in cash', () => {
    const [first] = invoicesTable(trading)
      .all()
      .sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
    expect(first).toMatchObject({
      invoiceNumber: 'INV-000001',
      customer: { name: 'Kedai Runcit Harmoni' },
      total: 12000,
      totalTax: 0,
      status: 'paid',
    });
    // Its cost of sales is the invoice's own (INV-28), not a manual journal.
    expect(
      journalEntriesTable(trading)
        .all()
        .filter((entry) => entry.reference === first.invoiceNumber && entry.source === null),
    ).toEqual([]);
    const repair = invoicesTable(trading)
      .all()
      .find((i) => i.totalTax === 160)!;
    expect(repair).toMatchObject({ total: 2160, subtotal: 2000, status: 'paid', customer: { name: 'Ahmad Faizal bin Osman' } });
    expect(paymentsTable(trading).byIndex('invoiceId', repair.id)).toMatchObject([
      { paymentMethod: 'cash', reference: 'CS-0001', paymentDate: repair.invoiceDate },
    ]);
  });

  it("hold the inventory account to the stock records (INV-32): its balance is the stock value by the company's method, to the cent, and on hand is the sum of movements", () => {
    for (const ctx of [trading, bakery]) {
      const balances = stockBalancesTable(ctx).all();
      const stockValue = balances.reduce((sum, b) => sum + b.valueCents, 0);
      expect(toCents(accountBalance(ctx, controlAccount(ctx, 'inventory')).net)).toBe(stockValue);
      expect(stockValue).toBeGreaterThan(0);
      const moved = new Map<string, number>();
      for (const m of stockMovementsTable(ctx).all())
        moved.set(`${m.itemId}@${m.locationId}`, (moved.get(`${m.itemId}@${m.locationId}`) ?? 0) + m.quantity);
      for (const b of balances) expect(b.onHand).toBe(moved.get(`${b.itemId}@${b.locationId}`) ?? 0);
    }
  });

  it('sell the demo goods out of stock: each sent invoice issues its goods and posts their cost in its own entry, the credit note brings one back', () => {
    const [first] = invoicesTable(trading)
      .all()
      .sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
    // 20 chairs at 180.00, 60 reams at 58.00 and 40 pens at 18.00: cost of sales 7,800.00.
    const sales = stockMovementsTable(trading)
      .all()
      .filter((m) => m.source.id === first.id);
    expect(sales.map((m) => [findItemCode(m.itemId), m.type, m.quantity, m.valueCents])).toEqual([
      ['CHR-100', 'sale', -20, -360000],
      ['PAP-A4', 'sale', -60, -348000],
      ['PEN-BLU', 'sale', -40, -72000],
    ]);
    const entry = journalEntriesTable(trading).get(first.journalEntryId!)!;
    expect(entry.lines.filter((l) => l.accountId === controlAccount(trading, 'cogs').id).map((l) => l.debit)).toEqual([7800]);
    for (const ctx of [trading, bakery])
      expect(
        stockMovementsTable(ctx)
          .all()
          .filter((m) => m.type === 'sale_return'),
      ).toHaveLength(1);
  });

  it('reserve stock for the open confirmed orders, and only for them', () => {
    for (const ctx of [trading, bakery]) {
      const open = salesOrdersTable(ctx)
        .all()
        .filter((o) => ['confirmed', 'shipped', 'delivered'].includes(o.status));
      const expected = new Map<string, number>();
      for (const order of open) {
        for (const line of order.items) {
          const item = line.itemId ? itemsTable(ctx).get(line.itemId) : undefined;
          if (item?.type !== 'inventory') continue;
          const posted = invoicesTable(ctx)
            .byIndex('salesOrderId', order.id)
            .filter((i) => i.status === 'sent' || i.status === 'paid')
            .flatMap((i) => i.items.filter((l) => l.salesOrderLineId === line.id))
            .reduce((sum, l) => sum + l.quantity, 0);
          if (line.quantity > posted) expected.set(item.id, (expected.get(item.id) ?? 0) + line.quantity - posted);
        }
      }
      const reserved = new Map<string, number>();
      for (const b of stockBalancesTable(ctx).all()) if (b.reserved > 0) reserved.set(b.itemId, (reserved.get(b.itemId) ?? 0) + b.reserved);
      expect(reserved).toEqual(expected);
      expect(
        salesReservationsTable(ctx)
          .all()
          .reduce((sum, r) => sum + r.quantity, 0),
      ).toBe([...expected.values()].reduce((a, b) => a + b, 0));
    }
    // The trading demo's confirmed order, half invoiced, still holds the other half of its desks.
    expect(
      stockBalancesTable(trading)
        .byIndex('itemId', findItemByCode(trading, 'DSK-160')!.id)
        .map((b) => b.reserved),
    ).toEqual([5]);
  });
});

const findItemCode = (itemId: string): string => itemsTable(trading).get(itemId)!.itemCode;
