import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '../../../src/contract/index.js';
import { route } from '../../../mock-server/store/context.js';
import { json, testMock } from '../support/widgets.js';
import { call, demoApi, expectFailure } from './support.js';

// MOCK-10: an endpoint may declare its module's own answer to a body that breaks its rules
// (`invalid` in src/contract/endpoint.ts: 400 INVALID_CUSTOMER_DATA, 400 INVALID_JOURNAL_ENTRY), so the
// rules stay in the zod schema. A malformed body (wrong JSON type, a value outside an enum) stays 422.

const register = endpoint({
  id: 'widgets.register',
  method: 'POST',
  path: '/widgets/register',
  scope: 'write:inventory',
  summary: "every broken rule is the module's 400",
  body: z.object({ name: z.string().min(3), kind: z.enum(['gear', 'cog']), size: z.number().int().max(10) }),
  invalid: { status: 400, code: 'INVALID_CUSTOMER_DATA' },
  response: z.object({ ok: z.boolean() }),
});

const balance = endpoint({
  id: 'widgets.balance',
  method: 'POST',
  path: '/widgets/balance',
  scope: 'write:inventory',
  summary: "only the UNBALANCED rule is the module's 400",
  body: z.object({
    amounts: z.array(z.number()).superRefine((amounts, ctx) => {
      const sum = amounts.reduce((a, b) => a + b, 0);
      if (sum !== 0)
        ctx.addIssue({ code: 'custom', input: amounts, message: `amounts add up to ${sum}, not 0`, params: { code: 'UNBALANCED' } });
    }),
    note: z.string().max(5).optional(),
  }),
  invalid: { status: 400, code: 'INVALID_JOURNAL_ENTRY', codes: ['UNBALANCED'] },
  response: z.object({ ok: z.boolean() }),
});

const mock = testMock({}, [route(register, () => ({ ok: true })), route(balance, () => ({ ok: true }))]);
const post = (path: string, body: unknown) => call(mock, path, json(body));
const good = { name: 'Gear', kind: 'gear', size: 3 };

describe("an endpoint's own answer to a broken rule", () => {
  it.each([
    ['a value under its minimum', { name: 'ab' }, 'name', 'MIN_VALUE'],
    ['a missing field', { name: undefined }, 'name', 'REQUIRED_FIELD'],
    ['a fraction where a whole number is due', { size: 1.5 }, 'size', 'INVALID_FORMAT'],
    ['a value over its maximum', { size: 11 }, 'size', 'MAX_VALUE'],
  ])('%s: the declared 400 and code, with the catalogue detail', async (_case, change, field, code) => {
    const reply = await post('/widgets/register', { ...good, ...change });
    expectFailure(reply, 400, 'INVALID_CUSTOMER_DATA');
    expect(reply.body.error.details).toEqual([expect.objectContaining({ field, code })]);
  });

  it.each([
    ['a value of another JSON type', { name: 5 }, 'name'],
    ['a value outside the enum', { kind: 'sprocket' }, 'kind'],
  ])('%s is a malformed body: 422 VALIDATION_ERROR', async (_case, change, field) => {
    const reply = await post('/widgets/register', { ...good, ...change });
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    expect(reply.body.error.details).toEqual([expect.objectContaining({ field })]);
  });

  it('a body both malformed and breaking a rule is 422, listing both', async () => {
    const reply = await post('/widgets/register', { ...good, name: 5, size: 11 });
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    expect(reply.body.error.details.map((d: { field: string }) => d.field)).toEqual(['name', 'size']);
  });

  it('with `codes`, only the named rules take the declared answer; the rest stay 422', async () => {
    const unbalanced = await post('/widgets/balance', { amounts: [10, -5] });
    expectFailure(unbalanced, 400, 'INVALID_JOURNAL_ENTRY');
    expect(unbalanced.body.error.details).toEqual([
      expect.objectContaining({ field: 'amounts', code: 'UNBALANCED', message: 'amounts add up to 5, not 0' }),
    ]);
    const longNote = await post('/widgets/balance', { amounts: [1, -1], note: 'too long' });
    expectFailure(longNote, 422, 'VALIDATION_ERROR');
  });
});

describe('the endpoints that declare one keep their answers', () => {
  const real = demoApi();
  const create = (body: unknown) => real.post('/customers', body);

  it('customers: a broken rule is 400 INVALID_CUSTOMER_DATA, a wrong JSON type or enum value 422', async () => {
    expectFailure(await create({ name: 'Rules', email: 'rules@x.my', creditLimit: 10.005 }), 400, 'INVALID_CUSTOMER_DATA');
    expectFailure(await create({ name: 'Rules', email: 'nope' }), 400, 'INVALID_CUSTOMER_DATA');
    expectFailure(await create({ name: 'Types', email: 'types@x.my', paymentTerms: '30' }), 422, 'VALIDATION_ERROR');
    expectFailure(await create({ name: 'Enums', email: 'enums@x.my', type: 'corporate' }), 422, 'VALIDATION_ERROR');
  });
});
