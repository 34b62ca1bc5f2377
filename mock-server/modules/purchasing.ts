import { definePurchaseReturnTables, definePurchasingTables } from '../domain/purchasing/index.js';
import { purchasingBillEventRules } from '../events/rules/purchasing-bills.js';
import { purchaseOrderEventRules } from '../events/rules/purchasing-orders.js';
import { purchasingReturnEventRules } from '../events/rules/purchasing-returns.js';
import { purchasingRequisitionEventRules } from '../events/rules/purchasing-requisitions.js';
import { purchasingSupplierEventRules } from '../events/rules/purchasing-suppliers.js';
import { purchasingSupplierNoteEventRules } from '../events/rules/purchasing-supplier-notes.js';
import { purchasingRoutes } from '../routes/purchasing.js';
import { purchasingApprovalRoutes } from '../routes/purchasing-approvals.js';
import { purchasingBillRoutes } from '../routes/purchasing-bills.js';
import { purchasingReturnRoutes } from '../routes/purchasing-returns.js';
import { purchasingSourcingRoutes } from '../routes/purchasing-sourcing.js';
import { purchasingSupplierRoutes } from '../routes/purchasing-suppliers.js';
import { purchasingSupplierNoteRoutes } from '../routes/purchasing-supplier-notes.js';
import { DEMO_APPROVALS, seedApprovalRules } from '../seed/approval-rules.js';
import { seedBills } from '../seed/bills.js';
import { DEMO_PURCHASE_ORDERS, seedPurchaseOrders } from '../seed/purchase-orders.js';
import { DEMO_REQUISITIONS, seedSourcing } from '../seed/sourcing.js';
import { DEMO_SUPPLIER_RATINGS, seedSupplierRatings } from '../seed/supplier-ratings.js';
import { DEMO_SUPPLIERS, seedSuppliers } from '../seed/suppliers.js';
import { defineModule } from './define.js';

export const purchasing = defineModule({
  name: 'purchasing',
  tables: [definePurchasingTables, definePurchaseReturnTables],
  routes: [
    ...purchasingRoutes,
    ...purchasingApprovalRoutes,
    ...purchasingSupplierRoutes,
    ...purchasingBillRoutes,
    ...purchasingSourcingRoutes,
    ...purchasingReturnRoutes,
    ...purchasingSupplierNoteRoutes,
  ],
  events: [
    ...purchaseOrderEventRules,
    ...purchasingSupplierEventRules,
    ...purchasingBillEventRules,
    ...purchasingRequisitionEventRules,
    ...purchasingReturnEventRules,
    ...purchasingSupplierNoteEventRules,
  ],
  seed: [
    { stage: 'suppliers', demo: (ctx, { index }) => seedSuppliers(ctx, DEMO_SUPPLIERS[index] ?? []) },
    {
      stage: 'purchasing-documents',
      demo: (ctx, { index }) => {
        seedPurchaseOrders(ctx, DEMO_PURCHASE_ORDERS[index] ?? []);
        seedSupplierRatings(ctx, DEMO_SUPPLIER_RATINGS[index] ?? []);
        seedBills(ctx, index === 0 ? 'trading' : 'bakery');
        seedSourcing(ctx, DEMO_REQUISITIONS[index] ?? []);
      },
    },
    { stage: 'approval-rules', demo: (ctx, { index }) => seedApprovalRules(ctx, DEMO_APPROVALS[index]) },
  ],
});
