/**
 * A small test-only domain for the mock framework: "widgets" declared with `endpoint()`, routes over
 * them and a seed, so the router, list engine and adapters are tested apart from the accounting domain.
 */
import { z } from 'zod';
import { cursorPageQuery, endpoint, isoDate, money, offsetPageQuery, searchQuery, sortQuery } from '../../../src/contract/index.js';
import type { MockClock } from '../../../mock-server/kernel/clock.js';
import { notFound, ServiceError } from '../../../mock-server/kernel/errors.js';
import type { ApiKeyRow, CompanyRow } from '../../../mock-server/domain/platform/index.js';
import { GLOBAL, type Store } from '../../../mock-server/store/index.js';
import { respondRaw } from '../../../mock-server/kernel/raw.js';
import { route, type Route } from '../../../mock-server/store/context.js';
import { buildMockService, type MockDomain, type MockService, type MockServiceOptions } from '../../../mock-server/service.js';
import { listPage } from '../../../mock-server/store/list.js';

export const START = '2026-11-20T09:00:00.000Z';
export const BASE = 'https://sandbox.acs.example.com/v1';
export const DATA_BASE = 'https://sandbox-data.acs.example.com';
export const AUTH_BASE = 'https://sandbox-auth.acs.example.com';

export interface WidgetRow {
  id: string;
  name: string;
  color: 'red' | 'green' | 'blue';
  price: number;
  madeOn: string;
  createdAt: string;
}

const Widget = z.object({
  id: z.string(),
  name: z.string(),
  color: z.enum(['red', 'green', 'blue']),
  price: z.number(),
  madeOn: z.string(),
  createdAt: z.string(),
});

const WidgetCreate = z
  .object({
    name: z.string().trim().min(1).max(40),
    color: z.enum(['red', 'green', 'blue']),
    price: money().pipe(z.number().min(0)),
    madeOn: isoDate(),
    parts: z.array(z.object({ sku: z.string().min(1), qty: z.number().int().min(1) })).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.madeOn > '2030-12-31') {
      ctx.addIssue({
        code: 'custom',
        path: ['madeOn'],
        input: v.madeOn,
        message: 'madeOn is before 2031',
        params: { code: 'DATE_CONSTRAINT', constraint: { max: '2030-12-31' } },
      });
    }
  });

const widgetsList = endpoint({
  id: 'widgets.list',
  method: 'GET',
  path: '/widgets',
  scope: 'read:inventory',
  summary: 'test list',
  query: z.object({ color: z.enum(['red', 'green', 'blue']).optional(), ...searchQuery, ...sortQuery, ...cursorPageQuery }),
  response: Widget,
  list: {
    paging: 'cursor',
    defaultLimit: 2,
    maxLimit: 5,
    filters: { name: 'string', price: 'number', madeOn: 'date', createdAt: 'datetime' },
    search: ['name', 'color'],
    sort: ['name', 'price', 'madeOn'],
  },
});
const widgetsCreate = endpoint({
  id: 'widgets.create',
  method: 'POST',
  path: '/widgets',
  scope: 'write:inventory',
  status: 201,
  summary: 'test create',
  body: WidgetCreate,
  response: Widget,
});
const widgetsRetrieve = endpoint({
  id: 'widgets.retrieve',
  method: 'GET',
  path: '/widgets/{widgetId}',
  scope: 'read:inventory',
  summary: 'test get',
  params: z.object({ widgetId: z.string() }),
  response: Widget,
});
const widgetsDelete = endpoint({
  id: 'widgets.delete',
  method: 'DELETE',
  path: '/widgets/{widgetId}',
  scope: 'write:inventory',
  status: 204,
  summary: 'test delete',
  params: z.object({ widgetId: z.string() }),
  response: z.null(),
});
const widgetsRename = endpoint({
  id: 'widgets.rename',
  method: 'POST',
  path: '/widgets/{widgetId}/rename',
  scope: 'write:inventory',
  summary: 'rename; refuses "taken" after writing',
  params: z.object({ widgetId: z.string() }),
  body: z.object({ name: z.string().min(1) }),
  response: Widget,
});
const widgetsSpecial = endpoint({
  id: 'widgets.special',
  method: 'GET',
  path: '/widgets/special',
  scope: 'read:inventory',
  summary: 'literal segment beside {widgetId}',
  response: z.object({ special: z.boolean() }),
});
const widgetsBoom = endpoint({
  id: 'widgets.boom',
  method: 'POST',
  path: '/widgets/boom',
  scope: 'write:inventory',
  summary: 'throws a plain Error after a write',
  response: Widget,
});
const adminPurge = endpoint({
  id: 'admin.purge',
  method: 'POST',
  path: '/admin/purge',
  scope: 'admin',
  summary: 'admin only',
  response: z.object({ purged: z.number() }),
});
const suppliersList = endpoint({
  id: 'parts.list',
  method: 'GET',
  path: '/parts',
  scope: 'read:inventory',
  summary: 'offset paged',
  query: z.object({ ...offsetPageQuery, ...sortQuery }),
  response: Widget,
  list: { paging: 'offset', defaultLimit: 2, maxLimit: 3, sort: ['name'] },
});
const coreRecords = endpoint({
  id: 'core.records',
  api: 'data',
  auth: false,
  method: 'GET',
  path: '/core2/tnt/records',
  summary: 'data family, raw envelope',
  response: z.unknown(),
});
const oauthToken = endpoint({
  id: 'oauth.token',
  api: 'auth',
  auth: false,
  method: 'POST',
  path: '/oauth/token',
  summary: 'no auth, raw body',
  body: z.object({ grant_type: z.string() }),
  response: z.unknown(),
});

