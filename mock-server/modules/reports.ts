import {
  defineBudgetTables,
  defineCurrencyRevaluationTables,
  defineReportDeliveryTables,
  defineReportTables,
  defineTaxReturnTables,
} from '../domain/reports/index.js';
import { reportCurrencyRevaluationEventRules } from '../events/rules/reports-currency-revaluations.js';
import { reportDeliveryEventRules } from '../events/rules/reports-delivery.js';
import { reportKpiEventRules } from '../events/rules/reports-kpis.js';
import { reportTaxReturnEventRules } from '../events/rules/reports-tax-returns.js';
import { analyticsRoutes } from '../routes/analytics.js';
import { budgetRoutes } from '../routes/budgets.js';
import { currencyRevaluationRoutes } from '../routes/currency-revaluations.js';
import { reportRoutes } from '../routes/reports.js';
import { reportDeliveryRoutes } from '../routes/reports-delivery.js';
import { savedReportRoutes } from '../routes/reports-saved.js';
import { taxReturnRoutes } from '../routes/tax-returns.js';
import { DEMO_BUDGETS, seedBudget } from '../seed/budgets.js';
import { seedReportDelivery } from '../seed/report-delivery.js';
import { DEMO_SAVED_REPORTS, seedSavedReports } from '../seed/saved-reports.js';
import { defineModule } from './define.js';

export const reports = defineModule({
  name: 'reports',
  // Budgets list their account references after sales documents'; deliveries run on a clock move after stock alerts.
  after: ['inventory', 'sales'],
  tables: [defineReportTables, defineBudgetTables, defineReportDeliveryTables, defineTaxReturnTables, defineCurrencyRevaluationTables],
  routes: [
    ...reportRoutes,
    ...analyticsRoutes,
    ...savedReportRoutes,
    ...budgetRoutes,
    ...reportDeliveryRoutes,
    ...taxReturnRoutes,
    ...currencyRevaluationRoutes,
  ],
  events: [...reportKpiEventRules, ...reportDeliveryEventRules, ...reportTaxReturnEventRules, ...reportCurrencyRevaluationEventRules],
  seed: [
    {
      stage: 'reports',
      demo: (ctx, { index, row }) => {
        seedSavedReports(ctx, DEMO_SAVED_REPORTS[index] ?? []);
        seedBudget(ctx, DEMO_BUDGETS[index]);
        seedReportDelivery(ctx, row.email);
      },
    },
  ],
});
