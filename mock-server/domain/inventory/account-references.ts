import type { CompanyContext } from '../../store/context.js';
import type { AccountReference, AccountRow } from '../accounting/index.js';
import { itemsTable } from './tables.js';

const ITEM_ACCOUNT_FIELDS = ['incomeAccountId', 'expenseAccountId', 'assetAccountId'] as const;

/**
 * Items whose accounting block names the account (ACC-29, ACCOUNT_IN_USE): every new line of the
 * item posts there, so the account can be neither deleted nor deactivated while an item names it.
 */
export function itemAccountReferences(ctx: CompanyContext, account: AccountRow): AccountReference[] {
  const found: AccountReference[] = [];
  for (const item of itemsTable(ctx).values()) {
    const field = ITEM_ACCOUNT_FIELDS.find((f) => item.accounting[f] === account.id);
    if (field) found.push({ kind: 'item', id: item.id, number: item.itemCode, field: `accounting.${field}`, live: true });
  }
  return found;
}
