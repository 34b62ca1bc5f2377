/**
 * `acs-mock/browser`: the mock in a browser, through msw's service worker
 * (serve `mockServiceWorker.js`: `npx msw init public/`). Everything of `acs-mock` is re-exported.
 *
 * @packageDocumentation
 * @module acs-mock/browser
 */
import { http, ws } from 'msw';
import { setupWorker, type SetupWorker } from 'msw/browser';
import { createMockService } from './index.js';
import { provideMsw } from './http/msw.js';
import type { MockService, MockServiceOptions } from './service.js';

// A bundle has no require: `mock.handlers` builds on the msw this entry brings in.
provideMsw({ http, ws });

export interface MockWorkerSetup {
  /** msw's worker with the mock's handlers; call `await worker.start()`. */
  worker: SetupWorker;
  mock: MockService;
}

/** A mock service and an msw worker over its handlers, not yet started. */
export function setupMockWorker(options: MockServiceOptions = {}): MockWorkerSetup {
  const mock = createMockService(options);
  return { worker: setupWorker(...mock.handlers), mock };
}

export * from './index.js';
