import { ACCOUNTS, type AccountRow, createAccount, findAccountByNumber } from '../domain/accounting/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import { seedChart } from './chart.js';
import { type AtPath, FixtureProblem } from './fixture-problem.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';

type FixtureAccount = NonNullable<FixtureFile['companies'][number]['accounts']>[number];

/**
 * The company's chart (MOCK-36): the standard chart when the fixture asks for it, then each account through
 * `createAccount`, its parent found by number among those before it; a role is held by one account.
 */
export function loadChart(ctx: ActingContext, company: CheckedFixtureCompany, path: string, at: AtPath): void {
  if (company.chart === 'standard') seedChart(ctx, 'Bank');
  company.accounts?.forEach(({ parent, systemRole, system, ...fields }, i) => {
    at(`${path}.accounts[${i}]`, () => {
      const parentRow = parent === undefined ? undefined : findAccountByNumber(ctx, parent);
      if (parent !== undefined && !parentRow) throw new FixtureProblem(`parent: no account ${parent} before this one`);
      if (systemRole && ctx.store.table<AccountRow>(ctx.companyId, ACCOUNTS).byIndex('systemRole', systemRole).length > 0)
        throw new FixtureProblem(`systemRole: another account already has the role ${systemRole}`);
      createAccount(
        ctx,
        { ...fields, parentId: parentRow?.id ?? null },
        { isSystemAccount: system ?? false, systemRole: systemRole ?? null },
      );
    });
  });
}

/** The company's accounts as a fixture writes them: parents before children (by level, then number). */
export function chartOf(store: Store, companyId: string): FixtureAccount[] {
  const rows = store.table<AccountRow>(companyId, ACCOUNTS).all();
  const numberOf = new Map(rows.map((row) => [row.id, row.accountNumber]));
  return rows
    .sort((a, b) => a.level - b.level || a.accountNumber.localeCompare(b.accountNumber))
    .map((row) => ({
      accountNumber: row.accountNumber,
      name: row.name,
      type: row.type,
      category: row.category,
      ...(row.parentId ? { parent: numberOf.get(row.parentId) } : {}),
      currency: row.currency,
      ...(row.description !== null ? { description: row.description } : {}),
      ...(row.isActive ? {} : { isActive: false }),
      ...(row.systemRole ? { systemRole: row.systemRole } : {}),
      ...(row.isSystemAccount ? { system: true } : {}),
    }));
}
