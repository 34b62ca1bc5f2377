import { describe, expect, it } from 'vitest';
import * as schemas from '../../src/contract/index.js';
import { contract, endpoints, money } from '../../src/contract/index.js';

describe('the contract', () => {
  it('declares every endpoint once, by id and by method and path', () => {
    const ids = endpoints.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const routes = endpoints.map((e) => `${e.api} ${e.method} ${e.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('describes every endpoint: its OpenAPI description and its SDK method doc comment', () => {
    const undescribed = endpoints.filter((e) => !e.description?.trim()).map((e) => e.id);
    expect(undescribed, 'give each endpoint a `description` (CONTRIBUTING.md, "Adding an endpoint")').toEqual([]);
  });

  it('declares the default order of every list, so a page without `sort` is stable', () => {
    for (const e of endpoints.filter((endpoint) => endpoint.list)) {
      expect(e.list!.defaultSort, e.id).toMatch(/^\w+(\.\w+)*:(asc|desc)(,\w+(\.\w+)*:(asc|desc))*$/);
    }
  });

  it('names the path parameters of every endpoint in its params schema', () => {
    for (const e of endpoints) {
      const names = [...e.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const shape = Object.keys((e.params as { shape?: object } | undefined)?.shape ?? {});
      expect(shape.sort(), e.id).toEqual(names.sort());
    }
  });

  it('gives every body, query and response a named export, the public name of its type', () => {
    const names = new Map<unknown, string>(Object.entries(schemas).map(([name, value]) => [value, name]));
    for (const e of endpoints) {
      expect(names.get(e.response), `${e.id} response`).toMatch(/^[A-Z]/);
      // `<Singular><Action>Params`; a query beside a body would be `<Singular><Action>Query`.
      if (e.body) expect(names.get(e.body), `${e.id} body`).toMatch(/^[A-Z]\w*Params$/);
      if (e.query) expect(names.get(e.query), `${e.id} query`).toMatch(e.body ? /^[A-Z]\w*Query$/ : /^[A-Z]\w*Params$/);
    }
  });

  it('parses URLs without trusting URL.canParse, which accepts hosts `new URL` throws on', () => {
    const huge = `https://${'T'.repeat(20_000)}`;
    expect(() => schemas.parseAbsoluteUrl(huge)).not.toThrow();
    expect(schemas.parseAbsoluteUrl(huge)).toBeNull();
    expect(schemas.parseAbsoluteUrl('https://example.com/a')?.hostname).toBe('example.com');
    expect(schemas.parseAbsoluteUrl('example.com')).toBeNull();
    expect(() => schemas.webhookUrlProblem(huge)).not.toThrow();
    expect(schemas.webhookUrlProblem(huge)).toBe('url must be an absolute URL');
  });

  it('declares a bound on every free-form field of addresses, emails, phones and image URLs (SALES-2)', () => {
    const street = (n: number) => ({ street: 'x'.repeat(n) });
    expect(schemas.Address.safeParse(street(schemas.ADDRESS_LIMITS.street)).success).toBe(true);
    expect(schemas.Address.safeParse(street(schemas.ADDRESS_LIMITS.street + 1)).success).toBe(false);
    expect(schemas.Address.safeParse({ postalCode: '1'.repeat(21) }).success).toBe(false);
    const longEmail = `${'a'.repeat(250)}@example.com`;
    expect(schemas.ContactCreateParams.safeParse({ name: 'A', email: longEmail }).success).toBe(false);
    expect(schemas.InvoiceSendParams.safeParse({ to: [longEmail] }).success).toBe(false);
    expect(schemas.ContactCreateParams.safeParse({ name: 'A', phone: `+60 3-${'-'.repeat(30)}1234 5678` }).success).toBe(false);
    expect(schemas.isPhone('+60 (3) 7955-2100')).toBe(true);
    const image = (url: string) =>
      schemas.ItemCreateParams.safeParse({ itemCode: 'I', name: 'I', type: 'service', images: [{ url }] }).success;
    expect(image(`https://example.com/${'p'.repeat(2000)}`)).toBe(true);
    expect(image(`https://example.com/${'p'.repeat(2100)}`)).toBe(false);
  });

  it('takes amounts with at most two decimals', () => {
    expect(money().safeParse(10.25).success).toBe(true);
    expect(money().safeParse(0.1).success).toBe(true);
    const refused = money().safeParse(10.255);
    expect(refused.success).toBe(false);
    expect((refused.error!.issues[0] as { params?: { code?: string } }).params?.code).toBe('INVALID_FORMAT');
  });

  it('refuses a category that does not belong to the account type', () => {
    const r = contract.accounting.accountsCreate.body!.safeParse({
      accountNumber: '1010',
      name: 'Cash',
      type: 'asset',
      category: 'equity',
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0].path).toEqual(['category']);
  });
});
