/**
 * `acs-sdk/webhooks`: verify and read the service's webhook deliveries. Web Crypto only, no Node
 * built-ins: runs unchanged in browsers, Node 22+, Deno and edge workers.
 *
 * A delivery is a POST whose body is `{ id, event, timestamp, companyId, data }` and whose `X-Signature`
 * header is `sha256=` and the hex HMAC-SHA256 of the raw body keyed with the subscription secret (spec
 * document 1, "Webhooks"). Verify the raw bytes, before any JSON parsing.
 *
 * @example
 * import { constructEvent, WebhookVerificationError } from 'acs-sdk/webhooks';
 * try {
 *   const event = await constructEvent({ payload: await request.text(), signature: request.headers.get('x-signature'), secret });
 *   // ...
 * } catch (error) {
 *   if (error instanceof WebhookVerificationError) return new Response(null, { status: 401 });
 *   throw error;
 * }
 * @packageDocumentation
 * @module acs-sdk/webhooks
 */
export { verifySignature, signPayload, parseSignatureHeader, type VerifySignatureParams, type SignPayloadParams } from './signature.js';
export { constructEvent } from './construct-event.js';
export { generateTestHeaders, type TestHeadersParams } from './testing.js';
export { WebhookVerificationError, type WebhookVerificationReason } from './errors.js';
export { InvalidArgumentError } from '../core/errors.js';
export { SIGNATURE_HEADER, WEBHOOK_ID_HEADER, WEBHOOK_TIMESTAMP_HEADER, WEBHOOK_ATTEMPT_HEADER } from './headers.js';
export type { WebhookPayload, WebhookSecret } from './payload.js';
export {
  WEBHOOK_EVENTS,
  type WebhookEventName,
  type WebhookEvent,
  type WebhookEventOf,
  type WebhookEventData,
  type WebhookEventDataMap,
  type OrderStatusChange,
  type EInvoiceEventData,
} from './events.js';
