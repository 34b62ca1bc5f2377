// MOCK-12, MOCK-13, PLAT-13: query parameters reach the list engine as names like any other. A parameter
// named like an Object.prototype member is an unknown parameter or filter (never a 500, never a silent match),
// and an impossible date is refused in the operator form as in the plain form.
import { describe, expect, it } from 'vitest';
import { demoApi } from './support.js';

const { get } = demoApi();

const PROTOTYPE_NAMES = [
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toString',
  'toLocaleString',
  'valueOf',
  '__defineGetter__',
  '__lookupSetter__',
];
const LISTS = ['/invoices', '/accounts', '/customers'];

describe('query parameters named like Object.prototype members', () => {
  it('in the operator form are undeclared filters: 422 INVALID_CHOICE, as an ordinary unknown field is', async () => {
    for (const list of LISTS) {
      const ordinary = await get(`${list}?noSuchField[eq]=1`);
      expect(ordinary.status).toBe(422);
      expect(ordinary.body.error.details[0]).toMatchObject({ field: 'noSuchField[eq]', code: 'INVALID_CHOICE' });
      for (const name of PROTOTYPE_NAMES) {
        for (const op of ['eq', 'in', 'gt', 'contains']) {
          const { status, body } = await get(`${list}?${name}[${op}]=1`);
          expect(status, `${list}?${name}[${op}]`).toBe(422);
          expect(body.error.code).toBe('VALIDATION_ERROR');
          expect(body.error.details).toEqual([
            { ...ordinary.body.error.details[0], field: `${name}[${op}]`, message: `${name} cannot be filtered with an operator here` },
          ]);
        }
      }
    }
  });

  it('in the plain form are unknown parameters, refused like any other (400 naming them): never a silent match', async () => {
    for (const list of LISTS) {
      const ordinary = await get(`${list}?limit=100&noSuchField=x`);
      expect(ordinary.status).toBe(400);
      expect(ordinary.body.error.details).toMatchObject([{ field: 'noSuchField', code: 'INVALID_CHOICE' }]);
      for (const name of PROTOTYPE_NAMES) {
        const { status, body } = await get(`${list}?limit=100&${name}=x&${name}=y`);
        expect(status, `${list}?${name}=x`).toBe(400);
        expect(body.error.code).toBe('INVALID_REQUEST');
        expect(body.error.details).toEqual([{ ...ordinary.body.error.details[0], field: name }]);
      }
    }
  });

  it('never reach a row property through the prototype, in sort or search fields either', async () => {
    for (const name of ['constructor', '__proto__', 'toString']) {
      expect((await get(`/invoices?sort=${name}`)).body.error.details[0]).toMatchObject({ field: 'sort', code: 'INVALID_CHOICE' });
      expect((await get(`/invoices?search=x&searchFields=${name}`)).body.error.details[0]).toMatchObject({
        field: 'searchFields',
        code: 'INVALID_CHOICE',
      });
    }
  });
});

describe('impossible dates in operator filters', () => {
  it('are 422 INVALID_FORMAT, as the plain date filters answer them', async () => {
    const plain = await get('/invoices?invoiceDateFrom=2026-02-31');
    expect(plain.status).toBe(422);
    expect(plain.body.error.details[0]).toMatchObject({ field: 'invoiceDateFrom', code: 'INVALID_FORMAT' });
    for (const filter of [
      'createdAt[gt]=2026-02-31',
      'createdAt[lte]=2026-02-29T10:00:00Z',
      'createdAt[gte]=2026-13-01T00:00:00Z',
      'invoiceDate[eq]=2026-04-31',
      'invoiceDate[in]=2026-01-01,2026-02-30',
      'dueDate[lt]=2026-00-10',
    ]) {
      const { status, body } = await get(`/invoices?${filter}`);
      expect(status, filter).toBe(422);
      expect(body.error.details[0], filter).toMatchObject({ field: filter.split('=')[0], code: 'INVALID_FORMAT' });
    }
  });

  it('while real days, leap days included, filter as before', async () => {
    for (const filter of [
      'createdAt[gte]=2024-02-29',
      'createdAt[lt]=2028-02-29T23:59:59Z',
      'invoiceDate[in]=2026-01-31,2026-12-31',
      'dueDate[gt]=0050-01-01',
    ]) {
      expect((await get(`/invoices?${filter}`)).status, filter).toBe(200);
    }
  });
});

describe('numbers in operator filters', () => {
  it('are decimal digits only, as query integers are: 0x10, 1e2, Infinity and blanks are 422 INVALID_FORMAT', async () => {
    for (const filter of ['total[gte]=0x10', 'total[gte]=1e2', 'total[lt]=Infinity', 'total[eq]=%205', 'amountDue[in]=1,0b11']) {
      const { status, body } = await get(`/invoices?${filter}`);
      expect(status, filter).toBe(422);
      expect(body.error.details[0], filter).toMatchObject({ field: filter.split('=')[0], code: 'INVALID_FORMAT' });
    }
    for (const filter of ['total[gte]=100', 'total[lt]=1500.50', 'amountDue[in]=0,-1'])
      expect((await get(`/invoices?${filter}`)).status, filter).toBe(200);
  });
});
