import { expect } from 'vitest';
import type { AcsClient } from '../../../src/index.js';

/** An account of the chart by number. */
export async function accountByNumber(acs: AcsClient, accountNumber: string) {
  for await (const account of acs.accounts.list({ limit: 100 }))
    if (account.accountNumber === accountNumber) return acs.accounts.retrieve(account.id);
  for await (const account of acs.accounts.list({ limit: 100, active: false }))
    if (account.accountNumber === accountNumber) return acs.accounts.retrieve(account.id);
  throw new Error(`no account ${accountNumber}`);
}

/** Every invoice of the company (all pages). */
export async function allInvoices(acs: AcsClient) {
  const rows = [];
  for await (const invoice of acs.invoices.list({ limit: 100 })) rows.push(invoice);
  return rows;
}

/** Receivables (1130) less what open invoices in ringgit are owed: a migration or sync must leave it unchanged (the control account follows its subledger). */
export async function receivablesGap(acs: AcsClient): Promise<number> {
  const receivables = await accountByNumber(acs, '1130');
  const open = (await allInvoices(acs)).filter((inv) => inv.status !== 'draft' && inv.status !== 'cancelled');
  const due = open.reduce((sum, inv) => sum + Math.round(inv.amountDue * 100 * inv.exchangeRate), 0);
  return Math.round(receivables.balance.net * 100) - due;
}

/** The trial balance and the balance sheet balance. */
export async function expectBooksBalanced(acs: AcsClient): Promise<void> {
  const trial = await acs.reports.trialBalance({});
  expect(trial.totals.balanced).toBe(true);
  const sheet = await acs.reports.balanceSheet({});
  expect(sheet.balanceCheck.balanced).toBe(true);
}
