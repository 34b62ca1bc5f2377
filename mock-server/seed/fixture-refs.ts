import { findAccountByNumber } from '../domain/accounting/index.js';
import { findItemByCode, locationsTable } from '../domain/inventory/index.js';
import { suppliersTable } from '../domain/purchasing/index.js';
import { customersTable } from '../domain/sales/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import { FixtureProblem } from './fixture-problem.js';

// How a fixture names another record of its company (MOCK-35): a customer or supplier by name, an item or a
// location by code, an account by number; each look-up refuses with the field it was named in.

/** The one record of `rows` named `name`; none or two is a problem at `field`. */
function named<T extends { id: string; name: string }>(rows: T[], name: string, field: string, kind: string): T {
  const found = rows.filter((row) => row.name === name);
  if (found.length === 0) throw new FixtureProblem(`${field}: no ${kind} named ${name} in this company`);
  if (found.length > 1) throw new FixtureProblem(`${field}: two ${kind}s are named ${name}; a fixture tells them apart by name`);
  return found[0];
}

export const customerNamed = (ctx: ActingContext, name: string, field = 'customer') =>
  named(customersTable(ctx).all(), name, field, 'customer');

export const supplierNamed = (ctx: ActingContext, name: string, field = 'supplier') =>
  named(suppliersTable(ctx).all(), name, field, 'supplier');

/** The item of `code`; none is a problem at `field`. */
export function itemCoded(ctx: ActingContext, code: string, field: string) {
  const item = findItemByCode(ctx, code);
  if (!item) throw new FixtureProblem(`${field}: no item ${code}`);
  return item;
}

/** An account's id by its number, or undefined when no number is given. */
export function accountIdNumbered(ctx: ActingContext, number: string | undefined, field: string): string | undefined {
  if (number === undefined) return undefined;
  const account = findAccountByNumber(ctx, number);
  if (!account) throw new FixtureProblem(`${field}: no account ${number} in the chart`);
  return account.id;
}

/** A location's id by its code, or undefined when no code is given. */
export function locationIdCoded(ctx: ActingContext, code: string | undefined, field = 'location'): string | undefined {
  if (code === undefined) return undefined;
  const location = locationsTable(ctx).byIndex('code', code)[0];
  if (!location) throw new FixtureProblem(`${field}: no location ${code}`);
  return location.id;
}

/** A document's lines as the API takes them: each line's `item` code turned into its `itemId`. */
export const withItemIds = <T extends { item?: string }>(ctx: ActingContext, lines: T[]) =>
  lines.map(({ item, ...line }, l) => ({
    ...line,
    ...(item === undefined ? {} : { itemId: itemCoded(ctx, item, `items[${l}].item`).id }),
  }));

/** A body naming its account by number (`account`), as the route takes it: `accountId`, or none for the route's default. */
export const withAccountId = <T extends { account?: string }>(ctx: ActingContext, { account, ...body }: T) => {
  const accountId = accountIdNumbered(ctx, account, 'account');
  return { ...body, ...(accountId ? { accountId } : {}) };
};
