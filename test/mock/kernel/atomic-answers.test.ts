import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { bulkRequest, endpoint } from '../../../src/contract/index.js';
import { runBulk } from '../../../mock-server/domain/bulk/index.js';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import { route } from '../../../mock-server/store/context.js';
import type { Store } from '../../../mock-server/store/index.js';
import type { MockService } from '../../../mock-server/service.js';
import { auth, json, newWidget, testMock, type WidgetRow } from '../support/widgets.js';
import { call, expectFailure } from './support.js';

// MOCK-6, "a write is atomic with its answer": the answer is built (presented, checked, serialised)
// inside the request's transaction, so a request that cannot be answered leaves nothing behind.

const Widget = z.object({ id: z.string(), name: z.string() });
const widgets = (store: Store) => store.table<WidgetRow>('cmp_main', 'widgets');
const addWidget = (store: Store, name: string) =>
  widgets(store).insert({
    id: widgets(store).newId(),
    name,
    color: 'red',
    price: 1,
    madeOn: '2026-01-01',
    createdAt: '2026-01-01T00:00:00.000Z',
  });

const unserialisable = endpoint({
  id: 'widgets.unserialisable',
  method: 'POST',
  path: '/widgets/unserialisable',
  scope: 'write:inventory',
  status: 201,
  summary: 'answer cannot be written as JSON',
  response: Widget,
});
const misfit = endpoint({
  id: 'widgets.misfit',
  method: 'POST',
  path: '/widgets/misfit',
  scope: 'write:inventory',
  status: 201,
  summary: 'answer does not fit its schema',
  response: Widget,
});
const bulk = endpoint({
  id: 'widgets.bulk',
  method: 'POST',
  path: '/widgets/bulk',
  scope: 'write:inventory',
  summary: 'bulk create; "taken" is refused, "explode" breaks its presenter, "bigint" its serialisation',
  body: bulkRequest(z.record(z.string(), z.unknown()), 10),
  response: z.unknown(),
});

const routes = [
  route(unserialisable, (ctx) => ({ ...addWidget(ctx.store, 'stored, then unanswerable'), price: 10n })),
  route(misfit, (ctx) => ({ ...addWidget(ctx.store, 'stored, then misfit'), id: 42 })),
  route(bulk, (ctx) =>
    runBulk(ctx.store, ctx.body.operations, {
      noun: 'widget',
      create: {
        schema: z.object({ name: z.string() }),
        run: ({ name }) => {
          if (name === 'taken') throw new ServiceError('CONFLICT', 'name taken', [{ resource: 'widget', field: 'name', value: name }]);
          const row = addWidget(ctx.store, name);
          if (name === 'explode') throw new Error('presenter bug');
          // An answer that cannot be written as JSON, found only when the whole response is serialised.
          return name === 'bigint' ? { id: row.id, name: row.name, size: 1n } : { id: row.id, name: row.name };
        },
      },
    }),
  ),
];

/** A POST of `body` (none when undefined) to `path`, with the all-scopes key and `headers`. */
const post = (mock: MockService, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  call(mock, path, body === undefined ? { method: 'POST', headers: { ...auth(), ...headers } } : json(body, { ...auth(), ...headers }));

describe('a write is atomic with its answer', () => {
  it('an answer that cannot be serialised is a 500, and the write it followed is undone', async () => {
    const error = vi.fn();
    const mock = testMock({ logger: { error } }, routes);
    const reply = await post(mock, '/widgets/unserialisable');
    expectFailure(reply, 500, 'INTERNAL_ERROR');
    expect(error).toHaveBeenCalledOnce();
    expect(widgets(mock.store).size).toBe(5);
    expect((await call(mock, '/widgets', { headers: auth() })).status).toBe(200);
  });

  it('an answer that does not fit its response schema (validateResponses) is a 500, and nothing is stored', async () => {
    const mock = testMock({ validateResponses: true }, routes);
    expectFailure(await post(mock, '/widgets/misfit'), 500, 'INTERNAL_ERROR');
    expect(widgets(mock.store).size).toBe(5);
  });

  it('a 500 is not remembered by its idempotency key: the retry runs again and writes once', async () => {
    const mock = testMock({}, routes);
    const first = await post(mock, '/widgets/unserialisable', undefined, { 'Idempotency-Key': 'k-500' });
    const retry = await post(mock, '/widgets/unserialisable', undefined, { 'Idempotency-Key': 'k-500' });
    expect([first.status, retry.status]).toEqual([500, 500]);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(widgets(mock.store).size).toBe(5);
  });

  it('a commit listener that throws fails neither the write nor its answer', async () => {
    const error = vi.fn();
    const mock = testMock({ logger: { error } }, routes);
    mock.store.onCommit(() => {
      throw new Error('listener bug');
    });
    const reply = await call(mock, '/widgets', json(newWidget));
    expect(reply.status).toBe(201);
    expect(widgets(mock.store).size).toBe(6);
    expect(error).toHaveBeenCalledWith(expect.stringContaining('commit listener'), expect.any(Error));
  });
});

describe('bulk calls: every item is answered inside its savepoint', () => {
  const operations = (...names: string[]) => ({ operations: names.map((name) => ({ operation: 'create', data: { name } })) });

  it('a refused item fails alone: the others are saved and answered', async () => {
    const mock = testMock({}, routes);
    const reply = await post(mock, '/widgets/bulk', operations('one', 'taken', 'two'));
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({
      processed: 3,
      successful: 2,
      failed: 1,
      results: [{ success: true }, { success: false, error: { code: 'CONFLICT' } }, { success: true }],
    });
    expect(widgets(mock.store).size).toBe(7);
  });

  it('an item that breaks (not a refusal) undoes the whole call, good items included: a 500 never follows a saved item', async () => {
    const mock = testMock({}, routes);
    const key = { 'Idempotency-Key': 'bulk-1' };
    const reply = await post(mock, '/widgets/bulk', operations('one', 'explode', 'two'), key);
    expectFailure(reply, 500, 'INTERNAL_ERROR');
    expect(widgets(mock.store).size).toBe(5);
    // The retry saves nothing twice: nothing was saved the first time.
    const retry = await post(mock, '/widgets/bulk', operations('one', 'two'), { 'Idempotency-Key': 'bulk-2' });
    expect(retry.body.data.successful).toBe(2);
    expect(widgets(mock.store).size).toBe(7);
  });

  it('an answer that cannot be serialised undoes every item of the call', async () => {
    const mock = testMock({}, routes);
    expectFailure(await post(mock, '/widgets/bulk', operations('one', 'bigint', 'two')), 500, 'INTERNAL_ERROR');
    expect(widgets(mock.store).size).toBe(5);
  });
});
