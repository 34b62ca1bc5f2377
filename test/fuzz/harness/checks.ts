import type { z } from 'zod';
import { errorEnvelopeOfCode } from '../../../src/contract/error-envelopes.js';
import { ERROR_CODES, ErrorEnvelope, FILE_FORMATS, responseSchemaOf, type AnyEndpoint } from '../../../src/contract/index.js';
import type { StoreSnapshot } from '../../../mock-server/store/store.js';
import { type Exchange, prototypeChanges } from './exchange.js';
import { describeChange } from './requests.js';

const MAX_SHOWN = 600;
export const clip = (text: string, max = MAX_SHOWN): string =>
  text.length > max ? `${text.slice(0, max)}... (${text.length} chars)` : text;

/** The request and answer, readable, for a failure message. */
export function describeExchange(x: Exchange): string {
  const body = x.request.body === undefined ? '' : `\n  body: ${clip(JSON.stringify(x.request.body))}`;
  return `${x.method} ${clip(x.url, 400)}${body}\n  -> ${x.answer.status} ${x.answer.contentType ?? '(no content type)'} ${clip(x.answer.text)}`;
}

const errorSchemaCache = new WeakMap<AnyEndpoint, z.ZodType>();

/** What a refusal of this endpoint looks like: the spec's envelope, or the endpoint's own (RFC 6749 for OAuth). */
function errorSchemaOf(endpoint: AnyEndpoint): z.ZodType {
  let schema = errorSchemaCache.get(endpoint);
  if (!schema) errorSchemaCache.set(endpoint, (schema = endpoint.errorBody ?? ErrorEnvelope));
  return schema;
}

/** A refusal's code is in the catalogue (src/contract/errors.ts, decision PLAT-33), answered with its status. */
function catalogueProblems(status: number, code: string): string[] {
  const entry = (ERROR_CODES as Record<string, { status: number }>)[code];
  if (!entry) return [`refusal code ${code} is not in ERROR_CODES`];
  return entry.status === status ? [] : [`refusal code ${code} answered with ${status}, catalogued as ${entry.status}`];
}

/** A refusal whose code has a shared shape of details matches that shape's envelope, as docs/openapi.json declares it (PLAT-47). */
function shapeProblems(code: string, json: unknown): string[] {
  const parsed = errorEnvelopeOfCode(code)?.safeParse(json);
  if (!parsed || parsed.success) return [];
  return [`${code} details are not of their shape: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`];
}

/**
 * Problems of one exchange, whatever was sent: no 5xx; a refusal is JSON in the endpoint's error
 * format with a string code and message; a refused request changes no table and no number sequence;
 * no built-in prototype changes; a success fits the contract; the admin key is never echoed.
 */
export function universalProblems(x: Exchange, before: StoreSnapshot, after: StoreSnapshot, secrets: readonly string[]): string[] {
  const problems: string[] = [];
  const { status, text, json, contentType } = x.answer;
  if (status >= 500) problems.push(`status ${status}`);
  if (status >= 400) {
    if (!contentType || !/^application\/json\b/i.test(contentType)) problems.push(`refusal with content type ${contentType ?? 'none'}`);
    if (json === undefined) problems.push('refusal body is not JSON');
    else {
      const parsed = errorSchemaOf(x.endpoint).safeParse(json);
      if (!parsed.success)
        problems.push(
          `refusal body is not the error envelope: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
        );
      else if (!x.endpoint.errorBody) {
        const code = (json as { error: { code: string } }).error.code;
        problems.push(...catalogueProblems(status, code), ...shapeProblems(code, json));
      }
    }
    const change = describeChange(before, after);
    if (change) problems.push(`a refused request changed the store: ${change}`);
  } else if (status >= 200 && status < 300) {
    if (status === 204) {
      if (text !== '') problems.push('204 with a body');
    } else if (x.endpoint.file) {
      // A file answer (an e-invoice's XML or PDF) is its declared media type, not the envelope.
      if (!contentType?.startsWith(x.endpoint.file.mediaType)) problems.push(`file answer with content type ${contentType ?? 'none'}`);
    } else if (x.endpoint.files?.some((format) => contentType?.startsWith(FILE_FORMATS[format].mediaType.split(';')[0]))) {
      // A `format` the endpoint declares as a file (a report's CSV, a batch job's results): not the envelope.
    } else {
      const schema = responseSchemaOf(x.endpoint.id);
      const parsed = schema?.safeParse(json);
      if (json === undefined) problems.push('success body is not JSON');
      else if (parsed && !parsed.success)
        problems.push(
          `success body does not fit the contract: ${parsed.error.issues
            .slice(0, 3)
            .map((i) => `${i.path.join('.')}: ${i.message}`)
            .join('; ')}`,
        );
    }
  } else if (status !== 302 && status !== 303) {
    problems.push(`unexpected status ${status}`);
  }
  const polluted = prototypeChanges();
  if (polluted) problems.push(`prototype pollution: ${polluted}`);
  for (const secret of secrets) if (text.includes(secret)) problems.push('the answer echoes the API key');
  return problems;
}