const widgets = (store: Store, companyId: string) => store.table<WidgetRow>(companyId, 'widgets');

export const testRoutes: Route[] = [
  route(widgetsList, (ctx) =>
    listPage(widgets(ctx.store, ctx.companyId), ctx, widgetsList.list, {
      where: ctx.query.color ? (w) => w.color === ctx.query.color : undefined,
    }),
  ),
  route(widgetsCreate, (ctx) => {
    const table = widgets(ctx.store, ctx.companyId);
    const { parts: _parts, ...fields } = ctx.body;
    return table.insert({ id: table.newId(), ...fields, createdAt: ctx.clock.iso() });
  }),
  route(widgetsRetrieve, (ctx) => {
    const row = widgets(ctx.store, ctx.companyId).get(ctx.params.widgetId);
    if (!row) throw notFound('widget', ctx.params.widgetId);
    return row;
  }),
  route(widgetsDelete, (ctx) => {
    const table = widgets(ctx.store, ctx.companyId);
    if (!table.has(ctx.params.widgetId)) throw notFound('widget', ctx.params.widgetId);
    table.delete(ctx.params.widgetId);
    return null;
  }),
  route(widgetsRename, (ctx) => {
    const row = widgets(ctx.store, ctx.companyId).update(ctx.params.widgetId, { name: ctx.body.name });
    if (ctx.body.name === 'taken')
      throw new ServiceError('CONFLICT', 'name taken', [{ resource: 'widget', field: 'name', value: 'taken', existingId: 'wid_x' }]);
    return row;
  }),
  route(widgetsSpecial, () => ({ special: true })),
  route(widgetsBoom, (ctx) => {
    const table = widgets(ctx.store, ctx.companyId);
    table.insert({ id: table.newId(), name: 'half-written', color: 'red', price: 1, madeOn: '2026-01-01', createdAt: ctx.clock.iso() });
    throw new Error('kaboom');
  }),
  route(adminPurge, () => ({ purged: 0 })),
  route(suppliersList, (ctx) => listPage(widgets(ctx.store, ctx.companyId), ctx, suppliersList.list)),
  route(coreRecords, () => respondRaw({ code: 'OK', data: [], totalRecords: 0 })),
  route(oauthToken, (ctx) => respondRaw({ access_token: 'tok', token_type: 'Bearer', grant: ctx.body.grant_type })),
];

