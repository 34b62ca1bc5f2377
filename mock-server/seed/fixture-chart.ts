import { ACCOUNTS, type AccountRow } from '../domain/accounting/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import { seedChart } from './chart.js';
import { loadAccounts } from './fixture-accounts.js';
import type { AtPath } from './fixture-problem.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';

type FixtureAccount = NonNullable<FixtureFile['companies'][number]['accounts']>[number];

/** The company's chart (MOCK-36): the standard chart when the fixture asks for it, then its own accounts. */
export function loadChart(ctx: ActingContext, company: CheckedFixtureCompany, path: string, at: AtPath): void {
  if (company.chart === 'standard') seedChart(ctx, 'Bank');
  loadAccounts(ctx, company.accounts ?? [], path, at);
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
