import { describe, expect, it } from 'vitest';
import { accountBalance } from '../../../mock-server/domain/accounting/ledger.js';
import { controlAccount } from '../../../mock-server/domain/accounting/control-accounts.js';
import type { CompanyRow } from '../../../mock-server/domain/platform/tenancy.js';
import { invoicesTable, paymentsTable, quotesTable, salesOrdersTable, type StoredDocumentLine } from '../../../mock-server/domain/sales/document-tables.js';
import { taxCodesTable } from '../../../mock-server/domain/sales/tables.js';
import { itemsTable } from '../../../mock-server/domain/inventory/tables.js';
import type { CompanyContext } from '../../../mock-server/store/context.js';
import { GLOBAL } from '../../../mock-server/store/index.js';
import { world } from '../support/domain.js';
import { receivableBooks, taxBooks } from '../support/sales.js';
import { journalEntriesTable } from '../../../mock-server/domain/accounting/tables.js';

// Issue #9, section 6: demo books an accountant would recognise.
const w = world('demo');
const [trading, bakery] = w.seeded.companies.map((c) => w.ctxFor(c.id));
const company = (ctx: CompanyContext) => w.store.table<CompanyRow>(GLOBAL, 'companies').get(ctx.companyId)!;
const taxCode = (ctx: CompanyContext, code: string) => taxCodesTable(ctx).all().find((row) => row.code === code)!;

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
      const invoices = datesByNumber(invoicesTable(ctx).all(), (i) => i.invoiceNumber, (i) => i.invoiceDate);
      expect(invoices.length).toBeGreaterThan(0);
      expect(invoices).toEqual(ascending(invoices));
      const quotes = datesByNumber(quotesTable(ctx).all(), (q) => q.quoteNumber, (q) => q.quoteDate);
      expect(quotes).toEqual(ascending(quotes));
      const orders = datesByNumber(salesOrdersTable(ctx).all(), (o) => o.orderNumber, (o) => o.orderDate);
      expect(orders).toEqual(ascending(orders));
      const payments = datesByNumber(paymentsTable(ctx).all(), (p) => p.paymentNumber, (p) => p.paymentDate);
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
      const rates = Object.fromEntries(taxCodesTable(ctx).all().map((row) => [row.code, [row.rate, row.myinvoisTaxType, row.peppolCategory]]));
      expect(rates).toMatchObject({ SST10: [10, '01', 'S'], SST5: [5, '01', 'S'], SVC8: [8, '02', 'S'], SVC6: [6, '02', 'S'], NT: [0, '06', 'O'] });
      expect(taxCode(ctx, 'SVC6').name).toMatch(/parking.*logistics/);
    }
  });

  it('show the reseller registered for SST, charging service tax on services and no sales tax on the goods it resells', () => {
    expect(company(trading).sstRegistrationNumber).toMatch(/^[A-Z]\d{2}-\d{4}-\d{8}$/);
    const items = itemsTable(trading).all();
    for (const item of items.filter((i) => i.type !== 'service')) expect(item.tax.salesTaxCode).toBe('NT');
    expect(items.filter((i) => i.type === 'service').map((i) => taxCode(trading, i.tax.salesTaxCode!).myinvoisTaxType)).toEqual(['02', '02']);
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
    const [first] = invoicesTable(trading).all().sort((a, b) => a.invoiceNumber.localeCompare(b.invoiceNumber));
    expect(first).toMatchObject({ invoiceNumber: 'INV-000001', customer: { name: 'Kedai Runcit Harmoni' }, total: 12000, totalTax: 0, status: 'paid' });
    // Its cost of sales is the invoice's own (issue #11), not a manual journal.
    expect(journalEntriesTable(trading).all().filter((entry) => entry.reference === first.invoiceNumber && entry.source === null)).toEqual([]);
    const repair = invoicesTable(trading).all().find((i) => i.totalTax === 160)!;
    expect(repair).toMatchObject({ total: 2160, subtotal: 2000, status: 'paid', customer: { name: 'Ahmad Faizal bin Osman' } });
    expect(paymentsTable(trading).byIndex('invoiceId', repair.id)).toMatchObject([{ paymentMethod: 'cash', reference: 'CS-0001', paymentDate: repair.invoiceDate }]);
  });
});
