import type { ProfitLossFigure, ProfitLossReport } from '../../../../src/contract/index.js';
import { contract } from '../../../../src/contract/index.js';
import { ACCOUNTS, JOURNAL_ENTRIES } from '../../accounting/index.js';
import { rangePeriod, type ReportColumn, type ReportRow, type ReportTable } from '../core/document.js';
import { profitLoss, PROFIT_LOSS_SECTIONS, type ProfitLossSectionKey } from './profit-loss.js';
import { defineReport } from '../core/registry.js';
import { amountText, figureRow, statementColumns } from './statement-layout.js';

// The profit and loss as a report of the catalogue: a table per section with its total, then the
// results (gross profit, operating income, net income); a column per month, quarter or year when grouped.

const SECTION_NAMES: Record<ProfitLossSectionKey, string> = {
  revenue: 'Revenue',
  costOfSales: 'Cost of sales',
  operatingExpenses: 'Operating expenses',
  otherIncome: 'Other income',
  otherExpenses: 'Other expenses',
};

/** The per-period cells of a line (`p0`, `p1`, ...), when the report is grouped. */
const periodCells = (report: ProfitLossReport, amounts: number[]): ReportRow =>
  report.groupBy ? Object.fromEntries(amounts.map((amount, i) => [`p${i}`, amount])) : {};

const resultRow = (report: ProfitLossReport, name: string, figure: ProfitLossFigure): ReportRow =>
  figureRow(null, name, figure, periodCells(report, figure.amounts));

function tablesOf(report: ProfitLossReport): ReportTable[] {
  const periods: ReportColumn[] = report.groupBy
    ? report.columns.map((column, i) => ({ key: `p${i}`, label: column.label, kind: 'money' }))
    : [];
  const compared = report.comparative.enabled ? `${report.comparative.fromDate} to ${report.comparative.toDate}` : null;
  const columns = statementColumns('Total', compared, periods);
  const sections = PROFIT_LOSS_SECTIONS.map((key): ReportTable => {
    const section = report.sections[key];
    const rows = section.accounts.map((account) =>
      figureRow(
        account.accountCode,
        account.accountName,
        {
          total: account.amount,
          comparativeTotal: account.comparativeAmount,
          variance: account.variance,
          variancePercent: account.variancePercent,
        },
        periodCells(report, account.amounts),
      ),
    );
    return { name: SECTION_NAMES[key], columns, rows, totals: resultRow(report, `Total ${SECTION_NAMES[key].toLowerCase()}`, section) };
  });
  const results: ReportTable = {
    name: 'Results',
    columns,
    rows: [resultRow(report, 'Gross profit', report.grossProfit), resultRow(report, 'Operating income', report.operatingIncome)],
    totals: resultRow(report, 'Net income', report.netIncome),
  };
  return [...sections, results];
}

export const profitLossReport = defineReport({
  type: 'profit-loss',
  endpoint: contract.reports.reportsProfitLoss,
  reads: [JOURNAL_ENTRIES, ACCOUNTS],
  compute: profitLoss,
  filename: (report) => `profit-loss-${report.fromDate}-to-${report.toDate}`,
  layout: (report) => ({
    title: 'Profit and loss',
    period: rangePeriod(report.fromDate, report.toDate),
    notes: [
      `Net income ${amountText(report.netIncome.total)}: revenue less cost of sales, operating expenses and other expenses, plus other income.`,
      ...(report.comparative.enabled ? [`Compared with ${rangePeriod(report.comparative.fromDate!, report.comparative.toDate!)}.`] : []),
    ],
    tables: tablesOf(report),
  }),
});
