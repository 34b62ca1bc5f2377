// docs/openapi.json types a refusal's `details` by its code (PLAT-47): each shared shape has its envelope,
// and the mock's refusals of those codes match them.
import { describe, expect, it } from 'vitest';
import { codesOfOwnDetails, codesOfShape, ERROR_CODES, errorEnvelopeOfCode, SHARED_SHAPES } from '../../src/contract/index.js';
import { openApiDocument } from '../../scripts/openapi-document.js';
import { sandbox } from '../support/sandbox.js';

type Json = Record<string, unknown>;
const schemas = (openApiDocument() as { components: { schemas: Record<string, Json> } }).components.schemas;
const codesOfComponent = (name: string) =>
  (schemas[name] as { properties: { error: { properties: { code: { enum: string[] } } } } }).properties.error.properties.code
    .enum as string[];

describe('the error envelopes of docs/openapi.json', () => {
  it('give every catalogued code exactly one envelope', () => {
    const listed = ['ValidationErrorEnvelope', 'NotFoundErrorEnvelope', 'StateRuleErrorEnvelope', 'OtherErrorEnvelope'].flatMap(
      codesOfComponent,
    );
    expect([...listed].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('make ErrorEnvelope the union of the four', () => {
    expect((schemas.ErrorEnvelope.anyOf as Json[]).map((ref) => ref.$ref)).toEqual([
      '#/components/schemas/ValidationErrorEnvelope',
      '#/components/schemas/NotFoundErrorEnvelope',
      '#/components/schemas/StateRuleErrorEnvelope',
      '#/components/schemas/OtherErrorEnvelope',
    ]);
  });

  it('put the spec codes of each shape where their catalogued details say', () => {
    expect(codesOfShape('item')).toEqual(expect.arrayContaining(['VALIDATION_ERROR', 'INVALID_COMPANY', 'PAYLOAD_TOO_LARGE']));
    expect(codesOfShape('notFound')).toEqual(expect.arrayContaining(['NOT_FOUND', 'CUSTOMER_NOT_FOUND', 'BILL_NOT_FOUND']));
    expect(codesOfShape('stateRule')).toEqual(expect.arrayContaining(['PO_ALREADY_SENT', 'BILL_ALREADY_PAID']));
    expect(codesOfOwnDetails()).toEqual(expect.arrayContaining(['BUSINESS_RULE_VIOLATION', 'CONFLICT', 'RATE_LIMIT_EXCEEDED']));
    expect(SHARED_SHAPES.flatMap(codesOfShape).length + codesOfOwnDetails().length).toBe(Object.keys(ERROR_CODES).length);
  });
});

describe("the mock's refusals", () => {
  it('match the envelope of their shape: validation items, a missing record, a state refusal', async () => {
    const { mock, client } = sandbox({ seed: 'demo' });
    const refusals = new Map<string, unknown>();
    const recording = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await mock.fetch(new Request(input, init));
      if (response.status >= 400)
        refusals.set(((await response.clone().json()) as { error: { code: string } }).error.code, await response.clone().json());
      return response;
    };
    const acs = client({ fetch: recording as typeof globalThis.fetch, maxRetries: 0, validate: undefined });
    const refused = (promise: Promise<unknown>) =>
      promise.then(
        () => expect.unreachable('refused'),
        () => undefined,
      );
    await refused(acs.customers.retrieve('cus_missing'));
    await refused(acs.items.list({ limit: 'many' } as never));
    const supplier = (await acs.suppliers.list({ limit: 1 })).data[0]!;
    const item = (await acs.items.list({ type: 'inventory', tracked: true, limit: 1 })).data[0]!;
    const order = await acs.purchaseOrders.create({ supplierId: supplier.id, items: [{ itemId: item.id, quantity: 1, unitPrice: 5 }] });
    await acs.purchaseOrders.send(order.id);
    await refused(acs.purchaseOrders.send(order.id));
    expect([...refusals.keys()]).toEqual(['CUSTOMER_NOT_FOUND', 'VALIDATION_ERROR', 'PO_ALREADY_SENT']);
    for (const [code, body] of refusals) {
      const parsed = errorEnvelopeOfCode(code)!.safeParse(body);
      expect(parsed.success, `${code}: ${JSON.stringify(body)}`).toBe(true);
    }
  });
});