export const KEYS = {
  all: 'svc_test_sk_all0000000000000000000000000000',
  read: 'svc_test_sk_read000000000000000000000000000',
  other: 'svc_test_sk_other00000000000000000000000000',
  live: 'svc_live_sk_live0000000000000000000000000000',
  liveStored: 'svc_test_sk_livemode0000000000000000000000',
};

export const testDomain: MockDomain = {
  routes: testRoutes,
  defineTables(store) {
    store.defineTable('widgets', { prefix: 'wid' });
  },
  seed(store: Store, clock: MockClock) {
    const companies = store.table<CompanyRow>(GLOBAL, 'companies');
    const company = (id: string, name: string): CompanyRow =>
      companies.insert({
        id,
        name,
        legalName: name,
        registrationNumber: null,
        taxNumber: null,
        sstRegistrationNumber: null,
        currency: 'MYR',
        country: 'MY',
        timezone: 'Asia/Kuala_Lumpur',
        fiscalYearStart: '01-01',
        inventoryValuationMethod: 'fifo',
        allowNegativeStock: true,
        plan: 'growth',
        email: null,
        phone: null,
        address: {},
        createdAt: clock.iso(),
      });
    company('cmp_main', 'Main Co');
    company('cmp_other', 'Other Co');
    const keys = store.table<ApiKeyRow>(GLOBAL, 'apiKeys');
    const key = (id: string, secret: string, companyIds: string[], scopes: string[], mode: 'test' | 'live' = 'test') =>
      keys.insert({ id, name: id, secret, mode, companyIds, scopes, createdAt: clock.iso() });
    key('key_all', KEYS.all, ['cmp_main'], ['read:inventory', 'write:inventory']);
    key('key_read', KEYS.read, ['cmp_main'], ['read:inventory']);
    key('key_other', KEYS.other, ['cmp_other'], ['admin']);
    key('key_livemode', KEYS.liveStored, ['cmp_main'], ['admin'], 'live');
    const table = widgets(store, 'cmp_main');
    const seedRows: Omit<WidgetRow, 'id' | 'createdAt'>[] = [
      { name: 'Anchor', color: 'red', price: 10, madeOn: '2026-01-05' },
      { name: 'bolt', color: 'green', price: 2.5, madeOn: '2026-02-10' },
      { name: 'Cog', color: 'blue', price: 7, madeOn: '2026-03-15' },
      { name: 'Dowel', color: 'red', price: 1.25, madeOn: '2026-04-20' },
      { name: 'Axle', color: 'green', price: 30, madeOn: '2026-05-25' },
    ];
    for (const row of seedRows) table.insert({ id: table.newId(), ...row, createdAt: clock.iso() });
    return {
      apiKey: KEYS.all,
      companyId: 'cmp_main',
      companies: [
        { id: 'cmp_main', name: 'Main Co', apiKey: KEYS.all },
        { id: 'cmp_other', name: 'Other Co', apiKey: KEYS.other },
      ],
      readOnlyApiKey: KEYS.read,
    };
  },
};

/**
 * A mock over the test domain, with `routes` beside its own (each test file declares the endpoints it
 * needs); the logger is silent unless a test passes its own.
 */
export function testMock(options: MockServiceOptions = {}, routes: Route[] = []): MockService {
  const domain = routes.length ? { ...testDomain, routes: [...testDomain.routes, ...routes] } : testDomain;
  return buildMockService(domain, { now: START, logger: { error() {} }, ...options });
}

/** How many widgets company cmp_main has (5 after the seed). */
export const widgetCount = (mock: MockService): number => mock.store.table<WidgetRow>('cmp_main', 'widgets').size;

/** Headers of an authenticated call with the all-scopes key. */
export const auth = (key = KEYS.all, company = 'cmp_main'): Record<string, string> => ({
  Authorization: `Bearer ${key}`,
  'X-Company-Id': company,
});

export const json = (body: unknown, headers: Record<string, string> = auth()): RequestInit => ({
  method: 'POST',
  headers: { ...headers, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export const newWidget = { name: 'Gear', color: 'blue', price: 12.5, madeOn: '2026-06-01' };
