import type { CompanyContext } from '../../store/context.js';
import type { Store } from '../../store/index.js';
import { ACCOUNTS, SYSTEM_ROLES, type AccountRow, type SystemRole } from './tables.js';
import { businessRule, ServiceError } from '../../kernel/errors.js';

export { SYSTEM_ROLES, type SystemRole } from './tables.js';

/**
 * The control accounts (ACC-27; ARCHITECTURE.md, "Rules that hold everywhere"): their balance is
 * the sum of their documents (receivables = open invoices, tax payable = tax on posted documents, ...),
 * so they move only through those documents, never through a manual journal line. Purchasing (PUR-10)
 * adds goods received not invoiced (receipts less matched bills) and tax recoverable (tax on bills).
 */
export const CONTROL_ROLES: readonly SystemRole[] = [
  'accounts_receivable',
  'accounts_payable',
  'tax_payable',
  'inventory',
  'goods_received_not_invoiced',
  'tax_recoverable',
];

export const isControlAccount = (account: Pick<AccountRow, 'systemRole'>): boolean =>
  account.systemRole !== null && CONTROL_ROLES.includes(account.systemRole);

/** The rule a manual line on a control account breaks, as the refusal names it. */
export const CONTROL_ACCOUNT_RULE = 'a control account moves only through its documents, not a manual journal line';

/**
 * Refuses a manual entry with a line on a control account: 422 BUSINESS_RULE_VIOLATION naming the
 * rule and, per offending line, its index and the account (id, number, role).
 */
export function refuseControlAccountLines(
  ctx: CompanyContext,
  lines: readonly { accountId: string }[],
  facts: Record<string, unknown> = {},
): void {
  const accounts = ctx.store.table<AccountRow>(ctx.companyId, ACCOUNTS);
  const offending = lines.flatMap((line, index) => {
    const account = accounts.get(line.accountId);
    return account && isControlAccount(account)
      ? [
          {
            rule: CONTROL_ACCOUNT_RULE,
            ...facts,
            index,
            accountId: account.id,
            accountNumber: account.accountNumber,
            systemRole: account.systemRole,
          },
        ]
      : [];
  });
  if (offending.length === 0) return;
  const named = offending.map((o) => `${o.accountNumber} (${o.systemRole!.replaceAll('_', ' ')})`).join(', ');
  throw new ServiceError('BUSINESS_RULE_VIOLATION', `${CONTROL_ACCOUNT_RULE}: ${named}`, offending);
}

/** Ids of the company's control accounts by role; a role the chart lacks is absent (the empty seed has none). */
export function controlAccounts(store: Store, companyId: string): Partial<Record<SystemRole, string>> {
  const table = store.table<AccountRow>(companyId, ACCOUNTS);
  const found: Partial<Record<SystemRole, string>> = {};
  for (const role of SYSTEM_ROLES) {
    const account = table.byIndex('systemRole', role)[0];
    if (account) found[role] = account.id;
  }
  return found;
}

/**
 * The control account a document posts to (an invoice to accounts receivable and sales, ...). A
 * company without one cannot post the document: 422 naming the missing role.
 */
export function controlAccount(ctx: CompanyContext, role: SystemRole): AccountRow {
  const account = ctx.store.table<AccountRow>(ctx.companyId, ACCOUNTS).byIndex('systemRole', role)[0];
  if (!account) throw businessRule(`the chart of accounts has no ${role.replaceAll('_', ' ')} account`, { systemRole: role });
  if (!account.isActive) {
    throw businessRule(`the ${role.replaceAll('_', ' ')} account is inactive`, { systemRole: role, accountId: account.id });
  }
  return account;
}
