import { defineInventoryTables } from '../domain/inventory/index.js';
import { inventoryAdjustmentEventRules } from '../events/rules/inventory-adjustments.js';
import { inventoryStockEventRules } from '../events/rules/inventory-stock.js';
import { inventoryTransferEventRules } from '../events/rules/inventory-transfers.js';
import { inventoryRoutes } from '../routes/inventory.js';
import { inventoryAlertRoutes } from '../routes/inventory-alerts.js';
import { inventoryReportRoutes } from '../routes/inventory-reports.js';
import { inventoryStockRoutes } from '../routes/inventory-stock.js';
import { inventoryTransferRoutes } from '../routes/inventory-transfers.js';
import { DEMO_CATALOGUES, seedItems } from '../seed/inventory.js';
import { DEMO_ALERT_RULES, seedAlertRules } from '../seed/inventory-alerts.js';
import { DEMO_LOCATIONS, EMPTY_LOCATIONS, seedDemoLocations, seedLocations } from '../seed/locations.js';
import { DEMO_BIN_LOCATIONS, DEMO_OPENING_STOCK, seedBinLocations, seedOpeningStock } from '../seed/opening-stock.js';
import { DEMO_TRANSFERS, seedTransfers } from '../seed/transfers.js';
import { defineModule } from './define.js';

export const inventory = defineModule({
  name: 'inventory',
  tables: [defineInventoryTables],
  routes: [...inventoryRoutes, ...inventoryStockRoutes, ...inventoryTransferRoutes, ...inventoryAlertRoutes, ...inventoryReportRoutes],
  events: [...inventoryAdjustmentEventRules, ...inventoryTransferEventRules, ...inventoryStockEventRules],
  seed: [
    {
      stage: 'catalogue',
      demo: (ctx, { index }) => {
        seedItems(ctx, DEMO_CATALOGUES[index] ?? { categories: [], items: [] });
        seedDemoLocations(ctx, DEMO_LOCATIONS[index] ?? []);
        seedOpeningStock(ctx, DEMO_OPENING_STOCK[index] ?? []);
        seedBinLocations(ctx, DEMO_BIN_LOCATIONS[index] ?? []);
        seedTransfers(ctx, DEMO_TRANSFERS[index] ?? []);
      },
      empty: (ctx) => void seedLocations(ctx, EMPTY_LOCATIONS),
    },
    { stage: 'stock-alerts', demo: (ctx, { index }) => seedAlertRules(ctx, DEMO_ALERT_RULES[index] ?? []) },
  ],
});
