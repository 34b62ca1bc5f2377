import type { AccountType, TrialBalanceAccount, TrialBalanceReport } from '../../../../src/contract/index.js';
import { companyToday } from '../../shared/calendar.js';
import { contract } from '../../../../src/contract/index.js';
import { accountsTable, balancesAsOf, JOURNAL_ENTRIES, ACCOUNTS } from '../../accounting/index.js';
import { retrieveCompany } from '../../platform/index.js';
import * as money from '../../shared/money.js';
import { asOfPeriod } from '../core/document.js';
import { checkReportCurrency } from '../core/files.js';
import { defineReport, type ReportContext } from '../core/registry.js';

/** The order account types are listed in, on every statement. */
export const ACCOUNT_TYPE_ORDER: readonly AccountType[] = ['asset', 'liability', 'equity', 'revenue', 'expense'];

/**
 * `GET /v1/reports/trial-balance` (spec document 3, "Reports"): each account's posted balance on
 * `asOfDate`, on its debit side when debits exceed credits, else on its credit side.
 */
export function trialBalance(
  ctx: ReportContext,
  params: { asOfDate?: string; includeZeroBalances?: boolean; currency?: string },
): TrialBalanceReport {
  checkReportCurrency(ctx, params.currency);
  const asOfDate = params.asOfDate ?? companyToday(ctx);
  const sums = balancesAsOf(ctx, asOfDate);
  const accounts = accountsTable(ctx)
    .all()
    .sort((a, b) => (a.accountNumber < b.accountNumber ? -1 : a.accountNumber > b.accountNumber ? 1 : 0));
  ctx.budget.spend(accounts.length);
  const rows: TrialBalanceAccount[] = [];
  const byType = new Map<string, { debit: money.Amount; credit: money.Amount }>(
    ACCOUNT_TYPE_ORDER.map((type) => [type, { debit: money.ZERO, credit: money.ZERO }]),
  );
  let totalDebit = money.ZERO;
  let totalCredit = money.ZERO;
  for (const account of accounts) {
    const sum = sums.get(account.id);
    const net = sum ? sum.debit.minus(sum.credit) : money.ZERO;
    if (net.isZero() && !params.includeZeroBalances) continue;
    const debit = net.isPositive() && !net.isZero() ? net : money.ZERO;
    const credit = net.isNegative() ? net.negated() : money.ZERO;
    rows.push({
      accountId: account.id,
      accountCode: account.accountNumber,
      accountName: account.name,
      accountType: account.type,
      debit: money.toNumber(debit),
      credit: money.toNumber(credit),
    });
    const typeTotal = byType.get(account.type)!;
    typeTotal.debit = typeTotal.debit.plus(debit);
    typeTotal.credit = typeTotal.credit.plus(credit);
    totalDebit = totalDebit.plus(debit);
    totalCredit = totalCredit.plus(credit);
  }
  return {
    reportType: 'trial-balance',
    companyName: retrieveCompany(ctx).name,
    asOfDate,
    currency: retrieveCompany(ctx).currency,
    accounts: rows,
    byType: [...byType].map(([accountType, t]) => ({ accountType, debit: money.toNumber(t.debit), credit: money.toNumber(t.credit) })),
    totals: { debit: money.toNumber(totalDebit), credit: money.toNumber(totalCredit), balanced: totalDebit.equals(totalCredit) },
    generatedAt: ctx.clock.iso(),
    generatedBy: ctx.generatedBy,
  };
}

export const trialBalanceReport = defineReport({
  type: 'trial-balance',
  endpoint: contract.reports.reportsTrialBalance,
  reads: [JOURNAL_ENTRIES, ACCOUNTS],
  compute: trialBalance,
  filename: (report) => `trial-balance-${report.asOfDate}`,
  layout: (report) => ({
    title: 'Trial balance',
    period: asOfPeriod(report.asOfDate),
    notes: [report.totals.balanced ? 'Debits equal credits.' : 'Debits and credits differ: the books do not balance.'],
    tables: [
      {
        name: 'Trial balance',
        columns: [
          { key: 'accountCode', label: 'Code', kind: 'text' },
          { key: 'accountName', label: 'Account', kind: 'text' },
          { key: 'accountType', label: 'Type', kind: 'text' },
          { key: 'debit', label: 'Debit', kind: 'money' },
          { key: 'credit', label: 'Credit', kind: 'money' },
        ],
        rows: report.accounts,
        totals: { accountCode: '', accountName: 'Total', accountType: '', debit: report.totals.debit, credit: report.totals.credit },
      },
    ],
  }),
});
