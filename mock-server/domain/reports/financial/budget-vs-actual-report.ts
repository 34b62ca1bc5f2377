import { contract, type BudgetVariance, type BudgetVsActualReport } from '../../../../src/contract/index.js';
import { ACCOUNTS, JOURNAL_ENTRIES } from '../../accounting/index.js';
import { BUDGETS } from './budget-tables.js';
import { budgetVsActual } from './budget-vs-actual.js';
import { rangePeriod, type ReportRow, type ReportTable } from '../core/document.js';
import { defineReport } from '../core/registry.js';
import { amountText, figureRow, statementColumns } from './statement-layout.js';

/** `budget-vs-actual`: a table per account type and net income (and by period when grouped), with a chart. */
export const budgetVsActualReport = defineReport({
  type: 'budget-vs-actual',
  endpoint: contract.reports.reportsBudgetVsActual,
  reads: [JOURNAL_ENTRIES, ACCOUNTS, BUDGETS],
  compute: budgetVsActual,
  filename: (report) => `budget-vs-actual-${report.periodFrom}-to-${report.periodTo}`,
  layout: (report) => ({
    title: `Budget vs actual: ${report.budgetName}`,
    period: rangePeriod(report.periodFrom, report.periodTo),
    notes: [
      `Net income ${amountText(report.netIncome.actual)} against a budget of ${amountText(report.netIncome.budget)}: ${report.netIncome.favourable ? 'favourable' : 'unfavourable'}.`,
    ],
    tables: [
      ...(['revenue', 'expense'] as const).map((type) => typeTable(report, type)),
      {
        name: report.netIncomeByPeriod ? 'Net income by period' : 'Net income',
        columns: COLUMNS,
        rows: (report.netIncomeByPeriod ?? []).map((row) => varianceRow(row.period, 'Net income', row)),
        totals: varianceRow('', 'Net income', report.netIncome),
      },
    ],
    chart: report.netIncomeByPeriod
      ? {
          title: 'Net income variance by period',
          labels: report.netIncomeByPeriod.map((row) => row.period),
          values: report.netIncomeByPeriod.map((row) => row.variance),
        }
      : {
          title: 'Budget and actual',
          labels: ['Revenue budget', 'Revenue actual', 'Expenses budget', 'Expenses actual'],
          values: report.byType.flatMap((row) => [row.budget, row.actual]),
        },
  }),
});

/** The statements' columns: the actual against the budget as its comparison, and whether the variance is favourable. */
const COLUMNS: ReportTable['columns'] = [...statementColumns('Actual', 'Budget'), { key: 'favourable', label: 'Favourable', kind: 'text' }];

const varianceRow = (code: string, name: string, row: BudgetVariance): ReportRow => ({
  ...figureRow(code, name, {
    total: row.actual,
    comparativeTotal: row.budget,
    variance: row.variance,
    variancePercent: row.variancePercent,
  }),
  favourable: row.favourable ? 'yes' : 'no',
});

function typeTable(report: BudgetVsActualReport, type: 'revenue' | 'expense'): ReportTable {
  const label = type === 'revenue' ? 'Revenue' : 'Expenses';
  return {
    name: label,
    columns: COLUMNS,
    rows: report.accounts.filter((row) => row.accountType === type).map((row) => varianceRow(row.accountCode, row.accountName, row)),
    totals: varianceRow('', `Total ${label.toLowerCase()}`, report.byType.find((row) => row.accountType === type)!),
  };
}
