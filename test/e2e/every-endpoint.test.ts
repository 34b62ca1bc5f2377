import { beforeEach, describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/index.js';
import { sandbox } from '../support/sandbox.js';
import { CALLS, pathPattern, type SignedIn } from '../support/endpoint-calls.js';

// A new contract endpoint without a row in CALLS (test/support/endpoint-calls.ts) fails the first test below.
describe('every endpoint of the contract, through the SDK against the mock with strict validation', () => {
  const { mock, acs, sent, client } = sandbox();
  const users = { owner: 0, platformAdmin: 3 } as const;
  const signedIn: SignedIn = (user) => client({ accessToken: mock.signIn(mock.credentials.oauth!.users[users[user]]!.id) });

  beforeEach(() => {
    mock.reset();
    sent.length = 0;
  });

  it('has a call here for each of the contract endpoints, and the SDK a method for each', () => {
    const next = (step: string) => `${step} (CONTRIBUTING.md, "Adding an endpoint")`;
    const ids = endpoints.map((endpoint) => endpoint.id).sort();
    expect(Object.keys(CALLS).sort(), next('add a successful call of each new endpoint to CALLS above')).toEqual(ids);
    const declared = Object.values(acs.resources()).flatMap((resource) => Object.values(resource).map((method) => method.endpoint.id));
    expect(
      declared.sort(),
      next(
        'run `npm run generate` for the SDK method; a new address needs its class in src/resources/<module>/, a `sdkMethod: custom` one its method',
      ),
    ).toEqual(ids);
  });

  it.each(endpoints.map((endpoint) => [endpoint.id, endpoint] as const))(
    '%s answers with its declared status and a body that passes the contract',
    async (id, endpoint) => {
      const { call } = await CALLS[id](acs, signedIn, mock);
      const { data, response } = await call.withResponse();
      const last = sent.at(-1)!;

      expect(response.status).toBe(endpoint.status);
      expect(last.method).toBe(endpoint.method);
      expect(last.url.pathname).toMatch(pathPattern(endpoint));
      expect(data).toBeDefined();
    },
  );
});
