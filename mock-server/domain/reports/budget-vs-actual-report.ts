import { contract, type BudgetVariance, type BudgetVsActualReport } from '../../../src/contract/index.js';
import { ACCOUNTS, JOURNAL_ENTRIES } from '../accounting/index.js';
import { BUDGETS } from './budget-tables.js';
import { budgetVsActual } from './budget-vs-actual.js';
import { rangePeriod, type ReportRow, type ReportTable } from './document.js';
import { defineReport } from './registry.js';

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
      `Net income ${report.netIncome.actual.toFixed(2)} against a budget of ${report.netIncome.budget.toFixed(2)}: ${report.netIncome.favourable ? 'favourable' : 'unfavourable'}.`,
    ],
    tables: [
      ...(['revenue', 'expense'] as const).map((type) => typeTable(report, type)),
      {
        name: report.netIncomeByPeriod ? 'Net income by period' : 'Net income',
        columns: COLUMNS,
        rows: (report.netIncomeByPeriod ?? []).map((row) => figureRow(row.period, 'Net income', row)),
        totals: figureRow('', 'Net income', report.netIncome),
      },
    ],
    chart: report.netIncomeByPeriod
      ? { title: 'Net income variance by period', labels: report.netIncomeByPeriod.map((row) => row.period), values: report.netIncomeByPeriod.map((row) => row.variance) }
      : {
          title: 'Budget and actual',
          labels: ['Revenue budget', 'Revenue actual', 'Expenses budget', 'Expenses actual'],
          values: report.byType.flatMap((row) => [row.budget, row.actual]),
        },
  }),
});

const COLUMNS: ReportTable['columns'] = [
  { key: 'code', label: 'Code', kind: 'text' },
  { key: 'name', label: 'Account', kind: 'text' },
  { key: 'budget', label: 'Budget', kind: 'money' },
  { key: 'actual', label: 'Actual', kind: 'money' },
  { key: 'variance', label: 'Variance', kind: 'money' },
  { key: 'variancePercent', label: 'Variance %', kind: 'percent' },
  { key: 'favourable', label: 'Favourable', kind: 'text' },
];

const figureRow = (code: string, name: string, row: BudgetVariance): ReportRow => ({
  code,
  name,
  budget: row.budget,
  actual: row.actual,
  variance: row.variance,
  variancePercent: row.variancePercent,
  favourable: row.favourable ? 'yes' : 'no',
});

function typeTable(report: BudgetVsActualReport, type: 'revenue' | 'expense'): ReportTable {
  const label = type === 'revenue' ? 'Revenue' : 'Expenses';
  return {
    name: label,
    columns: COLUMNS,
    rows: report.accounts.filter((row) => row.accountType === type).map((row) => figureRow(row.accountCode, row.accountName, row)),
    totals: figureRow('', `Total ${label.toLowerCase()}`, report.byType.find((row) => row.accountType === type)!),
  };
}
