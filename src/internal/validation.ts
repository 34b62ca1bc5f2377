/**
 * Response validation against the zod contract: loaded by a dynamic import only when a client has
 * `validate: 'strict' | 'warn'`, so a client that never validates never loads zod or the schemas.
 */
import type { z } from 'zod';
import { CursorPagination, listEnvelope, OffsetPagination, PageNumberPagination, successEnvelope, endpoints } from '../contract/index.js';
import type { AnyEndpoint, PagingForm } from '../contract/index.js';

const PAGINATION_SCHEMAS: Record<PagingForm, z.ZodType> = {
  cursor: CursorPagination,
  offset: OffsetPagination,
  page: PageNumberPagination,
};

const byId = new Map<string, AnyEndpoint>(endpoints.map((endpoint) => [endpoint.id, endpoint]));
const envelopes = new Map<string, z.ZodType>();

/** The whole success body of an endpoint, by its id: `successEnvelope(response)`, or a list envelope; undefined for an id the contract lacks. */
export function envelopeSchema(id: string): z.ZodType | undefined {
  let schema = envelopes.get(id);
  if (schema) return schema;
  const endpoint = byId.get(id);
  if (!endpoint) return undefined;
  // The OAuth endpoints answer RFC 6749 JSON itself, with no envelope around it.
  schema =
    endpoint.envelope === false
      ? endpoint.response
      : endpoint.list
        ? listEnvelope(endpoint.response, PAGINATION_SCHEMAS[endpoint.list.paging])
        : successEnvelope(endpoint.response);
  envelopes.set(id, schema);
  return schema;
}
