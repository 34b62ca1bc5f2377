import type * as Msw from 'msw';
import type { HttpHandler } from 'msw';
import { serveFetchRequest, toFetchResponse, type HandleRequest } from './fetch.js';
import type { RouteTable } from '../kernel/match.js';
import { MSW_NODE, nodeTooOld, type RuntimeVersions } from '../node-version.js';

export type { HttpHandler, WebSocketHandler } from 'msw';

/** What the adapters use of msw; the `msw` module itself is one. */
export type MswRuntime = Pick<typeof Msw, 'http' | 'ws'>;

/** The one sentence a user without msw reads, naming what they called. */
const mswMissing = (what: string): string =>
  `${what} needs msw 3, an optional peer dependency of acs-mock: install it with \`npm install --save-dev msw\` (the standalone server and mock.fetch need no msw).`;

let provided: MswRuntime | undefined;

/**
 * Hands the adapters an msw that a bundle imported statically (acs-mock/browser does): a browser
 * has no `require` to find msw at the moment `mock.handlers` is first read.
 */
export function provideMsw(runtime: MswRuntime): void {
  provided ??= runtime;
}

/**
 * Loads an msw module synchronously when first needed, so that `acs-mock` imports no msw (the
 * standalone server and `mock.fetch` run without it; Deno stays free to exit) while `mock.handlers`
 * stays a plain property. Node 22.12+, Bun and Deno `require()` msw's ES modules; the instance is the
 * one `import 'msw'` gives, so these handlers are the ones the caller's `setupServer` accepts.
 */
export function requireMsw<T>(specifier: 'msw' | 'msw/node', what: string, versions?: RuntimeVersions): T {
  // Before msw loads: on an older Node it would load, and fail on its first request as a ConnectionError.
  const tooOld = nodeTooOld(what, MSW_NODE, ', as msw 3 does', versions);
  if (tooOld) throw new Error(tooOld);
  const modules = globalThis.process?.getBuiltinModule?.('node:module') as typeof import('node:module') | undefined;
  if (!modules) {
    throw new Error(
      `${what} cannot load msw in this runtime (no require): import from acs-mock/browser, which bundles msw, or use mock.fetch.`,
    );
  }
  try {
    return modules.createRequire(import.meta.url)(specifier) as T;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND') throw new Error(mswMissing(what), { cause: error });
    if (code === 'ERR_REQUIRE_ESM')
      throw new Error(`${what} needs Node 22.12 or later, which loads msw 3's ES modules as msw requires.`, { cause: error });
    throw error;
  }
}

/** msw's `http` and `ws`: the one handed over, or else msw loaded from beside this package. */
export function mswRuntime(what: string): MswRuntime {
  return (provided ??= requireMsw<MswRuntime>('msw', what));
}

/**
 * msw handlers for `setupServer(...handlers)` (msw/node) and `setupWorker(...handlers)` (msw/browser):
 * one catch-all that claims the service's three bases and leaves the routing to the router.
 */
export function createMswHandlers(table: RouteTable, handle: HandleRequest): HttpHandler[] {
  const { http } = mswRuntime('mock.handlers');
  return [
    http.all(
      ({ request }) => {
        const url = new URL(request.url);
        return table.claims(url.origin, url.pathname);
      },
      async ({ request }) => {
        const response = await serveFetchRequest(request, handle);
        // Response.error() is msw's network error: the client's fetch rejects.
        return response.networkError ? Response.error() : toFetchResponse(response);
      },
    ),
  ];
}
