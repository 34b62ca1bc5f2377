import { beforeEach, describe, expect, it } from 'vitest';
import { type AnyEndpoint, endpoints } from '../../src/contract/index.js';
import { sandbox } from '../support/sandbox.js';
import { CALLS, callOf, pathPattern, type SignedIn } from '../support/endpoint-calls.js';
import { pathParamsOf } from '../support/example-calls.js';

// A new contract endpoint without a call (its `exampleCall`, or a row in CALLS of test/support/endpoint-calls.ts) fails the first test below.
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
    expect(
      endpoints.filter((endpoint) => !callOf(endpoint)).map((endpoint) => endpoint.id),
      next(
        'give each new endpoint a successful call: `exampleCall` in its contract declaration (src/contract/endpoint.ts), or an entry in CALLS of test/support/endpoint-calls.ts when it needs set-up code',
      ),
    ).toEqual([]);
    expect(
      endpoints.filter((endpoint) => endpoint.exampleCall && CALLS[endpoint.id]).map((endpoint) => endpoint.id),
      next('an endpoint has one call: drop its CALLS entry or its `exampleCall`'),
    ).toEqual([]);
    expect(
      Object.keys(CALLS).filter((id) => !ids.includes(id)),
      next('a CALLS entry names an endpoint of the contract'),
    ).toEqual([]);
    const named = (endpoint: AnyEndpoint) =>
      Object.keys(endpoint.exampleCall?.params ?? {})
        .sort()
        .join();
    const misnamed = endpoints.filter(
      (endpoint) => endpoint.exampleCall && (endpoint.sdkMethod === 'custom' || named(endpoint) !== pathParamsOf(endpoint).sort().join()),
    );
    expect(
      misnamed.map((endpoint) => endpoint.id),
      next('an `exampleCall` names each path value of its endpoint, and a `sdkMethod: custom` endpoint takes its call in CALLS'),
    ).toEqual([]);
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
    async (_id, endpoint) => {
      const { call } = await callOf(endpoint)!(acs, signedIn, mock);
      const { data, response } = await call.withResponse();
      const last = sent.at(-1)!;

      expect(response.status).toBe(endpoint.status);
      expect(last.method).toBe(endpoint.method);
      expect(last.url.pathname).toMatch(pathPattern(endpoint));
      expect(data).toBeDefined();
    },
  );
});
