import type { Store } from '../../store/index.js';
import { registerAccountReferences } from '../accounting/index.js';
import { itemAccountReferences } from './account-references.js';
import { ITEM_CATEGORIES, ITEMS } from './tables.js';
import { defineItemListingTable } from './item-listing.js';
import { defineLocationTable } from './locations.js';
import { defineStockBalanceTable } from './stock-balances.js';
import { defineStockMovementTable } from './movements.js';
import { defineAdjustmentTable } from './adjustments.js';
import { defineStockTransferTable } from './transfer-table.js';
import { defineAlertTables } from './alert-triggers.js';

/** Every table of the inventory module: the catalogue and its listing, locations, the movement log and its stock records. */
export function defineInventoryTables(store: Store): void {
  store.defineTable(ITEMS, { prefix: 'itm', indexes: ['itemCode'] });
  store.defineTable(ITEM_CATEGORIES, { prefix: 'cat', indexes: ['parentId'] });
  defineItemListingTable(store);
  registerAccountReferences(store, 'item', itemAccountReferences);
  defineLocationTable(store);
  defineStockBalanceTable(store);
  defineStockMovementTable(store);
  defineAdjustmentTable(store);
  defineStockTransferTable(store);
  defineAlertTables(store);
}
