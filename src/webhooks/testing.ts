import { SIGNATURE_HEADER, WEBHOOK_ATTEMPT_HEADER, WEBHOOK_ID_HEADER, WEBHOOK_TIMESTAMP_HEADER } from './headers.js';
import type { WebhookPayload } from './payload.js';
import { signPayload } from './signature.js';

/** Arguments of `generateTestHeaders()`. */
export interface TestHeadersParams {
  /** The body the headers are for, as it will be sent. */
  payload: WebhookPayload;
  /** The subscription secret to sign with. */
  secret: string;
  /** Delivery id; default a random `whd_test_...`. */
  id?: string;
  /** When the attempt was sent; default now. */
  timestamp?: Date;
  /** Default 1. */
  attempt?: number;
}

/**
 * Every header of a delivery of `payload`, signed with `secret` as the service signs it: for a test that
 * posts to its own receiver (stripe-node's `generateTestHeaderString`, with the rest of the headers).
 *
 * @example
 * const body = JSON.stringify({ id: 'evt_1', event: 'customer.created', timestamp, companyId, data: customer });
 * await fetch(receiverUrl, { method: 'POST', body, headers: await generateTestHeaders({ payload: body, secret }) });
 */
export async function generateTestHeaders(params: TestHeadersParams): Promise<Record<string, string>> {
  const { payload, secret, id, timestamp = new Date(), attempt = 1 } = params;
  return {
    'Content-Type': 'application/json',
    [SIGNATURE_HEADER]: await signPayload({ payload, secret }),
    [WEBHOOK_ID_HEADER]: id ?? `whd_test_${globalThis.crypto.randomUUID().replaceAll('-', '')}`,
    [WEBHOOK_TIMESTAMP_HEADER]: String(Math.floor(timestamp.getTime() / 1000)),
    [WEBHOOK_ATTEMPT_HEADER]: String(attempt),
  };
}
