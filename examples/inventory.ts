// Inventory: receiving opening stock, selling it, and reading the valuation. The stock, the ledger and
// the sales agree: the invoice issues the goods at FIFO cost and posts cost of sales in its own entry.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService({ seed: 'demo' });
  const acs = new AcsClient({ apiKey: mock.credentials.apiKey, companyId: mock.credentials.companyId, fetch: mock.fetch });

  const lamp = await acs.items.create({
    itemCode: 'LMP-300',
    name: 'LED desk lamp',
    type: 'inventory',
    pricing: { costPrice: 45, sellingPrice: 89 },
    tax: { salesTaxCode: 'NT' },
  });
  const [warehouse] = (await acs.inventory.locations.list({ type: 'warehouse' })).data;

  // Opening stock: 12 lamps bought at 45.00 and 8 at 52.00. Dr inventory 956.00, Cr opening balance equity.
  const opening = await acs.inventory.adjustments.create({
    reason: 'initial_stock',
    locationId: warehouse.id,
    items: [
      { itemId: lamp.id, adjustmentQuantity: 12, unitCost: 45 },
      { itemId: lamp.id, adjustmentQuantity: 8, unitCost: 52 },
    ],
  });

  // Selling 15 takes the oldest first: 12 x 45.00 + 3 x 52.00 = 696.00 of cost of sales.
  const [customer] = (await acs.customers.list({ limit: 1 })).data;
  const draft = await acs.invoices.create({
    customerId: customer.id,
    locationId: warehouse.id,
    items: [{ itemId: lamp.id, quantity: 15 }],
  });
  const invoice = await acs.invoices.send(draft.id, {});
  const [entry] = (await acs.journalEntries.list({ reference: invoice.invoiceNumber })).data;

  // What is left: 5 lamps at 52.00, by the company's FIFO method, and what weighted average would say.
  const [stock] = (await acs.inventory.stock.list({ itemId: lamp.id, locationId: warehouse.id })).data;
  const fifo = await acs.inventory.reports.valuation({ locationId: warehouse.id });
  const average = await acs.inventory.reports.valuation({ locationId: warehouse.id, valuationMethod: 'average' });
  const lampValue = (report: typeof fifo) => report.items.find((row) => row.itemId === lamp.id)?.totalValue;

  // Stock may go below zero, as the service's does: selling 6 more leaves -1 lamp, issued at 52.00
  // (a company with allowNegativeStock false refuses it with INSUFFICIENT_STOCK instead).
  const more = await acs.invoices.create({ customerId: customer.id, locationId: warehouse.id, items: [{ itemId: lamp.id, quantity: 6 }] });
  await acs.invoices.send(more.id, {});
  const [short] = (await acs.inventory.stock.list({ itemId: lamp.id, locationId: warehouse.id })).data;

  console.log(`${opening.adjustmentNumber}: ${opening.totalValue}; ${invoice.invoiceNumber} cost ${stock.stockValue} left`);
  return {
    openingValue: opening.totalValue,
    costOfSales: entry.lines
      .filter((line) => line.debit > 0 && line.accountId === lamp.accounting.expenseAccountId)
      .map((line) => line.debit),
    stock: { currentStock: stock.currentStock, stockValue: stock.stockValue, averageCost: stock.averageCost },
    fifo: lampValue(fifo),
    average: lampValue(average),
    belowZero: { currentStock: short.currentStock, stockValue: short.stockValue },
  };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
