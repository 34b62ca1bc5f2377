import { serviceOpenApi } from '../../src/contract/service-openapi.js';
import type { MockRequest, MockResponse } from '../kernel/request.js';

/** Where a running mock serves its contract: beside the API bases, so a tool needs one URL. */
const DOCUMENT_PATHS = new Set(['/openapi.json', '/v1/openapi.json', '/api/v1/openapi.json']);

/** The document's text per origin: built once (it walks every endpoint's schemas), then served as is. */
const documents = new Map<string, string>();

/**
 * `GET /openapi.json` (and under `/v1`) on the standalone mock: docs/openapi.json with this server as its
 * one `servers` entry, so Prism, a generator or Swagger UI pointed at it call the mock. Null for any other request.
 */
export function openApiResponse(req: MockRequest, origin: string): MockResponse | null {
  if (!DOCUMENT_PATHS.has(req.pathname)) return null;
  const method = req.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return null;
  let text = documents.get(origin);
  if (text === undefined) {
    const document = serviceOpenApi({ business: `${origin}/v1`, sandbox: `${origin}/v1`, data: origin, auth: origin });
    // One server: the business paths are written in full (`/v1/...`), as are `/core2/...` and `/oauth/...`.
    document.servers = [{ url: origin, description: 'This acs-mock (business API under /v1, data API under /core2, OAuth under /oauth)' }];
    text = JSON.stringify(document, null, 2);
    if (documents.size > 16) documents.clear();
    documents.set(origin, text);
  }
  return { status: 200, headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }, body: method === 'HEAD' ? '' : text };
}
