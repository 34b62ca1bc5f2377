import { contract } from '../../src/contract/index.js';
import { contactMatches, createContact, deleteContact, presentContact, retrieveContact, updateContact } from '../domain/contacts.js';
import { contactsTable, customersTable } from '../domain/crm-tables.js';
import { createCustomer, customerMatches, deleteCustomer, presentCustomer, retrieveCustomer, updateCustomer } from '../domain/customers.js';
import { listPage } from '../store/list.js';
import { route, type Route } from './route.js';

const { customers } = contract;

/** Customers and their contacts (spec document 2, "Customers"). */
export const customerRoutes: Route[] = [
  route(customers.customersList, (ctx) => {
    const page = listPage(customersTable(ctx), ctx, customers.customersList.list, {
      where: customerMatches(ctx.query),
      defaultSort: 'name:asc',
    });
    return { ...page, data: page.data.map((row) => presentCustomer(ctx, row)) };
  }),
  route(customers.customersRetrieve, (ctx) => presentCustomer(ctx, retrieveCustomer(ctx, ctx.params.customerId))),
  route(customers.customersCreate, (ctx) => presentCustomer(ctx, createCustomer(ctx, ctx.body))),
  route(customers.customersUpdate, (ctx) => presentCustomer(ctx, updateCustomer(ctx, ctx.params.customerId, ctx.body))),
  route(customers.customersDelete, (ctx) => deleteCustomer(ctx, ctx.params.customerId)),

  route(customers.contactsList, (ctx) => {
    const customer = retrieveCustomer(ctx, ctx.params.customerId);
    const page = listPage(contactsTable(ctx).byIndex('customerId', customer.id), ctx, customers.contactsList.list, {
      where: contactMatches(ctx.query),
      defaultSort: 'isPrimary:desc,name:asc',
    });
    return { ...page, data: page.data.map(presentContact) };
  }),
  route(customers.contactsCreate, (ctx) => presentContact(createContact(ctx, ctx.params.customerId, ctx.body))),
  route(customers.contactsUpdate, (ctx) =>
    presentContact(updateContact(ctx, ctx.params.customerId, ctx.params.contactId, ctx.body)),
  ),
  route(customers.contactsDelete, (ctx) => deleteContact(ctx, ctx.params.customerId, ctx.params.contactId)),
];
