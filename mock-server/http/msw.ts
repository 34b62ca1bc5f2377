import { http, type HttpHandler } from 'msw';
import { fromFetchRequest, toFetchResponse, type HandleRequest } from './fetch.js';
import type { RouteTable } from '../kernel/match.js';

/**
 * msw handlers for `setupServer(...handlers)` (msw/node) and `setupWorker(...handlers)` (msw/browser):
 * one catch-all that claims the service's three bases and leaves the routing to the router.
 */
export function createMswHandlers(table: RouteTable, handle: HandleRequest): HttpHandler[] {
  return [
    http.all(
      ({ request }) => {
        const url = new URL(request.url);
        return table.claims(url.origin, url.pathname);
      },
      async ({ request }) => {
        const response = await handle(await fromFetchRequest(request));
        // Response.error() is msw's network error: the client's fetch rejects.
        return response.networkError ? Response.error() : toFetchResponse(response);
      },
    ),
  ];
}
