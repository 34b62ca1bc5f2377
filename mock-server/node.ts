/**
 * `acs-mock/node`: the mock for Node. `setupMockServer` intercepts requests in-process with msw;
 * `startMockServer` serves the mock on a real port (no msw needed). Everything of `acs-mock` is re-exported.
 *
 * @packageDocumentation
 * @module acs-mock/node
 */
import type { SetupServer } from 'msw/node';
import { createMockService } from './index.js';
import { requireMsw } from './http/msw.js';
import type { MockService, MockServiceOptions } from './service.js';

export interface MockServerSetup {
  /** msw's server with the mock's handlers; call `server.listen()` (before importing node:http users) and `server.close()`. */
  server: SetupServer;
  mock: MockService;
}

/** A mock service and an msw server over its handlers, not yet listening; needs msw 3 installed beside acs-mock. */
export function setupMockServer(options: MockServiceOptions = {}): MockServerSetup {
  const { setupServer } = requireMsw<typeof import('msw/node')>('msw/node', 'setupMockServer');
  const mock = createMockService(options);
  return { server: setupServer(...mock.handlers), mock };
}

export * from './index.js';
export {
  isLoopback,
  isLoopbackOrigin,
  startMockServer,
  type RunningMockServer,
  type StartMockServerOptions,
  type UpgradeHook,
} from './standalone.js';
export { CONTROL_PREFIX, CONTROL_TOKEN_HEADER } from './controls.js';
export { createStreamUpgradeHook, type StreamUpgradeHook } from './http/stream-node.js';
