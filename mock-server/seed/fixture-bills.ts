import { BillCreateParams, BillPaymentCreateParams } from '../../src/contract/index.js';
import { ACCOUNTS, type AccountRow } from '../domain/accounting/index.js';
import {
  approveBill,
  BILL_PAYMENTS,
  BILLS,
  type BillPaymentRow,
  type BillRow,
  createBill,
  payBill,
  SUPPLIERS,
  type SupplierRow,
} from '../domain/purchasing/index.js';
import type { ActingContext } from '../domain/shared/actor.js';
import type { Store } from '../store/index.js';
import type { AtPath } from './fixture-problem.js';
import { accountIdNumbered, supplierNamed, withItemIds } from './fixture-refs.js';
import { byNumber, namesById, postedPayments, setFields } from './fixture-rows.js';
import type { CheckedFixtureCompany, FixtureFile } from './fixture-schema.js';

type FixtureCompany = FixtureFile['companies'][number];

/**
 * The company's bills (MOCK-40), each through `createBill` as `POST /bills` does (without an order), approved
 * through `approveBill` when its status is `open`, then paid by each payment on its own date (MOCK-41).
 */
export function loadBills(ctx: ActingContext, company: CheckedFixtureCompany, path: string, at: AtPath): void {
  company.bills?.forEach(({ supplier, items, status, payments, ...fields }, i) => {
    let billId = '';
    at(`${path}.bills[${i}]`, () => {
      const supplierId = supplierNamed(ctx, supplier).id;
      billId = createBill(ctx, BillCreateParams.parse({ ...fields, supplierId, items: withItemIds(ctx, items) })).id;
      if (status === 'open') approveBill(ctx, billId);
    });
    payments?.forEach(({ account, ...payment }, p) => {
      at(`${path}.bills[${i}].payments[${p}]`, () => {
        const accountId = accountIdNumbered(ctx, account, 'account');
        payBill(ctx, billId, BillPaymentCreateParams.parse({ ...payment, ...(accountId ? { accountId } : {}) }));
      });
    });
  });
}

/**
 * The company's bills as a fixture writes them (MOCK-40), in number order: those not void and not matched to a
 * purchase order (the format has no orders or receipts yet), each with its posted payments.
 */
export function billsOf(store: Store, companyId: string): FixtureCompany['bills'] {
  if (!store.hasTable(BILLS)) return [];
  const suppliers = namesById<SupplierRow>(store, companyId, SUPPLIERS, (row) => row.name);
  const accounts = namesById<AccountRow>(store, companyId, ACCOUNTS, (row) => row.accountNumber);
  const payments = store.table<BillPaymentRow>(companyId, BILL_PAYMENTS);
  return store
    .table<BillRow>(companyId, BILLS)
    .all()
    .filter((row) => row.status !== 'void' && row.purchaseOrderId === null)
    .sort(byNumber((row) => row.billNumber))
    .map((row) => {
      const paid = postedPayments(payments.byIndex('billId', row.id)).map((payment) => ({
        amount: payment.amount,
        paymentDate: payment.paymentDate,
        method: payment.method,
        ...(payment.exchangeRate !== row.exchangeRate ? { exchangeRate: payment.exchangeRate } : {}),
        ...setFields(payment, ['reference']),
        account: accounts.get(payment.accountId)!,
      }));
      return {
        supplier: suppliers.get(row.supplierId)!,
        ...setFields(row, ['supplierInvoiceNumber', 'billDate', 'dueDate', 'reference', 'exchangeRate', 'notes']),
        items: row.items.map((line) => ({
          ...(line.itemCode ? { item: line.itemCode } : {}),
          description: line.description,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          taxCode: line.taxCode,
          accountCode: line.accountCode,
        })),
        status: row.status === 'draft' ? ('draft' as const) : ('open' as const),
        ...(paid.length > 0 ? { payments: paid } : {}),
      } as NonNullable<FixtureCompany['bills']>[number];
    });
}
