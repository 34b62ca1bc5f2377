import type { CompanyContext } from '../../store/context.js';
import type { Store } from '../../store/index.js';
import { ACCOUNTS, SYSTEM_ROLES, type AccountRow, type SystemRole } from './tables.js';
import { businessRule } from '../../kernel/errors.js';

export { SYSTEM_ROLES, type SystemRole } from './tables.js';

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
