import { CustomReportDefinition, type SavedReportCreateParams } from '../../src/contract/index.js';
import { reportOfType, saveCustomReport, saveStandardReport } from '../domain/reports/index.js';
import type { ActingContext } from '../domain/shared/actor.js';

/** A demo saved report: a standard report type with parameters, or a custom report's definition. */
export type DemoSavedReport = { standard: SavedReportCreateParams } | { custom: CustomReportDefinition };

const salesByCustomer: CustomReportDefinition = {
  name: 'Sales by customer this quarter',
  description: 'Invoiced sales (drafts and cancelled invoices aside) per customer, largest first',
  dataSource: 'invoices',
  dateRange: { type: 'relative', period: 'this_quarter' },
  dimensions: [{ field: 'customerName', label: 'Customer' }],
  measures: [
    { field: 'baseTotal', label: 'Sales', aggregation: 'sum', format: 'currency' },
    { field: 'id', label: 'Invoices', aggregation: 'count' },
  ],
  filters: [{ field: 'status', operator: 'nin', values: ['draft', 'cancelled'] }],
  sorting: [{ field: 'baseTotal', direction: 'desc' }],
};

/** The demo companies' saved reports (REP-93). */
export const DEMO_SAVED_REPORTS: readonly DemoSavedReport[][] = [
  [
    {
      standard: {
        name: 'Monthly balance sheet',
        description: 'Month-end position for the owner',
        reportType: 'balance-sheet',
        parameters: { includeDrillDown: false },
      },
    },
    { standard: { name: 'Trial balance, every account', reportType: 'trial-balance', parameters: { includeZeroBalances: true } } },
    { custom: salesByCustomer },
  ],
  [{ custom: salesByCustomer }],
];

export function seedSavedReports(ctx: ActingContext, reports: readonly DemoSavedReport[]): void {
  for (const report of reports) {
    if ('custom' in report) saveCustomReport(ctx, CustomReportDefinition.parse(report.custom));
    // A report type this build's catalogue lacks is left out rather than saved unrunnable.
    else if (reportOfType(report.standard.reportType)) saveStandardReport(ctx, report.standard);
  }
}
