import type { BillLineCreate } from '../../../src/contract/index.js';
import type { CompanyContext } from '../../store/context.js';
import { validationError, type ValidationIssue } from '../../kernel/errors.js';
import { accountsTable, controlAccount, findAccountByNumber, isControlAccount, type AccountRow } from '../accounting/index.js';
import { itemsTable, quantity } from '../inventory/index.js';
import { priceLines, type LineInput } from '../sales/index.js';
import { isStockLine, purchaseLineFields } from './purchase-orders.js';
import type { PurchaseOrderLineRow, PurchaseOrderRow } from './tables.js';
import type { BillLineRow } from './bill-tables.js';

/** What is received on an order line and not yet billed: the most a bill may still take of it (three-way match). */
export const unbilledOf = (line: PurchaseOrderLineRow): number => quantity(line.receivedQuantity - line.billedQuantity);

/** A bill line as written, with the order line it bills (null: not matched). */
interface MatchedInput {
  input: BillLineCreate;
  orderLine: PurchaseOrderLineRow | null;
}

/**
 * The order line each bill line bills: the one it names, else the order's first line of its item; a
 * bill for an order without `items` bills everything received and not yet billed (PUR-36).
 */
function matchOrderLines(order: PurchaseOrderRow | null, items: readonly BillLineCreate[] | undefined): MatchedInput[] {
  if (!items) {
    const open = order ? order.items.filter((line) => unbilledOf(line) > 0) : [];
    if (open.length === 0) {
      const why = order ? `nothing received on ${order.poNumber} is left to bill; name the lines` : 'a bill needs at least one line';
      throw validationError([{ field: 'items', code: 'REQUIRED_FIELD', message: why }]);
    }
    return open.map((line) => ({ input: { purchaseOrderLineId: line.id, quantity: unbilledOf(line) }, orderLine: line }));
  }
  const issues: ValidationIssue[] = [];
  const matched = items.map((input, index) => {
    const field = `items.${index}.purchaseOrderLineId`;
    if (!order) {
      if (input.purchaseOrderLineId)
        issues.push({
          field,
          code: 'INVALID_CHOICE',
          message: 'a line bills an order line only on a bill with purchaseOrderId',
          value: input.purchaseOrderLineId.slice(0, 100),
        });
      return { input, orderLine: null };
    }
    const named = input.purchaseOrderLineId ? order.items.find((line) => line.id === input.purchaseOrderLineId) : undefined;
    if (input.purchaseOrderLineId && !named) {
      issues.push({
        field,
        code: 'INVALID_CHOICE',
        message: `purchase order ${order.poNumber} has no line ${input.purchaseOrderLineId.slice(0, 100)}`,
        value: input.purchaseOrderLineId.slice(0, 100),
      });
    }
    if (named && input.itemId && named.itemId !== input.itemId) {
      issues.push({
        field: `items.${index}.itemId`,
        code: 'INVALID_CHOICE',
        message: `order line ${named.id} is for another item`,
        value: input.itemId.slice(0, 100),
      });
    }
    const orderLine =
      named ?? (input.itemId && !input.purchaseOrderLineId ? (order.items.find((line) => line.itemId === input.itemId) ?? null) : null);
    return { input, orderLine };
  });
  if (issues.length > 0) throw validationError(issues);
  return matched;
}

/** A matched line takes its description, price and tax code from the order line unless it gives its own. */
const lineInputOf = ({ input, orderLine }: MatchedInput): LineInput => ({
  itemId: input.itemId ?? orderLine?.itemId ?? null,
  description: input.description ?? orderLine?.description ?? null,
  quantity: input.quantity,
  unitPrice: input.unitPrice ?? orderLine?.unitPrice ?? null,
  taxCode: input.taxCode !== undefined ? input.taxCode : orderLine ? orderLine.taxCode : undefined,
});

/** Why an account cannot take a bill line, or null: an active, non-control expense or asset account that is not a header over active accounts. */
function whyNotExpenseAccount(ctx: CompanyContext, account: AccountRow | undefined, code: string): string | null {
  if (!account) return `the chart of accounts has no account ${code}`;
  if (!account.isActive) return `account ${code} is inactive`;
  if (account.type !== 'expense' && account.type !== 'asset')
    return `account ${code} is a ${account.type} account; a bill line posts to an expense or asset account`;
  if (isControlAccount(account)) return `account ${code} is the ${account.systemRole!.replaceAll('_', ' ')} control account`;
  if (
    accountsTable(ctx)
      .byIndex('parentId', account.id)
      .some((child) => child.isActive)
  )
    return `account ${code} is a header account over active accounts`;
  return null;
}

/**
 * The account a line posts to (PUR-36): goods received not invoiced for a stock line matched to
 * its order line; else the line's `accountCode`, else its item's expense account. A tracked stock item
 * billed without its order is refused: stock arrives only through receipts (decision PUR-36).
 */
function lineAccount(
  ctx: CompanyContext,
  matched: MatchedInput,
  itemId: string | null,
  index: number,
  issues: ValidationIssue[],
): { account: AccountRow | null; matchedStock: boolean } {
  const at = (name: string) => `items.${index}.${name}`;
  if (itemId && isStockLine(ctx, { itemId })) {
    if (matched.orderLine) return { account: controlAccount(ctx, 'goods_received_not_invoiced'), matchedStock: true };
    issues.push({
      field: at('itemId'),
      code: 'INVALID_CHOICE',
      message: 'a stock item is billed against the purchase order its goods were received on',
      value: itemId,
    });
    return { account: null, matchedStock: false };
  }
  const code = matched.input.accountCode;
  if (code) {
    const account = findAccountByNumber(ctx, code);
    const why = whyNotExpenseAccount(ctx, account, code);
    if (why) issues.push({ field: at('accountCode'), code: 'INVALID_CHOICE', message: why, value: code.slice(0, 20) });
    return { account: why ? null : account!, matchedStock: false };
  }
  const fromItem = itemId ? accountsTable(ctx).get(itemsTable(ctx).get(itemId)?.accounting.expenseAccountId ?? '') : undefined;
  if (fromItem && !whyNotExpenseAccount(ctx, fromItem, fromItem.accountNumber)) return { account: fromItem, matchedStock: false };
  issues.push({
    field: at('accountCode'),
    code: 'REQUIRED_FIELD',
    message: 'a line without an item with an expense account needs an accountCode',
  });
  return { account: null, matchedStock: false };
}

/**
 * Prices a bill's lines as a purchase through the one line pricer (the item's cost price and purchase
 * tax code, or the order line's), and names the account each posts to. Every problem of every line is
 * one 422 VALIDATION_ERROR; nothing is written.
 */
export function priceBillLines(
  ctx: CompanyContext,
  order: PurchaseOrderRow | null,
  items: readonly BillLineCreate[] | undefined,
): BillLineRow[] {
  const matched = matchOrderLines(order, items);
  const priced = priceLines(ctx, matched.map(lineInputOf), 'items', 'purchase');
  const issues: ValidationIssue[] = [];
  const lines = priced.map((line, index): BillLineRow => {
    const { account, matchedStock } = lineAccount(ctx, matched[index], line.itemId, index, issues);
    return {
      ...purchaseLineFields(line),
      purchaseOrderLineId: matched[index].orderLine?.id ?? null,
      accountId: account?.id ?? '',
      accountCode: account?.accountNumber ?? '',
      matchedStock,
      clearedValueCents: 0,
    };
  });
  if (issues.length > 0) throw validationError(issues);
  return lines;
}
