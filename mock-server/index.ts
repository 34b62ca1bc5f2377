/**
 * `acs-mock`: the in-memory sandbox, browser-safe (no node built-ins here). Node helpers
 * (`setupMockServer`, `startMockServer`) are in `acs-mock/node`, the browser worker in
 * `acs-mock/browser`.
 *
 * @packageDocumentation
 * @module acs-mock
 */
import { mockDomain } from './modules/index.js';
import { buildMockService, type MockService, type MockServiceOptions } from './service.js';

/** The mock service with the real domain (every module of mock-server/modules/) and its demo seed. */
export function createMockService(options: MockServiceOptions = {}): MockService {
  return buildMockService(mockDomain, options);
}

export {
  buildMockService,
  type MockCredentials,
  type MockDomain,
  type MockRequests,
  type MockService,
  type MockServiceOptions,
  type OAuthCredentials,
  type SeedCredentials,
  type SeedKind,
} from './service.js';
export type { MockSnapshot } from './service-snapshots.js';
export { FixtureError } from './seed/fixture-load.js';
export type { FixtureFile } from './seed/fixture-schema.js';
export type { JournalBody, JournalChange, JournalEntry, RequestFilter } from './kernel/journal.js';
export { ClockRangeError, MockClock, type Duration } from './kernel/clock.js';
export { DomainEventBus, type DomainEvent, type EventRule, type TableChange } from './events/bus.js';
export { StreamHub, StreamSession, type StreamFaultOptions, type StreamHubOptions, type StreamTransport } from './events/stream.js';
export { createStreamHandlers, streamUrls } from './http/stream-msw.js';
export type { OutboxAttachment, OutboxMessage } from './domain/shared/outbox.js';
export {
  WebhookDeliveries,
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_TIMEOUT_MS,
  type ScheduledWebhookRetry,
  type WebhookAttemptOutcome,
  type WebhookDeliveryAttempt,
  type WebhookFault,
  type WebhookFaultOptions,
} from './events/webhook-delivery.js';
export { Faults, FaultInjectionError, type Fault, type FaultOptions } from './kernel/faults.js';
export { SPEC_RATE_LIMIT, type RateLimitOption } from './kernel/rate-limit.js';
export { MAX_BODY_BYTES, Router, type MockLogger } from './kernel/router.js';
export { respondRaw, RawResponse } from './kernel/raw.js';
export type { MockRequest, MockResponse } from './kernel/request.js';
export { listPage, type ListContext, type ListOptions } from './store/list.js';
