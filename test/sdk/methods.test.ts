import { describe, expect, it } from 'vitest';
import { endpoints } from '../../src/contract/index.js';
import type { SdkMethod } from '../../src/index.js';
import { scriptedFetch, testClient } from './helpers.js';

const { fetch } = scriptedFetch();
const acs = testClient(fetch);
const methods = Object.entries(acs.resources()).flatMap(([resource, group]) =>
  Object.entries(group).map(([name, method]) => ({ resource, name, method: method as SdkMethod })),
);

describe('SDK methods derived from the contract', () => {
  it('every method is a function carrying its endpoint as `endpoint`, as the contract declares it', () => {
    expect(methods.length).toBeGreaterThan(0);
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    for (const { resource, name, method } of methods) {
      expect(typeof method, `${resource}.${name}`).toBe('function');
      const declared = byId.get(method.endpoint.id)!;
      const { list, ...route } = method.endpoint;
      expect(route, `${resource}.${name}`).toEqual({
        id: declared.id,
        method: declared.method,
        path: declared.path,
        api: declared.api,
        status: declared.status,
        auth: declared.auth,
        hasBody: declared.body ? true : undefined,
        hasQuery: declared.query ? true : undefined,
        retryable: declared.retryable,
        envelope: declared.envelope,
        requestContentTypes: declared.requestContentTypes,
        files: declared.files || declared.file ? true : undefined,
      });
      // A report read by its query alone has `.download(query)`; one with path values or a body gets a download method on its resource (acs.reports.saved.download).
      if (declared.files && !declared.body && !declared.path.includes('{'))
        expect(typeof (method as { download?: unknown }).download, `${resource}.${name}.download`).toBe('function');
      if (declared.list)
        expect(list).toEqual({ paging: declared.list.paging, defaultLimit: declared.list.defaultLimit, maxLimit: declared.list.maxLimit });
    }
  });

  it('a method is reached as acs.<resource>.<action> named by the endpoint id', () => {
    for (const { resource, name, method } of methods) expect(method.endpoint.id).toBe(`${resource}.${name}`);
  });

  it('every contract endpoint has exactly one SDK method', () => {
    const covered = methods.map(({ method }) => method.endpoint.id).sort();
    expect(covered).toEqual(endpoints.map((e) => e.id).sort());
  });

  it('resources() walks only methods: no configuration or credentials on the resource objects', () => {
    for (const group of Object.values(acs.resources())) {
      for (const value of Object.values(group)) expect(typeof value).toBe('function');
    }
  });
});
