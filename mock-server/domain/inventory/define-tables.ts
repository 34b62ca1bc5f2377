import type { Store } from '../../store/index.js';
import { registerAccountReferences } from '../accounting/account-references.js';
import { itemAccountReferences } from './account-references.js';
import { ITEM_CATEGORIES, ITEMS, type ItemRow } from './tables.js';
import { defineLocationTable } from './locations.js';
import { defineStockBalanceTable } from './stock-balances.js';
import { defineStockMovementTable } from './movements.js';
import { defineAdjustmentTable } from './adjustments.js';
import { defineStockTransferTable } from './transfer-table.js';
import { defineAlertTables } from './alert-triggers.js';

/** Every table of the inventory module: the catalogue, locations, the movement log and its stock records. */
export function defineInventoryTables(store: Store): void {
  // The prices the list sorts and filters by, read out of the pricing block so the table's views can hold them.
  store.defineTable(ITEMS, { prefix: 'itm', indexes: ['itemCode'], derived: { costPrice: (row: ItemRow) => row.pricing.costPrice, sellingPrice: (row: ItemRow) => row.pricing.sellingPrice } });
  store.defineTable(ITEM_CATEGORIES, { prefix: 'cat', indexes: ['parentId'] });
  registerAccountReferences(store, 'item', itemAccountReferences);
  defineLocationTable(store);
  defineStockBalanceTable(store);
  defineStockMovementTable(store);
  defineAdjustmentTable(store);
  defineStockTransferTable(store);
  defineAlertTables(store);
}
