import type { BalanceSheetAccount, BalanceSheetGroup, BalanceSheetReport } from '../../../../src/contract/index.js';
import { contract } from '../../../../src/contract/index.js';
import { ACCOUNTS, JOURNAL_ENTRIES } from '../../accounting/index.js';
import { balanceSheet } from './balance-sheet.js';
import { asOfPeriod, longDate, type ReportRow, type ReportTable } from '../core/document.js';
import { defineReport } from '../core/registry.js';
import { amountText, figureRow, headingRow, statementColumns } from './statement-layout.js';

// The balance sheet as a report of the catalogue: its file is a table per section (assets, liabilities,
// equity) with a subtotal per group, the balance check under the title, and the drill-down when asked.

const accountRow = (account: BalanceSheetAccount): ReportRow =>
  figureRow(account.accountCode, account.accountName, {
    total: account.balance,
    comparativeTotal: account.comparativeBalance,
    variance: account.variance,
    variancePercent: account.variancePercent,
  });

const groupRows = (name: string, group: BalanceSheetGroup): ReportRow[] => [
  headingRow(name),
  ...group.accounts.map(accountRow),
  figureRow(null, `Total ${name.toLowerCase()}`, group),
];

function sectionTables(report: BalanceSheetReport): ReportTable[] {
  const columns = statementColumns(report.asOfDate, report.comparative.compareToDate);
  const { assets, liabilities, equity } = report.sections;
  return [
    {
      name: 'Assets',
      columns,
      rows: [...groupRows('Current assets', assets.currentAssets), ...groupRows('Non-current assets', assets.nonCurrentAssets)],
      totals: figureRow(null, 'Total assets', assets),
    },
    {
      name: 'Liabilities',
      columns,
      rows: [
        ...groupRows('Current liabilities', liabilities.currentLiabilities),
        ...groupRows('Non-current liabilities', liabilities.nonCurrentLiabilities),
      ],
      totals: figureRow(null, 'Total liabilities', liabilities),
    },
    { name: 'Equity', columns, rows: equity.accounts.map(accountRow), totals: figureRow(null, 'Total equity', equity) },
  ];
}

/** The lines behind every balance, account by account, when the report was asked with `includeDrillDown`. */
function drillDownTable(report: BalanceSheetReport): ReportTable[] {
  const { assets, liabilities, equity } = report.sections;
  const accounts = [
    assets.currentAssets,
    assets.nonCurrentAssets,
    liabilities.currentLiabilities,
    liabilities.nonCurrentLiabilities,
    equity,
  ].flatMap((g) => g.accounts);
  const rows = accounts.flatMap((account) =>
    (account.lines ?? []).map((line) => ({
      accountCode: account.accountCode ?? '',
      accountName: account.accountName,
      ...line,
      journalNumber: line.journalNumber ?? '',
    })),
  );
  if (!accounts.some((account) => account.lines)) return [];
  return [
    {
      name: 'Drill-down',
      columns: [
        { key: 'accountCode', label: 'Code', kind: 'text' },
        { key: 'accountName', label: 'Account', kind: 'text' },
        { key: 'date', label: 'Date', kind: 'date' },
        { key: 'journalNumber', label: 'Journal', kind: 'text' },
        { key: 'description', label: 'Description', kind: 'text' },
        { key: 'debit', label: 'Debit', kind: 'money' },
        { key: 'credit', label: 'Credit', kind: 'money' },
      ],
      rows,
    },
  ];
}

/** The balance check under the title. */
function balanceNote(report: BalanceSheetReport): string {
  const { balanced, totalAssets, totalLiabilitiesAndEquity, difference } = report.balanceCheck;
  return balanced
    ? `Balanced: total assets ${amountText(totalAssets)} equal total liabilities and equity ${amountText(totalLiabilitiesAndEquity)}.`
    : `Not balanced: total assets ${amountText(totalAssets)}, total liabilities and equity ${amountText(totalLiabilitiesAndEquity)}, difference ${amountText(difference)}.`;
}

export const balanceSheetReport = defineReport({
  type: 'balance-sheet',
  endpoint: contract.reports.reportsBalanceSheet,
  reads: [JOURNAL_ENTRIES, ACCOUNTS],
  compute: balanceSheet,
  filename: (report) => `balance-sheet-${report.asOfDate}`,
  layout: (report) => ({
    title: 'Balance sheet',
    period:
      asOfPeriod(report.asOfDate) +
      (report.comparative.compareToDate ? `, compared with ${longDate(report.comparative.compareToDate)}` : ''),
    notes: [
      balanceNote(report),
      'Current year earnings: revenue less expenses from the start of the fiscal year; earlier years are within retained earnings.',
    ],
    tables: [...sectionTables(report), ...drillDownTable(report)],
  }),
});
