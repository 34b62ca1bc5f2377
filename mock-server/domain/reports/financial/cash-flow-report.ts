import { contract, type CashFlowReport } from '../../../../src/contract/index.js';
import { ACCOUNTS, JOURNAL_ENTRIES } from '../../accounting/index.js';
import { cashFlow } from './cash-flow.js';
import { rangePeriod, type ReportTable } from '../core/document.js';
import { defineReport } from '../core/registry.js';
import { amountText } from './statement-layout.js';

/** `cash-flow`: the statement and its file (a table per section, then the cash it explains). */
export const cashFlowReport = defineReport({
  type: 'cash-flow',
  endpoint: contract.reports.reportsCashFlow,
  reads: [JOURNAL_ENTRIES, ACCOUNTS],
  compute: cashFlow,
  filename: (report) => `cash-flow-${report.method}-${report.periodFrom}-to-${report.periodTo}`,
  layout: (report) => ({
    title: `Cash flow statement (${report.method} method)`,
    period: rangePeriod(report.periodFrom, report.periodTo),
    notes: [
      report.reconciliation.reconciled
        ? 'The net change from activities equals the change of the cash and bank accounts.'
        : `The activities differ from the change of the cash and bank accounts by ${amountText(report.reconciliation.difference)}.`,
      `Cash accounts: ${report.cashAccounts.map((account) => `${account.accountCode} ${account.accountName}`).join(', ') || 'none'}.`,
      // IAS 7.43: non-cash investing and financing transactions are disclosed, not counted (decision REP-94).
      ...report.nonCashTransactions.map(
        (t) => `Non-cash ${t.activity} transaction, not a flow: ${t.journalNumber} on ${t.date}, ${amountText(t.amount)}.`,
      ),
    ],
    tables: [
      ...Object.values(report.sections).map((section) =>
        sectionTable(section.label, section.lines, `Net cash from ${section.label.toLowerCase()}`, section.total),
      ),
      cashTable(report),
    ],
    chart: {
      title: 'Cash flow by activity',
      labels: ['Operating', 'Investing', 'Financing', 'Net change'],
      values: [report.sections.operating.total, report.sections.investing.total, report.sections.financing.total, report.netChange],
    },
  }),
});

const COLUMNS: ReportTable['columns'] = [
  { key: 'label', label: 'Item', kind: 'text' },
  { key: 'amount', label: 'Amount', kind: 'money' },
];

function sectionTable(
  name: string,
  lines: CashFlowReport['sections']['operating']['lines'],
  totalLabel: string,
  total: number,
): ReportTable {
  return {
    name,
    columns: COLUMNS,
    rows: lines.map(({ label, amount }) => ({ label, amount })),
    totals: { label: totalLabel, amount: total },
  };
}

function cashTable(report: CashFlowReport): ReportTable {
  return {
    name: 'Cash',
    columns: COLUMNS,
    rows: [
      { label: 'Cash at the beginning of the period', amount: report.openingCash },
      { label: 'Net change in cash', amount: report.netChange },
    ],
    totals: { label: 'Cash at the end of the period', amount: report.closingCash },
  };
}
