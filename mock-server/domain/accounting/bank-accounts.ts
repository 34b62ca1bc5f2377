import type { PaymentMethod } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { accountsTable, type AccountRow } from './tables.js';
import { controlAccount, isControlAccount } from './control-accounts.js';
import { companyCurrency } from '../platform/index.js';
import { validationError } from '../../kernel/errors.js';

/** What a payment or refund needs of the account its money goes through. */
export interface BankingAccountQuery {
  /** The caller's account; default the seeded cash account for `cash`, the bank account otherwise. */
  accountId?: string;
  method: PaymentMethod;
  /** The document's currency (a payment's, a refund's). */
  currency: string;
  /** The request field the account was given in, for the error. */
  field?: string;
}

/**
 * The account money is banked in or paid out of (decision SALES-55): the caller's, which
 * must be an active bank or cash account, else the seeded cash or bank account. A bank or cash
 * account is an asset in `current_asset`, not a header over active accounts, not a control account;
 * one kept in a foreign currency takes money in that currency only (decision ACC-30).
 */
export function bankingAccount(ctx: CompanyContext, query: BankingAccountQuery): AccountRow {
  const { accountId, method, field = 'accountId' } = query;
  if (accountId === undefined) return controlAccount(ctx, method === 'cash' ? 'cash' : 'bank');
  const account = accountsTable(ctx).get(accountId);
  const why = !account ? `No account with id ${accountId}` : whyNotBanking(ctx, account, query.currency);
  if (why) throw validationError([{ field, code: 'INVALID_CHOICE', message: why, value: accountId, constraint: BANKING_ACCOUNT }]);
  return account!;
}

/** What a bank or cash account is, as the refusal's `constraint` names it. */
const BANKING_ACCOUNT = { type: 'asset', category: 'current_asset', isActive: true, isControlAccount: false, hasActiveChildren: false };

function whyNotBanking(ctx: CompanyContext, account: AccountRow, currency: string): string | null {
  const name = `account ${account.accountNumber}`;
  if (!account.isActive) return `${name} is inactive`;
  if (account.type !== 'asset') return `${name} is a ${account.type} account; money is banked in an asset account`;
  if (account.category !== 'current_asset')
    return `${name} is a ${account.category.replaceAll('_', ' ')} account; money is banked in a current asset`;
  if (isControlAccount(account))
    return `${name} is the ${account.systemRole!.replaceAll('_', ' ')} control account; money cannot be banked in it`;
  if (
    accountsTable(ctx)
      .byIndex('parentId', account.id)
      .some((child) => child.isActive)
  ) {
    return `${name} is a header account over active accounts; bank in one of its children`;
  }
  if (account.currency !== companyCurrency(ctx) && account.currency !== currency) {
    return `${name} is kept in ${account.currency}; it takes money in ${account.currency} only, not ${currency}`;
  }
  return null;
}
