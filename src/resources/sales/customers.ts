import {
  customerContactsCreate,
  customerContactsDelete,
  customerContactsList,
  customerContactsUpdate,
  customersCreate,
  customersDelete,
  customersList,
  customersRetrieve,
  customersSummary,
  customersUpdate,
} from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/** A customer's contacts (spec document 2, "Contact"), reached as `acs.customers.contacts`. */
export class CustomerContacts extends Resource {
  /**
   * Lists a customer's contacts, the primary one first, 50 per page by default (at most 100). Filter by
   * `active`; `search` over name, email, phone, mobile, title and department. An unknown customer
   * rejects with `NotFoundError` (`CUSTOMER_NOT_FOUND`).
   *
   * @example
   * const { data } = await acs.customers.contacts.list(customer.id, { active: true });
   */
  list = this.method(customerContactsList);

  /**
   * Adds a contact; `name` is required. A customer has at most one primary contact: `isPrimary: true`
   * demotes the previous one, and a customer's first active contact is primary unless `isPrimary: false`.
   *
   * @example
   * await acs.customers.contacts.create(customer.id, { name: 'Siti Rahman', email: 'siti@example.my', title: 'Finance', isPrimary: true });
   */
  create = this.method(customerContactsCreate);

  /**
   * Changes a contact's fields. A contact of another customer rejects with `NotFoundError`; deactivating
   * the primary contact clears its primary flag.
   */
  update = this.method(customerContactsUpdate);

  /** Deletes a contact; resolves to `{ id, deleted: true }`. */
  delete = this.method(customerContactsDelete);
}

/** Customers (spec document 2, "Customer"). */
export class Customers extends Resource {
  /** Contacts of a customer: `acs.customers.contacts.list(customerId)`, `.create(customerId, body)`, ... */
  readonly contacts = this.resource(CustomerContacts);

  /**
   * Lists customers, 50 per page by default (at most 100), cursor-paged. Filter by `status`, `type`,
   * `tags` (any of), `currency`, `creditLimitMin/Max`, `balanceMin/Max`, `createdAfter`/`createdBefore`;
   * `search` over name, email and customer number; `sort` by `name`, `createdAt`, `totalSales` or
   * `currentBalance` with `order`. The operator form works on `currentBalance`, `totalSales`, `lastSaleDate`, ...
   *
   * @example
   * for await (const customer of acs.customers.list({ status: 'active', tags: ['wholesale'], sort: 'currentBalance', order: 'desc' })) {
   *   console.log(customer.customerNumber, customer.currentBalance);
   * }
   */
  list = this.method(customersList);

  /** One customer with its contacts. Rejects with `NotFoundError` (`CUSTOMER_NOT_FOUND`) for an unknown id. */
  retrieve = this.method(customersRetrieve);

  /**
   * Creates a customer with the next `customerNumber` (`CUST-00001`, ...). `name` and an `email` or a
   * `phone` are required; a bad email, payment terms outside 0 to 365 or another broken rule rejects
   * with `InvalidRequestError` (400 `INVALID_CUSTOMER_DATA`) listing every problem in `details`. An
   * email another customer has rejects with `ConflictError`.
   *
   * @example
   * const customer = await acs.customers.create({ name: 'Kedai Runcit Harmoni', email: 'order@harmoni.my', paymentTerms: 30 });
   */
  create = this.method(customersCreate);

  /**
   * Changes the fields sent; `null` clears an optional one. `currentBalance`, `totalSales` and
   * `lastSaleDate` are kept by invoices and payments: sending a different value is refused.
   */
  update = this.method(customersUpdate);

  /**
   * Deletes a customer that has no sales orders, quotes, invoices or payments; one that has rejects
   * with `BusinessRuleError` (set its `status` to `inactive` instead). Resolves to `{ id, deleted: true }`.
   */
  delete = this.method(customersDelete);

  /**
   * The customer's sales figures, computed from its quotes, orders, invoices and payments by the
   * service's clock: total sales, balance, credit utilisation, on-time and late payments, order
   * frequency, 90-day trends and top products.
   *
   * @example
   * const { summary, topProducts } = await acs.customers.summary(customer.id);
   */
  summary = this.method(customersSummary);
}
