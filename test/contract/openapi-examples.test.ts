import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { endpoints, responseSchemaOf, type AnyEndpoint } from '../../src/contract/index.js';
import { checkResponse } from '../../mock-server/kernel/answers.js';

// docs/openapi.json as committed: test/contract/openapi.test.ts holds it to what `npm run openapi` writes.
type Media = { example?: unknown };
type Operation = { requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };
const doc = JSON.parse(readFileSync(new URL('../../docs/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
};
const operationOf = (e: AnyEndpoint) => doc.paths[e.api === 'business' ? `/v1${e.path}` : e.path][e.method.toLowerCase()];
const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');

/** What has no example: a redirect, and answers that are bytes (PDF, Excel). */
const WITHOUT_RESPONSE_EXAMPLE = new Set(['oauth.authorize', 'einvoices.documents.pdf', 'batch.templates.excel']);

describe('the examples of docs/openapi.json, captured from the demo mock (PLAT-41)', () => {
  it.each(endpoints.map((e) => [e.id, e] as const))('%s: its request example is a body its schema takes', (_id, e) => {
    const content = operationOf(e).requestBody?.content;
    if (!content) return;
    const examples = Object.values(content).filter((media) => media.example !== undefined);
    expect(examples.length, 'an example of the request body').toBeGreaterThan(0);
    for (const { example } of examples) {
      const result = e.body!.safeParse(example);
      expect(result.success, issuesOf(result)).toBe(true);
    }
  });

  it.each(endpoints.map((e) => [e.id, e] as const))('%s: its answer example fits its declared response, field for field', (id, e) => {
    const answer = operationOf(e).responses[String(e.status)];
    const examples = Object.entries(answer.content ?? {}).filter(([, media]) => media.example !== undefined);
    if (WITHOUT_RESPONSE_EXAMPLE.has(id) || e.status === 204) return expect(examples).toEqual([]);
    expect(examples.length, 'an example of the answer').toBeGreaterThan(0);
    for (const [type, { example }] of examples) {
      if (type !== 'application/json') {
        expect(example, type).toBeTypeOf('string');
        continue;
      }
      const result = responseSchemaOf(id)!.safeParse(example);
      expect(result.success, issuesOf(result)).toBe(true);
      const data = e.envelope === false ? example : (example as { data: unknown }).data;
      for (const item of e.list ? (data as unknown[]) : [data]) checkResponse(e, item);
    }
  });
});
