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
  it('every method is a function carrying its contract declaration as `endpoint`', () => {
    expect(methods.length).toBeGreaterThan(0);
    for (const { resource, name, method } of methods) {
      expect(typeof method, `${resource}.${name}`).toBe('function');
      expect(endpoints, `${resource}.${name}`).toContain(method.endpoint);
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
