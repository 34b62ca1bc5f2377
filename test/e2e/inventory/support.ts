import type { AcsClient, Item, StockLocation } from '../../../src/index.js';
import { setAllowNegativeStock } from '../../../mock-server/domain/inventory/index.js';
import type { MockService } from '../../../mock-server/index.js';

/** Helpers of the stock tests: a fresh tracked item (so other modules' demo activity cannot move its stock) and the demo locations. */
let serial = 0;

export const newStockItem = (acs: AcsClient, costPrice = 5, minimumStock = 0): Promise<Item> =>
  acs.items.create({
    itemCode: `TST-${++serial}-${Math.random().toString(36).slice(2, 6)}`,
    name: `Test widget ${serial}`,
    type: 'inventory',
    pricing: { costPrice, sellingPrice: costPrice * 2 },
    inventory: { minimumStock },
  });

export async function locationByCode(acs: AcsClient, code: string): Promise<StockLocation> {
  const { data } = await acs.inventory.locations.list();
  const found = data.find((location) => location.code === code);
  if (!found) throw new Error(`no location ${code}`);
  return found;
}

/** An entry's lines as `[accountNumber, debit, credit]`, sorted by account number. */
export async function entryLines(acs: AcsClient, journalEntryId: string | null): Promise<[string, number, number][]> {
  if (!journalEntryId) throw new Error('no journal entry');
  const entry = await acs.journalEntries.retrieve(journalEntryId);
  return entry.lines.map((l): [string, number, number] => [l.accountNumber, l.debit, l.credit]).sort((a, b) => a[0].localeCompare(b[0]));
}

/** The company of the mock's credentials forbids negative stock (its `allowNegativeStock`; the seed allows it), until the next reset. */
export const forbidNegativeStock = (mock: MockService): void =>
  setAllowNegativeStock({ store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId }, false);
