import type { Budget } from '../../../../src/contract/index.js';
import type { CompanyContext } from '../../../store/context.js';
import type { Store, Table } from '../../../store/index.js';
import { registerAccountReferences, type AccountReferenceFinder } from '../../accounting/index.js';

/** Budgets (implied, REP-73 to REP-75): `sequence` (creation order) breaks ties in lists. */
export const BUDGETS = 'budgets';

export type BudgetRow = Budget & { sequence: number };

export const budgetsTable = (ctx: CompanyContext): Table<BudgetRow> => ctx.store.table<BudgetRow>(ctx.companyId, BUDGETS);

/** A budget line names its account: the account cannot be deleted while a budget holds it (it can be deactivated). */
const budgetAccountReferences: AccountReferenceFinder = (ctx, account) =>
  budgetsTable(ctx)
    .all()
    .flatMap((budget) => {
      const index = budget.lines.findIndex((line) => line.accountId === account.id);
      return index === -1 ? [] : [{ kind: 'budget', id: budget.id, number: budget.name, field: `lines.${index}.accountId`, live: false }];
    });

export function defineBudgetTables(store: Store): void {
  store.defineTable(BUDGETS, { prefix: 'bdg', indexes: ['status'] });
  registerAccountReferences(store, 'budget', budgetAccountReferences);
}
