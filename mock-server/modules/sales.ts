import { defineSalesDocumentTables, defineSalesTables } from '../domain/sales/index.js';
import { salesEventRules } from '../events/rules/sales.js';
import { salesRoutes } from '../routes/sales.js';
import { DEMO_CUSTOMERS, seedCustomers } from '../seed/customers.js';
import { seedInvoiceCorrections } from '../seed/notes.js';
import { seedSalesDocuments } from '../seed/sales.js';
import { seedTaxCodes } from '../seed/tax-codes.js';
import { defineModule } from './define.js';

export const sales = defineModule({
  name: 'sales',
  // Its document tables list their account references after items' (the order a refused account delete names them).
  after: ['inventory'],
  tables: [defineSalesTables, defineSalesDocumentTables],
  routes: salesRoutes,
  events: salesEventRules,
  seed: [
    // A company always has its tax table, even with no chart of accounts.
    { stage: 'tax-codes', demo: (ctx) => seedTaxCodes(ctx), empty: (ctx) => seedTaxCodes(ctx) },
    { stage: 'customers', demo: (ctx, { index }) => void seedCustomers(ctx, DEMO_CUSTOMERS[index] ?? []) },
    {
      stage: 'sales-documents',
      demo: (ctx, { index }) => {
        seedSalesDocuments(ctx, index === 0 ? 'full' : 'small');
        seedInvoiceCorrections(ctx);
      },
    },
  ],
});
