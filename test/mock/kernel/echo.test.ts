import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint, secret } from '../../../src/contract/index.js';
import { MAX_ECHO_LENGTH, ServiceError } from '../../../mock-server/kernel/errors.js';
import { route } from '../../../mock-server/store/context.js';
import { parseOrRefuse, toValidationIssues } from '../../../mock-server/kernel/validation.js';
import { RecordingTransport } from '../../stream/helpers.js';
import { auth, json, newWidget, testMock } from '../support/widgets.js';
import { call, demoApi, expectFailure } from './support.js';

// MOCK-5: an error never echoes a value longer than about 200 characters, and never a secret.

const Signup = z.strictObject({
  login: z.string().min(3),
  password: secret(z.string().min(12)),
  recovery: z.array(z.object({ pin: secret(z.string().regex(/^\d{6}$/)) })).optional(),
});
const signup = endpoint({
  id: 'widgets.signup',
  method: 'POST',
  path: '/widgets/signup',
  scope: 'write:inventory',
  summary: 'a body with secrets',
  body: Signup,
  response: z.object({ ok: z.boolean() }),
});
const routes = [route(signup, () => ({ ok: true }))];

describe('long values come back cut, and say so', () => {
  it('a string over 200 characters is its first 200 and an ellipsis, flagged valueTruncated', async () => {
    const name = 'x'.repeat(50_000);
    const reply = await call(testMock(), '/widgets', json({ ...newWidget, name }));
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    const [detail] = reply.body.error.details;
    expect(detail).toMatchObject({ field: 'name', code: 'MAX_VALUE', valueTruncated: true });
    expect(detail.value).toBe(`${'x'.repeat(MAX_ECHO_LENGTH)}…`);
  });

  it('an object or array is shown as the start of its JSON text', async () => {
    const parts = { list: Array.from({ length: 1000 }, (_, i) => ({ sku: `sku-${i}`, qty: i })) };
    const reply = await call(testMock(), '/widgets', json({ ...newWidget, parts }));
    const [detail] = reply.body.error.details;
    expect(detail).toMatchObject({ field: 'parts', code: 'INVALID_FORMAT', valueTruncated: true });
    expect(detail.value).toMatch(/^\{"list":\[\{"sku":"sku-0","qty":0\}/);
    expect(detail.value.length).toBeLessThanOrEqual(MAX_ECHO_LENGTH + 1);
  });

  it('a constraint or message that names what was sent is cut too, and an API key in it is masked', () => {
    const sent = 'q'.repeat(5_000);
    const error = new ServiceError('VALIDATION_ERROR', `dateTo cannot be before dateFrom ${sent}`, [
      { field: 'dateTo', message: `before ${sent}`, constraint: { min: sent } },
      { field: 'note', message: 'svc_live_sk_0A1b0A1b0A1b0A1b0A1b0A1b in a message', value: ['svc_test_sk_0A1b0A1b0A1b0A1b0A1b0A1b'] },
    ]);
    const text = JSON.stringify({ message: error.message, details: error.details });
    expect(text).not.toMatch(/q{201}/);
    expect(text).not.toMatch(/svc_(test|live)_sk_0A1b/);
  });

  it('bounds a value once: the REST refusal and the stream refusal agree on a long value holding an API key', () => {
    const schema = z.object({ name: z.string().max(5) });
    const input = { name: `svc_test_sk_0A1b0A1b0A1b0A1b0A1b0A1b ${'x'.repeat(300)}` };
    const stream = toValidationIssues(schema.safeParse(input).error!.issues, input, 'body', { schema });
    let rest: unknown;
    try {
      parseOrRefuse(schema, input, input, 'body', 'request body');
    } catch (error) {
      rest = (error as ServiceError).details;
    }
    expect(stream).toEqual(rest);
    expect(stream[0].value).not.toMatch(/svc_test_sk_0A1b/);
    expect(stream[0]).not.toHaveProperty('valueTruncated');
    expect(JSON.stringify(stream)).not.toMatch(/x{201}/);
  });

  it('a string item of a details array is masked like a record field', () => {
    const error = new ServiceError('INVALID_REQUEST', 'refused', ['svc_live_sk_0A1b0A1b0A1b0A1b0A1b0A1b', 'y'.repeat(500)]);
    expect(JSON.stringify(error.details)).not.toMatch(/svc_live_sk_0A1b|y{201}/);
  });

  it('a short value comes back as sent, unflagged', async () => {
    const reply = await call(testMock(), '/widgets', json({ ...newWidget, color: 'purple' }));
    expect(reply.body.error.details).toEqual([expect.objectContaining({ field: 'color', value: 'purple' })]);
    expect(reply.body.error.details[0]).not.toHaveProperty('valueTruncated');
  });

  it('messages and details that name a path, an id or a header are bounded too', async () => {
    const mock = testMock();
    const path = `/gadgets/${'g'.repeat(20_000)}`;
    const notFound = await call(mock, path, { headers: auth() });
    expectFailure(notFound, 404, 'NOT_FOUND');
    expect(notFound.body.error.message.length).toBeLessThan(300);
    expect(notFound.body.error.details[0].id.length).toBeLessThanOrEqual(MAX_ECHO_LENGTH + 1);
    const company = await call(mock, '/widgets', { headers: auth(undefined, 'c'.repeat(5000)) });
    expectFailure(company, 422, 'INVALID_COMPANY');
    expect(JSON.stringify(company.body).length).toBeLessThan(2000);
  });

  it('shows a value of any depth or size (even a cycle) without walking it all', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    for (const value of [deep, cycle, Array.from({ length: 1_000_000 }, (_, i) => i)]) {
      const [detail] = new ServiceError('VALIDATION_ERROR', 'x', [{ field: 'f', value }]).details as Record<string, unknown>[];
      expect(detail).toMatchObject({ valueTruncated: true, value: expect.any(String) });
      expect((detail.value as string).length).toBeLessThanOrEqual(MAX_ECHO_LENGTH + 1);
    }
  });

  it('applies to every refusal the domain builds, not only to schema checks', () => {
    const error = new ServiceError('CONFLICT', `taken: ${'n'.repeat(5000)}`, [
      { field: 'name', value: 'n'.repeat(5000), existingId: 'wid_1' },
    ]);
    expect(error.details).toEqual([{ field: 'name', value: `${'n'.repeat(MAX_ECHO_LENGTH)}…`, valueTruncated: true, existingId: 'wid_1' }]);
    expect(error.message.length).toBeLessThanOrEqual(1001);
  });
});

describe('secrets are named, never shown', () => {
  const mock = testMock({}, routes);
  const refusal = async (body: unknown) => {
    const reply = await call(mock, '/widgets/signup', json(body));
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    return reply.body.error.details as Record<string, unknown>[];
  };

  it('a secret field that fails its check is reported without its value', async () => {
    const details = await refusal({ login: 'ann', password: 'hunter2' });
    expect(details).toEqual([expect.objectContaining({ field: 'password', code: 'MIN_VALUE' })]);
    expect(details[0]).not.toHaveProperty('value');
  });

  it('so is a secret of the wrong type, and one nested in a list', async () => {
    const details = await refusal({ login: 'ann', password: 1234, recovery: [{ pin: '12345x' }] });
    expect(details.map((d) => d.field)).toEqual(['password', 'recovery.0.pin']);
    for (const detail of details) expect(detail).not.toHaveProperty('value');
  });

  it('a value that holds a secret (the whole body, an unknown-field refusal) is not shown either', async () => {
    const details = await refusal({ login: 'ann', password: 'correct horse battery', extra: true });
    expect(details).toEqual([expect.objectContaining({ code: 'INVALID_FORMAT', message: 'unknown field(s): extra' })]);
    expect(details[0]).not.toHaveProperty('value');
    expect(JSON.stringify(details)).not.toContain('correct horse');
  });

  it('other fields still show what was sent', async () => {
    expect(await refusal({ login: 'an', password: 'correct horse battery' })).toEqual([
      expect.objectContaining({ field: 'login', value: 'an' }),
    ]);
  });
});

describe("the contract marks the service's secrets", () => {
  const { mock: real, post } = demoApi();
  const { companyId } = real.credentials;

  it('a webhook secret too short to use is refused without echoing it', async () => {
    const reply = await post('/webhooks/subscribe', { url: 'https://example.com/hook', events: ['customer.created'], secret: 'tooshort' });
    expectFailure(reply, 422, 'VALIDATION_ERROR');
    expect(reply.body.error.details).toEqual([
      expect.objectContaining({ field: 'secret', code: 'MIN_VALUE', constraint: expect.objectContaining({ min: 16 }) }),
    ]);
    expect(JSON.stringify(reply.body)).not.toContain('tooshort');
  });

  it('a stream token that fails its check is not echoed in the close reason', () => {
    const transport = new RecordingTransport();
    const token = `svc_test_sk_${'z'.repeat(5000)}`;
    real.stream.open('events', transport).receive(JSON.stringify({ type: 'auth', token, companyId }));
    expect(transport.closed?.code).toBe(4401);
    expect(transport.closed?.reason).not.toContain('zzzz');
  });
});
