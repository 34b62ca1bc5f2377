import type { z } from 'zod';
import { CursorPagination, listEnvelope, OffsetPagination, PageNumberPagination, successEnvelope } from './common.js';
import type { AnyEndpoint, PagingForm } from './endpoint.js';

const PAGINATION_SCHEMAS: Record<PagingForm, z.ZodType> = {
  cursor: CursorPagination,
  offset: OffsetPagination,
  page: PageNumberPagination,
};

/**
 * The whole success body of an endpoint: `successEnvelope(response)`, a list envelope with the
 * endpoint's pagination, or (the OAuth endpoints, RFC 6749 JSON) the response itself.
 */
export function responseBodySchema(endpoint: AnyEndpoint): z.ZodType {
  if (endpoint.envelope === false) return endpoint.response;
  return endpoint.list ? listEnvelope(endpoint.response, PAGINATION_SCHEMAS[endpoint.list.paging]) : successEnvelope(endpoint.response);
}
