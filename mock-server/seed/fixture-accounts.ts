import { ACCOUNTS, type AccountRow, createAccount, findAccountByNumber } from '../domain/accounting/index.js';
import type { CompanyContext } from '../store/context.js';
import { type AtPath, FixtureProblem } from './fixture-problem.js';
import type { CheckedFixtureCompany } from './fixture-schema.js';

/**
 * A company's accounts (MOCK-36), each through `createAccount`, its parent found by number among those before it;
 * a role is held by one account. The standard chart and the demo's chart are loaded through it too (MOCK-51).
 */
export function loadAccounts(
  ctx: CompanyContext,
  accounts: NonNullable<CheckedFixtureCompany['accounts']>,
  path: string,
  at: AtPath,
): AccountRow[] {
  return accounts.map(({ parent, systemRole, system, ...fields }, i) => {
    let row: AccountRow | undefined;
    at(`${path}.accounts[${i}]`, () => {
      const parentRow = parent === undefined ? undefined : findAccountByNumber(ctx, parent);
      if (parent !== undefined && !parentRow) throw new FixtureProblem(`parent: no account ${parent} before this one`);
      if (systemRole && ctx.store.table<AccountRow>(ctx.companyId, ACCOUNTS).byIndex('systemRole', systemRole).length > 0)
        throw new FixtureProblem(`systemRole: another account already has the role ${systemRole}`);
      row = createAccount(
        ctx,
        { ...fields, parentId: parentRow?.id ?? null },
        { isSystemAccount: system ?? false, systemRole: systemRole ?? null },
      );
    });
    return row!;
  });
}
