import { BillCreateParams } from '../../src/contract/index.js';
import { ACCOUNTS, type AccountRow } from '../domain/accounting/index.js';
import { approveBill, BILLS, type BillRow, createBill, SUPPLIERS, type SupplierRow } from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import { billLineOf, billNotesOf, billPaymentsOf } from './fixture-bill-export.js';
import { loadBillMoves, loadSupplierCreditUse } from './fixture-bill-notes.js';
import type { AtPath } from './fixture-problem.js';
import { supplierNamed, withItemIds } from './fixture-refs.js';
import { byNumber, namesById, setFields } from './fixture-rows.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';

type FixtureCompany = FixtureFile['companies'][number];

/**
 * The company's bills (MOCK-40), each through `createBill` as `POST /bills` does (without an order), approved
 * through `approveBill` when its status is `open`, then its notes, payments and void (MOCK-47); once every bill
 * is loaded, the supplier credit notes' applications and refunds.
 */
export function loadBills(ctx: ActingContext, company: CheckedFixtureCompany, path: string, at: AtPath): void {
  const ids = { bills: [] as string[], creditNotes: [] as string[][] };
  company.bills?.forEach((bill, i) => {
    const { supplier, items, status, payments: _p, debitNotes: _d, creditNotes: _c, void: _v, ...fields } = bill;
    let billId = '';
    at(`${path}.bills[${i}]`, () => {
      const supplierId = supplierNamed(ctx, supplier).id;
      billId = createBill(ctx, BillCreateParams.parse({ ...fields, supplierId, items: withItemIds(ctx, items) })).id;
      if (status === 'open') approveBill(ctx, billId);
    });
    ids.bills.push(billId);
    ids.creditNotes.push(loadBillMoves(ctx, billId, bill, `${path}.bills[${i}]`, at));
  });
  loadSupplierCreditUse(ctx, company.bills ?? [], ids, path, at);
}

/**
 * The company's bills as a fixture writes them (MOCK-40, MOCK-47), in number order: those not matched to a purchase
 * order (the format has no orders or receipts yet), each with its payments (voided ones with `void`), its notes, and
 * a void one's `void`.
 */
export function billsOf(store: Store, companyId: string): FixtureCompany['bills'] {
  if (!store.hasTable(BILLS)) return [];
  const suppliers = namesById<SupplierRow>(store, companyId, SUPPLIERS, (row) => row.name);
  const accounts = namesById<AccountRow>(store, companyId, ACCOUNTS, (row) => row.accountNumber);
  const rows = store
    .table<BillRow>(companyId, BILLS)
    .all()
    .filter((row) => row.purchaseOrderId === null)
    .sort(byNumber((row) => row.billNumber));
  const at = new Map(rows.map((row, i) => [row.id, i]));
  return rows.map((row) => {
    const paid = billPaymentsOf(store, companyId, row, accounts);
    const { debitNotes, creditNotes } = billNotesOf(store, companyId, row, at, accounts);
    return {
      supplier: suppliers.get(row.supplierId)!,
      ...setFields(row, ['supplierInvoiceNumber', 'billDate', 'dueDate', 'reference', 'exchangeRate', 'notes']),
      items: row.items.map(billLineOf),
      status: row.status === 'draft' ? ('draft' as const) : ('open' as const),
      ...(debitNotes.length > 0 ? { debitNotes } : {}),
      ...(paid.length > 0 ? { payments: paid } : {}),
      ...(creditNotes.length > 0 ? { creditNotes } : {}),
      ...(row.status === 'void' ? { void: { reason: row.voidReason!, voidDate: row.voidDate! } } : {}),
    } as NonNullable<FixtureCompany['bills']>[number];
  });
}
