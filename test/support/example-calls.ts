/**
 * An endpoint's call made from its contract declaration's `exampleCall` (src/contract/endpoint.ts): its
 * path values and the records its body names resolved against the demo seed (the first row of a list) or
 * made by a named fixture, then its SDK method called with them in the generated order (path values, body,
 * query).
 */
import type { AnyEndpoint, ExampleRef } from '../../src/contract/index.js';
import type { AcsClient, ApiPromise } from '../../src/index.js';
import type { MockService } from '../../mock-server/index.js';
import type { Call, SignedIn } from './endpoint-calls.js';

/** A record a call makes before it (a sent invoice, a filed tax return): the value its `ExampleRef` stands for. */
export type Fixture = (acs: AcsClient, signedIn: SignedIn, mock: MockService) => unknown;

type AnyMethod = (...args: unknown[]) => ApiPromise<unknown>;

/** The SDK method of an endpoint id (`invoices.payments.create`: `acs.invoices.payments.create`). */
export function sdkMethodOf(acs: AcsClient, id: string): AnyMethod {
  const dot = id.lastIndexOf('.');
  const method = acs.resources()[id.slice(0, dot)]?.[id.slice(dot + 1)];
  if (!method) throw new Error(`${id}: the SDK has no method for it (run \`npm run generate\`)`);
  return method as unknown as AnyMethod;
}

/** The names of an endpoint's path values, in the order its SDK method takes them. */
export const pathParamsOf = (endpoint: AnyEndpoint) => [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);

const REF_KEYS = new Set(['first', 'fixture', 'query', 'field']);
const isRef = (value: unknown): value is ExampleRef =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  (typeof (value as { first?: unknown }).first === 'string' || typeof (value as { fixture?: unknown }).fixture === 'string') &&
  Object.keys(value).every((key) => REF_KEYS.has(key));

const at = (value: unknown, field: string) =>
  field.split('.').reduce<unknown>((record, key) => (record as Record<string, unknown> | undefined)?.[key], value);

/** Makes the call of `endpoint` from its `exampleCall`; undefined when it declares none. */
export function exampleCallOf(endpoint: AnyEndpoint, fixtures: Readonly<Record<string, Fixture>>): Call | undefined {
  const example = endpoint.exampleCall;
  if (!example) return undefined;
  return async (acs, signedIn, mock) => {
    const client = example.as ? signedIn(example.as) : acs;
    const resolve = async (value: unknown): Promise<unknown> => {
      if (isRef(value)) {
        if ('fixture' in value) {
          const fixture = fixtures[value.fixture];
          if (!fixture) throw new Error(`${endpoint.id}: no fixture '${value.fixture}' in FIXTURES of test/support/call-fixtures.ts`);
          const made = await fixture(acs, signedIn, mock);
          return value.field ? at(made, value.field) : made;
        }
        const page = (await sdkMethodOf(client, value.first)({ ...value.query, limit: 1 })) as { data: unknown[] };
        if (!page.data.length) throw new Error(`${endpoint.id}: ${value.first} answers no row of the demo seed`);
        return at(page.data[0], value.field ?? 'id');
      }
      if (Array.isArray(value)) {
        const out: unknown[] = [];
        for (const item of value) out.push(await resolve(item));
        return out;
      }
      if (typeof value !== 'object' || value === null) return value;
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(value)) out[key] = await resolve(item);
      return out;
    };
    const args: unknown[] = [];
    for (const name of pathParamsOf(endpoint)) {
      if (example.params?.[name] === undefined) throw new Error(`${endpoint.id}: its exampleCall names no value for {${name}}`);
      args.push(await resolve(example.params[name]));
    }
    if (endpoint.body) args.push(await resolve(example.body));
    if (endpoint.query) args.push(await resolve(example.query));
    while (args.length && args.at(-1) === undefined) args.pop();
    return { call: sdkMethodOf(client, endpoint.id)(...args) };
  };
}
