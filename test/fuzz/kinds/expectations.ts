import type { AnyEndpoint } from '../../../src/contract/index.js';
import type { Path } from '../arbitraries.js';
import type { Exchange } from '../harness.js';

export const codeOfAnswer = (x: Exchange): string =>
  String((x.answer.json as { error?: { code?: unknown } } | undefined)?.error?.code ?? '');

export const statusIs =
  (...statuses: number[]) =>
  (x: Exchange): string | null =>
    statuses.includes(x.answer.status) ? null : `expected status ${statuses.join(' or ')}, got ${x.answer.status}`;

/** The status a bad query answers: 422 VALIDATION_ERROR, or the endpoint's own (the reports' 400 INVALID_PARAMETERS). */
export const queryRefusal = (endpoint: AnyEndpoint): number => endpoint.invalidQuery?.status ?? 422;

export const refusedWithCode =
  (status: number, code: string) =>
  (x: Exchange): string | null => {
    if (x.answer.status !== status) return `expected ${status} with a ${code} detail, got ${x.answer.status}`;
    const details = (x.answer.json as { error?: { details?: unknown } } | undefined)?.error?.details;
    const codes = Array.isArray(details) ? details.map((d) => (d as { code?: unknown }).code) : [];
    return codes.includes(code) ? null : `expected a ${code} detail, got ${JSON.stringify(codes)}`;
  };

/**
 * Refused with one of `statuses`; or, in a batch answer (`data.results` of `{ index?, success }`), the
 * item the change hit (the element of `path[1]`) failed alone, as the spec's bulk calls do.
 */
export const refusedAt =
  (path: Path, ...statuses: number[]) =>
  (x: Exchange): string | null => {
    if (statuses.includes(x.answer.status)) return null;
    // An asynchronous batch (options.async) answers 202 at once; its job runs each record through the same rules (test/e2e/batch).
    if (x.answer.status === 202 && typeof (x.answer.json as { data?: { jobId?: unknown } } | undefined)?.data?.jobId === 'string')
      return null;
    const results = (x.answer.json as { data?: { results?: unknown } } | undefined)?.data?.results;
    if (x.answer.status < 300 && Array.isArray(results) && typeof path[1] === 'number') {
      // Bulk results name their `index`; batch results (spec document 3) are in the order of the operations.
      const indexed = results.some((r) => (r as { index?: unknown }).index !== undefined);
      const item = (indexed ? results.find((r) => (r as { index?: unknown }).index === path[1]) : results[path[1]]) as
        | { success?: unknown }
        | undefined;
      return item?.success === false ? null : `the batch accepted item ${path[1]}`;
    }
    return `expected status ${statuses.join(' or ')}, got ${x.answer.status}`;
  };

/** Every status that refuses a request (4xx but 401/403, which say nothing of the input). */
export const REFUSALS = [400, 404, 409, 413, 415, 422];

/** A refusal must not carry `marker` (a long value or a secret the request sent). */
export const refusalOmits =
  (marker: string, what: string) =>
  (x: Exchange): string | null =>
    x.answer.status >= 400 && x.answer.text.includes(marker) ? `the refusal echoes ${what}` : null;
