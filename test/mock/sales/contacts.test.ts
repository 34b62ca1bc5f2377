import { beforeEach, describe, expect, it } from 'vitest';
import { Contact } from '../../../src/contract/index.js';
import {
  contactsOf,
  createContact,
  createCustomer,
  deleteContact,
  presentContact,
  retrieveContact,
  updateContact,
} from '../../../mock-server/domain/sales/index.js';
import { refusal, world, type World } from '../support/domain.js';

let w: World;
let customerId: string;
beforeEach(() => {
  w = world();
  customerId = createCustomer(w.ctx, { name: 'Syarikat Maju Jaya', email: 'accounts@majujaya.my' }).id;
});

/** Names of the customer's primary contacts: at most one, whatever happened. */
const primaries = () =>
  contactsOf(w.ctx, customerId)
    .filter((contact) => contact.isPrimary)
    .map((contact) => contact.name);

describe('adding contacts', () => {
  it('makes a customer’s first active contact primary, and the next ones not', () => {
    const first = createContact(w.ctx, customerId, { name: 'Aisyah', email: 'Aisyah@MajuJaya.my', title: 'Finance' });
    const second = createContact(w.ctx, customerId, { name: 'Ben' });
    expect(first).toMatchObject({ isPrimary: true, isActive: true, email: 'aisyah@majujaya.my', customerId });
    expect(second.isPrimary).toBe(false);
    expect(Contact.parse(presentContact(first))).toEqual(presentContact(first));
  });

  it('respects isPrimary: false on the first contact', () => {
    createContact(w.ctx, customerId, { name: 'Aisyah', isPrimary: false });
    expect(primaries()).toEqual([]);
  });

  it('a new primary contact demotes the previous one', () => {
    createContact(w.ctx, customerId, { name: 'Aisyah' });
    createContact(w.ctx, customerId, { name: 'Ben', isPrimary: true });
    expect(primaries()).toEqual(['Ben']);
  });

  it('refuses an inactive primary contact, and adds nothing', () => {
    const error = refusal(() => createContact(w.ctx, customerId, { name: 'Gone', isPrimary: true, isActive: false }));
    expect(error.code).toBe('BUSINESS_RULE_VIOLATION');
    expect(contactsOf(w.ctx, customerId)).toEqual([]);
  });

  it('refuses a blank name or a malformed email from a domain caller with 422 VALIDATION_ERROR', () => {
    expect(refusal(() => createContact(w.ctx, customerId, { name: ' ' })).details[0]).toMatchObject({
      field: 'name',
      code: 'REQUIRED_FIELD',
    });
    expect(refusal(() => createContact(w.ctx, customerId, { name: 'X', email: 'x@' })).details[0]).toMatchObject({
      field: 'email',
      code: 'INVALID_FORMAT',
    });
    expect(contactsOf(w.ctx, customerId)).toEqual([]);
  });

  it('refuses an unknown customer with 404 CUSTOMER_NOT_FOUND', () => {
    expect(refusal(() => createContact(w.ctx, 'cus_missing', { name: 'X' })).code).toBe('CUSTOMER_NOT_FOUND');
  });
});

describe('changing contacts', () => {
  it('making a contact primary demotes the other one', () => {
    createContact(w.ctx, customerId, { name: 'Aisyah' });
    const ben = createContact(w.ctx, customerId, { name: 'Ben' });
    updateContact(w.ctx, customerId, ben.id, { isPrimary: true });
    expect(primaries()).toEqual(['Ben']);
  });

  it('deactivating the primary contact clears its flag', () => {
    const aisyah = createContact(w.ctx, customerId, { name: 'Aisyah' });
    expect(updateContact(w.ctx, customerId, aisyah.id, { isActive: false })).toMatchObject({ isActive: false, isPrimary: false });
    expect(primaries()).toEqual([]);
  });

  it('refuses making an inactive contact primary, and changes nothing', () => {
    const aisyah = createContact(w.ctx, customerId, { name: 'Aisyah' });
    const gone = createContact(w.ctx, customerId, { name: 'Gone', isActive: false });
    expect(refusal(() => updateContact(w.ctx, customerId, gone.id, { isPrimary: true, title: 'Boss' })).code).toBe(
      'BUSINESS_RULE_VIOLATION',
    );
    expect(retrieveContact(w.ctx, customerId, gone.id)).toBe(gone);
    expect(retrieveContact(w.ctx, customerId, aisyah.id).isPrimary).toBe(true);
  });

  it('clears a field sent as null and keeps the others', () => {
    const aisyah = createContact(w.ctx, customerId, { name: 'Aisyah', phone: '+60 12-345 6789', title: 'Finance' });
    expect(updateContact(w.ctx, customerId, aisyah.id, { phone: null, department: 'Accounts' })).toMatchObject({
      phone: null,
      title: 'Finance',
      department: 'Accounts',
    });
  });

  it('a contact of another customer is not found under this one', () => {
    const other = createCustomer(w.ctx, { name: 'Other', phone: '0312345678' });
    const theirs = createContact(w.ctx, other.id, { name: 'Theirs' });
    const error = refusal(() => updateContact(w.ctx, customerId, theirs.id, { name: 'Mine now' }));
    expect(error.status).toBe(404);
    expect(error.details).toEqual([{ resource: 'contact', id: theirs.id, field: 'contactId' }]);
    expect(retrieveContact(w.ctx, other.id, theirs.id).name).toBe('Theirs');
  });
});

describe('deleting contacts', () => {
  it('deletes a contact; deleting the primary leaves none primary', () => {
    const aisyah = createContact(w.ctx, customerId, { name: 'Aisyah' });
    createContact(w.ctx, customerId, { name: 'Ben' });
    expect(deleteContact(w.ctx, customerId, aisyah.id)).toEqual({ id: aisyah.id, deleted: true });
    expect(contactsOf(w.ctx, customerId).map((c) => c.name)).toEqual(['Ben']);
    expect(primaries()).toEqual([]);
  });

  it('refuses a contact of another customer, and deletes nothing', () => {
    const other = createCustomer(w.ctx, { name: 'Other', phone: '0312345678' });
    const theirs = createContact(w.ctx, other.id, { name: 'Theirs' });
    expect(refusal(() => deleteContact(w.ctx, customerId, theirs.id)).status).toBe(404);
    expect(contactsOf(w.ctx, other.id)).toHaveLength(1);
  });
});
