import { CustomersContactsMethods, CustomersMethods } from '../../generated/resources/sales.js';

/** A customer's contacts (spec document 2, "Contact"), reached as `acs.customers.contacts`. */
export class CustomerContacts extends CustomersContactsMethods {}

/** Customers (spec document 2, "Customer"). */
export class Customers extends CustomersMethods {
  /** Contacts of a customer: `acs.customers.contacts.list(customerId)`, `.create(customerId, body)`, ... */
  readonly contacts = this.resource(CustomerContacts);
}
