import { ACCOUNTS, accountsTable, JOURNAL_ENTRIES, postedEntriesBetween } from '../../accounting/index.js';
import { ITEMS, itemsTable, LOCATIONS, locationsTable, STOCK_MOVEMENTS, stockMovementsTable } from '../../inventory/index.js';
import { BILLS, billsTable, billStatusOf } from '../../purchasing/index.js';
import { companyToday } from '../../shared/calendar.js';
import * as money from '../../shared/money.js';
import { datedRows, type DataSource } from './data-sources-common.js';

// The custom-report data sources of the ledger, the stock log and the bills (see data-sources.ts).

/** Posted journal lines (voided entries and their reversals included, so they cancel out), company currency; `net` = debit - credit. */
export const journalLinesSource: DataSource = {
  name: 'journalLines',
  reads: [JOURNAL_ENTRIES, ACCOUNTS],
  dateField: 'date',
  fields: {
    id: 'text',
    journalEntryId: 'text',
    journalNumber: 'text',
    date: 'date',
    reference: 'text',
    description: 'text',
    sourceType: 'text',
    accountId: 'text',
    accountCode: 'text',
    accountName: 'text',
    accountType: 'text',
    debit: 'money',
    credit: 'money',
    net: 'money',
  },
  *records(ctx, from, to) {
    const accounts = accountsTable(ctx);
    for (const entry of postedEntriesBetween(ctx, from, to)) {
      ctx.budget.spend(1 + entry.lines.length);
      for (const line of entry.lines) {
        const account = accounts.get(line.accountId);
        yield {
          id: line.id,
          journalEntryId: entry.id,
          journalNumber: entry.journalNumber,
          date: entry.date,
          reference: entry.reference,
          description: line.description ?? entry.description,
          sourceType: entry.source?.type ?? 'manual',
          accountId: line.accountId,
          accountCode: account?.accountNumber ?? null,
          accountName: account?.name ?? null,
          accountType: account?.type ?? null,
          debit: line.debit,
          credit: line.credit,
          net: money.toNumber(money.subtract(line.debit, line.credit)),
        };
      }
    }
  },
};

/** The stock movement log: signed `quantity` and `value` (company currency, at cost), `unitCost` to four decimals. */
export const stockMovementsSource: DataSource = {
  name: 'stockMovements',
  reads: [STOCK_MOVEMENTS, ITEMS, LOCATIONS],
  dateField: 'date',
  fields: {
    id: 'text',
    date: 'date',
    type: 'text',
    itemId: 'text',
    itemCode: 'text',
    itemName: 'text',
    locationId: 'text',
    locationName: 'text',
    sourceType: 'text',
    sourceNumber: 'text',
    quantity: 'number',
    unitCost: 'number',
    value: 'money',
  },
  *records(ctx, from, to) {
    const items = itemsTable(ctx);
    const locations = locationsTable(ctx);
    for (const row of datedRows(ctx, stockMovementsTable(ctx).values(), (movement) => movement.date, from, to)) {
      const item = items.get(row.itemId);
      yield {
        id: row.id,
        date: row.date,
        type: row.type,
        itemId: row.itemId,
        itemCode: item?.itemCode ?? null,
        itemName: item?.name ?? null,
        locationId: row.locationId,
        locationName: locations.get(row.locationId)?.name ?? null,
        sourceType: row.source.type,
        sourceNumber: row.source.number,
        quantity: row.quantity,
        unitCost: row.unitCost,
        value: money.fromCents(row.valueCents),
      };
    }
  },
};

/** Supplier bills dated in the range, every status (drafts too: filter on `status`); amounts in the bill's currency, `baseTotal` in the company's. */
export const billsSource: DataSource = {
  name: 'bills',
  reads: [BILLS],
  dateField: 'billDate',
  fields: {
    id: 'text',
    billNumber: 'text',
    supplierInvoiceNumber: 'text',
    billDate: 'date',
    dueDate: 'date',
    supplierId: 'text',
    supplierName: 'text',
    status: 'text',
    currency: 'text',
    subtotal: 'money',
    taxTotal: 'money',
    total: 'money',
    paidAmount: 'money',
    balanceDue: 'money',
    baseTotal: 'money',
  },
  *records(ctx, from, to) {
    const today = companyToday(ctx);
    for (const row of datedRows(ctx, billsTable(ctx).values(), (bill) => bill.billDate, from, to)) {
      const {
        id,
        billNumber,
        supplierInvoiceNumber,
        billDate,
        dueDate,
        supplierId,
        currency,
        subtotal,
        taxTotal,
        total,
        paidAmount,
        balanceDue,
        baseTotal,
      } = row;
      yield {
        id,
        billNumber,
        supplierInvoiceNumber,
        billDate,
        dueDate,
        supplierId,
        supplierName: row.supplier.name,
        status: billStatusOf(row, today),
        currency,
        subtotal,
        taxTotal,
        total,
        paidAmount,
        balanceDue,
        baseTotal,
      };
    }
  },
};
