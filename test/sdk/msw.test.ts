import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, describe, expect, it } from 'vitest';
import { AcsClient } from '../../src/index.js';
import { TEST_KEY, account } from './helpers.js';
import { validating } from '../support/validation.js';

describe('with msw', () => {
  // Built before msw patches fetch: the client must still be intercepted (fetch is looked up per call).
  const acs = new AcsClient({ apiKey: TEST_KEY, companyId: 'cmp_demo', validate: validating('strict'), logLevel: 'off' });
  const seen: Request[] = [];
  const server = setupServer(
    http.get('https://sandbox.acs.example.com/v1/accounts/:id', ({ request, params }) => {
      seen.push(request);
      return HttpResponse.json({
        success: true,
        data: account({ id: params.id }),
        meta: { timestamp: '2026-11-02T10:00:00.000Z', requestId: 'req_msw' },
      });
    }),
  );
  server.listen({ onUnhandledFrame: 'error' });
  afterAll(() => server.close());

  it('a client created before server.listen() is intercepted', async () => {
    const { data, requestId } = await acs.accounts.retrieve('acc_9').withResponse();
    expect(data.id).toBe('acc_9');
    expect(requestId).toBe('req_msw');
    expect(seen[0].headers.get('x-request-id')).toBeTruthy();
    expect(seen[0].headers.get('authorization')).toBe(`Bearer ${TEST_KEY}`);
  });
});
