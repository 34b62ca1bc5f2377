import { contract } from '../../src/contract/index.js';
import { contactMatches, createContact, deleteContact, presentContact, retrieveContact, updateContact } from '../domain/contacts.js';
import { contactsTable, customersTable } from '../domain/crm-tables.js';
import { createCustomer, customerMatches, deleteCustomer, presentCustomer, retrieveCustomer, updateCustomer } from '../domain/customers.js';
import { listPage } from '../store/list.js';
import { route, type Route } from './route.js';

const { sales } = contract;

/** Customers and their contacts (spec document 2, "Customers"). */
export const customerRoutes: Route[] = [
  route(sales.customersList, (ctx) => {
    const page = listPage(customersTable(ctx), ctx, sales.customersList.list, {
      where: customerMatches(ctx.query),
      defaultSort: 'name:asc',
    });
    return { ...page, data: page.data.map((row) => presentCustomer(ctx, row)) };
  }),
  route(sales.customersRetrieve, (ctx) => presentCustomer(ctx, retrieveCustomer(ctx, ctx.params.customerId))),
  route(sales.customersCreate, (ctx) => presentCustomer(ctx, createCustomer(ctx, ctx.body))),
  route(sales.customersUpdate, (ctx) => presentCustomer(ctx, updateCustomer(ctx, ctx.params.customerId, ctx.body))),
  route(sales.customersDelete, (ctx) => deleteCustomer(ctx, ctx.params.customerId)),

  route(sales.contactsList, (ctx) => {
    const customer = retrieveCustomer(ctx, ctx.params.customerId);
    const page = listPage(contactsTable(ctx).byIndex('customerId', customer.id), ctx, sales.contactsList.list, {
      where: contactMatches(ctx.query),
      defaultSort: 'isPrimary:desc,name:asc',
    });
    return { ...page, data: page.data.map(presentContact) };
  }),
  route(sales.contactsCreate, (ctx) => presentContact(createContact(ctx, ctx.params.customerId, ctx.body))),
  route(sales.contactsUpdate, (ctx) =>
    presentContact(updateContact(ctx, ctx.params.customerId, ctx.params.contactId, ctx.body)),
  ),
  route(sales.contactsDelete, (ctx) => deleteContact(ctx, ctx.params.customerId, ctx.params.contactId)),
];
