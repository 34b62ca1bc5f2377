import { z } from 'zod';
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
  if (!endpoint.list) return successEnvelope(endpoint.response);
  const list = listEnvelope(endpoint.response, PAGINATION_SCHEMAS[endpoint.list.paging]);
  // The data-management envelope adds the spec's `totalRecords` (document 3; 0 unless `calcTotalRecords=true`).
  return endpoint.api === 'data' ? list.extend({ totalRecords: z.number().int().min(0) }) : list;
}
