import type { EventRule } from '../bus.js';
import { inventoryAdjustmentEventRules } from './inventory-adjustments.js';
import { inventoryStockEventRules } from './inventory-stock.js';
import { salesEventRules } from './sales.js';
import { inventoryTransferEventRules } from './inventory-transfers.js';
import { purchaseOrderEventRules } from './purchasing-orders.js';
import { purchasingSupplierEventRules } from './purchasing-suppliers.js';
import { purchasingBillEventRules } from './purchasing-bills.js';
import { purchasingRequisitionEventRules } from './purchasing-requisitions.js';
import { reportKpiEventRules } from './reports-kpis.js';
import { reportDeliveryEventRules } from './reports-delivery.js';
import { einvoiceEventRules } from './einvoice.js';
import { integrationEventRules } from './integrations.js';

/**
 * Every module's event rules: which committed change is which domain event. A module adds its own
 * list here (spec document 1, "Events"; the choices are HOOK-6 and each module's events decision).
 */
export const eventRules: EventRule[] = [
  ...salesEventRules,
  ...inventoryAdjustmentEventRules,
  ...inventoryTransferEventRules,
  ...inventoryStockEventRules,
  ...purchaseOrderEventRules,
  ...purchasingSupplierEventRules,
  ...purchasingBillEventRules,
  ...purchasingRequisitionEventRules,
  ...reportKpiEventRules,
  ...reportDeliveryEventRules,
  ...einvoiceEventRules,
  ...integrationEventRules,
];
