import type { ApiKeyRow, CompanyRow } from '../domain/platform/index.js';
import { CONTACTS, CUSTOMERS, type ContactRow, type CustomerRow } from '../domain/sales/index.js';
import { SUPPLIERS, type SupplierRow } from '../domain/purchasing/index.js';
import { ServiceError } from '../kernel/errors.js';
import { boundText } from '../kernel/echo.js';
import { GLOBAL, type Store } from '../store/index.js';
import { billsOf } from './fixture-bills.js';
import { chartOf } from './fixture-chart.js';
import { itemCategoriesOf, itemsOf, locationsOf, openingStockOf } from './fixture-items.js';
import { openingBalancesOf } from './fixture-opening.js';
import { purchasingOf } from './fixture-purchase-returns.js';
import { salesDocumentsOf } from './fixture-sales-export.js';
import { usersOf } from './fixture-users.js';
import { webhooksOf } from './fixture-webhooks.js';
import { exportLog, leftOutOf } from './fixture-left-out.js';
import { stockMovesOf } from './fixture-stock-moves.js';
import { byNumber, setFields } from './fixture-rows.js';
import { FIXTURE_VERSION, type FixtureFile } from './fixture-schema.js';

type FixtureCompany = FixtureFile['companies'][number];

function customersOf(store: Store, companyId: string): FixtureCompany['customers'] {
  const contacts = store.table<ContactRow>(companyId, CONTACTS).all();
  return store
    .table<CustomerRow>(companyId, CUSTOMERS)
    .all()
    .sort(byNumber((c) => c.customerNumber))
    .map((customer) => {
      const fields = ['name', 'type', 'email', 'phone', 'website', 'taxNumber', 'address', 'billingAddress', 'shippingAddress'] as const;
      const own = contacts
        .filter((contact) => contact.customerId === customer.id)
        .map((contact) =>
          setFields(contact, ['name', 'email', 'phone', 'mobile', 'title', 'department', 'isPrimary', 'isActive', 'notes']),
        ) as { name: string }[];
      return {
        ...setFields(customer, [...fields, 'currency', 'paymentTerms', 'creditLimit', 'status', 'tags', 'customFields']),
        ...(own.length > 0 ? { contacts: own } : {}),
      } as NonNullable<FixtureCompany['customers']>[number];
    });
}

function suppliersOf(store: Store, companyId: string): FixtureCompany['suppliers'] {
  return store
    .table<SupplierRow>(companyId, SUPPLIERS)
    .all()
    .sort(byNumber((s) => s.supplierNumber))
    .map((supplier) => {
      const fields = setFields(supplier, ['name', 'displayName', 'email', 'phone', 'website', 'taxNumber', 'registrationNumber']);
      const { bankDetails: bank } = supplier;
      // The row keeps the whole account number; the fixture carries it as the create takes it.
      const bankDetails = bank && {
        ...setFields(bank, ['accountName', 'bankName', 'bankCode', 'swiftCode']),
        accountNumber: bank.bankAccountNumber,
      };
      return {
        ...fields,
        ...setFields(supplier, ['address', 'paymentTerms', 'creditLimit', 'currency', 'status', 'tags', 'contactPerson']),
        ...(bankDetails ? { bankDetails } : {}),
      } as NonNullable<FixtureCompany['suppliers']>[number];
    });
}

function companyOf(store: Store, row: CompanyRow): FixtureCompany {
  const { createdAt: _createdAt, ...profile } = row;
  const customers = customersOf(store, row.id);
  const suppliers = suppliersOf(store, row.id);
  const accounts = chartOf(store, row.id);
  const openingBalances = openingBalancesOf(store, row.id);
  const locations = locationsOf(store, row.id);
  const itemCategories = itemCategoriesOf(store, row.id);
  const items = itemsOf(store, row.id);
  const openingStock = openingStockOf(store, row.id);
  const log = exportLog();
  const { quotes, salesOrders, invoices } = salesDocumentsOf(store, row.id, log.leftOut);
  const { purchaseOrders, receipts, purchaseReturns, at: orderAt } = purchasingOf(store, row.id, log);
  const bills = billsOf(store, row.id, orderAt, log.leftOut);
  const stockMoves = stockMovesOf(store, row.id, log);
  const leftOut = leftOutOf(store, row.id, log.leftOut);
  const webhooks = webhooksOf(store, row.id);
  return {
    profile,
    ...(accounts.length ? { accounts } : {}),
    ...(openingBalances ? { openingBalances } : {}),
    ...(customers?.length ? { customers } : {}),
    ...(suppliers?.length ? { suppliers } : {}),
    ...(locations?.length ? { locations } : {}),
    ...(itemCategories.length ? { itemCategories } : {}),
    ...(items?.length ? { items } : {}),
    ...(openingStock?.length ? { openingStock } : {}),
    ...(purchaseOrders.length ? { purchaseOrders } : {}),
    ...(receipts.length ? { receipts } : {}),
    ...(quotes?.length ? { quotes } : {}),
    ...(salesOrders?.length ? { salesOrders } : {}),
    ...(invoices?.length ? { invoices } : {}),
    ...(bills?.length ? { bills } : {}),
    ...(purchaseReturns.length ? { purchaseReturns } : {}),
    ...(stockMoves.length ? { stockMoves } : {}),
    ...(leftOut.length ? { leftOut } : {}),
    ...(webhooks?.length ? { webhooks } : {}),
  };
}

/**
 * The current state of the sandbox as a fixture (MOCK-34): every company, or the one named, with the test
 * keys and users that reach it (narrowed to the companies exported); loading it gives the same fixture back.
 */
export function exportFixture(store: Store, companyId?: string): FixtureFile {
  const all = store.table<CompanyRow>(GLOBAL, 'companies').all();
  const rows = companyId === undefined ? all : all.filter((row) => row.id === companyId);
  if (rows.length === 0)
    throw new ServiceError('NOT_FOUND', `No company ${boundText(JSON.stringify(companyId))}`, [{ resource: 'company', field: 'company' }]);
  const ids = new Set(rows.map((row) => row.id));
  const apiKeys = store
    .table<ApiKeyRow>(GLOBAL, 'apiKeys')
    .all()
    .filter((key) => key.mode === 'test' && key.companyIds.some((id) => ids.has(id)))
    .map((key) => ({ name: key.name, secret: key.secret, companyIds: key.companyIds.filter((id) => ids.has(id)), scopes: key.scopes }));
  const users = usersOf(store, ids);
  return { version: FIXTURE_VERSION, companies: rows.map((row) => companyOf(store, row)), apiKeys, ...(users.length ? { users } : {}) };
}
