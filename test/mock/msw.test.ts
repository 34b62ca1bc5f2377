import { getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockService } from '../../mock-server/index.js';
import { setupMockServer } from '../../mock-server/node.js';

const mock = createMockService({ seed: 'demo' });
const server = setupServer(...mock.handlers);
const { credentials } = mock;
const headers = { Authorization: `Bearer ${credentials.apiKey}`, 'X-Company-Id': credentials.companyId };

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterAll(() => server.close());

describe('msw interception', () => {
  it('answers a plain fetch to the sandbox base through setupServer', async () => {
    const response = await fetch(`${credentials.baseUrl}/auth/verify`, { headers });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.data).toMatchObject({ authenticated: true, company: { id: credentials.companyId } });
    expect(response.headers.get('x-request-id')).toBe(body.meta.requestId);
  });

  it('answers /api/v1 and refusals through the same handler', async () => {
    const unauthorized = await fetch(`${credentials.baseUrl.replace(/\/v1$/, '/api/v1')}/accounts`, {
      headers: { 'X-Company-Id': credentials.companyId },
    });
    expect(unauthorized.status).toBe(401);
    expect((await unauthorized.json()).error.code).toBe('UNAUTHORIZED');
  });

  it('passes request bodies through to the router', async () => {
    const created = await fetch(`${credentials.baseUrl}/accounts`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ accountNumber: '6998', name: 'Via msw', type: 'expense', category: 'operating_expense' }),
    });
    expect(created.status).toBe(201);
    expect((await created.json()).data).toMatchObject({ accountNumber: '6998', name: 'Via msw' });
    mock.reset();
  });

  it('journals what it answers, as mock.fetch and the standalone server do (MOCK-27)', async () => {
    mock.requests.clear();
    const response = await fetch(`${credentials.baseUrl}/company`, { headers });
    expect(mock.requests.last()).toMatchObject({ route: '/v1/company', status: 200, requestId: response.headers.get('x-request-id') });
  });

  it('turns a network fault into a rejected fetch', async () => {
    mock.faults.inject({ error: 'network' });
    await expect(fetch(`${credentials.baseUrl}/company`, { headers })).rejects.toThrow();
    expect((await fetch(`${credentials.baseUrl}/company`, { headers })).status).toBe(200);
  });

  it('claims only the service bases, so other hosts pass through', async () => {
    expect(await getResponse(mock.httpHandlers, new Request('https://example.org/v1/accounts'))).toBeUndefined();
    expect(await getResponse(mock.httpHandlers, new Request('https://sandbox.acs.example.com/elsewhere'))).toBeUndefined();
    const claimed = await getResponse(mock.httpHandlers, new Request(`${credentials.dataBaseUrl}/core2/unknown`));
    expect(claimed?.status).toBe(404);
  });

  it('follows a configured sandbox host', async () => {
    const custom = createMockService({ seed: 'empty', baseUrl: 'https://sandbox.example.test/v1' });
    const response = await getResponse(
      custom.httpHandlers,
      new Request('https://sandbox.example.test/v1/company', {
        headers: { Authorization: `Bearer ${custom.credentials.apiKey}`, 'X-Company-Id': custom.credentials.companyId },
      }),
    );
    expect(response?.status).toBe(200);
    expect(custom.credentials.baseUrl).toBe('https://sandbox.example.test/v1');
  });
});

describe('setupMockServer', () => {
  it('returns an msw server over a fresh mock, not yet listening', async () => {
    const setup = setupMockServer({ seed: 'empty' });
    expect(setup.server.listHandlers()).toHaveLength(setup.mock.handlers.length);
    const response = await getResponse(
      setup.server.listHandlers() as never,
      new Request(`${setup.mock.credentials.baseUrl}/company`, {
        headers: { Authorization: `Bearer ${setup.mock.credentials.apiKey}`, 'X-Company-Id': setup.mock.credentials.companyId },
      }),
    );
    expect(response?.status).toBe(200);
  });
});
