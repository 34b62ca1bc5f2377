import { afterEach, describe, expect, it } from 'vitest';
import { CUSTOMER_CUSTOM_FIELDS, ITEM_CUSTOM_FIELDS } from '../../../src/contract/index.js';
import { demoApi, expectFailure } from './support.js';

// MOCK-7: free-form objects (`customFields`, variant `attributes`) have declared bounds in
// the contract (`freeFormObject` in src/contract/common.ts); over one is a refusal naming the field and
// the bound, and a key that names prototype machinery is refused, never stored.

const { post } = demoApi();

let serial = 0;
const item = (fields: Record<string, unknown>) => ({ itemCode: `FF-${++serial}`, name: 'Free form', type: 'service', ...fields });
const customer = (fields: Record<string, unknown>) => ({ name: `Free form ${++serial}`, email: `ff${serial}@example.my`, ...fields });
const manyKeys = (n: number, value: unknown = 'v') => Object.fromEntries(Array.from({ length: n }, (_, i) => [`field${i}`, value]));

afterEach(() => {
  expect(Object.prototype).not.toHaveProperty('polluted');
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
});

describe("an item's customFields", () => {
  it.each([
    ['more keys than allowed', manyKeys(ITEM_CUSTOM_FIELDS.maxKeys + 1), { maxKeys: 50 }],
    ['a key too long', { ['k'.repeat(ITEM_CUSTOM_FIELDS.maxKeyLength + 1)]: 1 }, { maxKeyLength: 50 }],
    ['a text too long', { note: 'n'.repeat(ITEM_CUSTOM_FIELDS.maxValueLength + 1) }, { maxValueLength: 1000 }],
    ['a text too long, nested', { notes: [{ text: 'n'.repeat(ITEM_CUSTOM_FIELDS.maxValueLength + 1) }] }, { maxValueLength: 1000 }],
    ['nesting deeper than allowed', { a: { b: { c: { d: 1 } } } }, { maxDepth: 3 }],
    ['a list longer than allowed', { list: Array.from({ length: 51 }, () => 1) }, { maxKeys: 50 }],
    ['more than 16 KB in all', manyKeys(40, 'x'.repeat(500)), { maxBytes: 16_384 }],
  ])('are refused with 422 MAX_VALUE naming the field and the bound: %s', async (_case, customFields, constraint) => {
    const reply = await post('/items', item({ customFields }));
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    expect(reply.body.error.details).toEqual([expect.objectContaining({ field: 'customFields', code: 'MAX_VALUE', constraint })]);
  });

  it('within the bounds, are stored and answered as sent', async () => {
    const customFields = { colour: 'teal', sizes: ['S', 'M'], dims: { w: 1.5, tags: ['x'] }, empty: null };
    const reply = await post('/items', item({ customFields }));
    expect(reply.status).toBe(201);
    expect(reply.body.data.customFields).toEqual(customFields);
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuse the key %s (INVALID_FORMAT), at any level, and pollute nothing',
    async (key) => {
      const top = `{"itemCode":"FF-P${++serial}","name":"P","type":"service","customFields":{"${key}":{"polluted":true}}}`;
      const nested = `{"itemCode":"FF-P${++serial}","name":"P","type":"service","customFields":{"a":{"${key}":{"polluted":true}}}}`;
      for (const body of [top, nested]) {
        const reply = await post('/items', body);
        expectFailure(reply, 422, 'VALIDATION_ERROR');
        expect(reply.body.error.details).toEqual([
          expect.objectContaining({ field: 'customFields', code: 'INVALID_FORMAT', message: `${key} is a reserved name` }),
        ]);
      }
    },
  );

  it('variant attributes have bounds of their own', async () => {
    const reply = await post('/items', item({ variants: [{ name: 'Big', attributes: manyKeys(21) }] }));
    expect(reply.body.error.details).toEqual([
      expect.objectContaining({ field: 'variants.0.attributes', code: 'MAX_VALUE', constraint: { maxKeys: 20 } }),
    ]);
  });
});

describe("a customer's customFields (texts; the module's 400 INVALID_CUSTOMER_DATA)", () => {
  it('over a bound: 400 INVALID_CUSTOMER_DATA naming the field and the bound', async () => {
    const reply = await post('/customers', customer({ customFields: manyKeys(CUSTOMER_CUSTOM_FIELDS.maxKeys + 1) }));
    expectFailure(reply, 400, 'INVALID_CUSTOMER_DATA');
    expect(reply.body.error.details).toEqual([
      expect.objectContaining({ field: 'customFields', code: 'MAX_VALUE', constraint: { maxKeys: 50 } }),
    ]);
  });

  it('a value that is not text is a malformed body: 422 VALIDATION_ERROR', async () => {
    const reply = await post('/customers', customer({ customFields: { size: 3 } }));
    expectFailure(reply, 422, 'VALIDATION_ERROR');
  });

  it('a reserved key is refused the same way in a bulk item', async () => {
    const reply = await post(
      '/bulk/customers',
      `{"operations":[{"operation":"create","data":{"name":"B","email":"b@b.my","customFields":{"__proto__":"x"}}}]}`,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.results[0]).toMatchObject({
      success: false,
      error: { code: 'INVALID_CUSTOMER_DATA', details: [{ field: 'customFields', code: 'INVALID_FORMAT' }] },
    });
  });
});
