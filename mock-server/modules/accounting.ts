import { defineAccountingTables } from '../domain/accounting/index.js';
import { accountingRoutes } from '../routes/accounting.js';
import { seedJournal } from '../seed/accounting.js';
import { seedChart } from '../seed/chart.js';
import { defineModule } from './define.js';

export const accounting = defineModule({
  name: 'accounting',
  tables: [defineAccountingTables],
  routes: accountingRoutes,
  seed: [{ stage: 'ledger', demo: (ctx, { demo }) => seedJournal(ctx, seedChart(ctx, demo.bankName), demo.entries) }],
});
