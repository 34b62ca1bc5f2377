import { WebhookVerificationError } from './errors.js';
import type { WebhookEvent } from './events.js';
import { payloadBytes } from './payload.js';
import { checkSignature, type VerifySignatureParams } from './signature.js';

// `fatal`: bytes that are not UTF-8 are a malformed payload, not text with replacement characters.
const decoder = new TextDecoder('utf-8', { fatal: true });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Verifies a delivery and returns its event, typed by name: `switch (event.event)` narrows `data` to
 * the record. Rejects with `WebhookVerificationError` (answer 401) for a missing, malformed or wrong
 * signature (`reason`), or a signed body that is not a delivery; with `InvalidArgumentError` for a
 * parsed body or a missing secret. Event names newer than this SDK are returned as they are.
 *
 * @example
 * const event = await constructEvent({ payload: rawBody, signature: request.headers.get('x-signature'), secret });
 * if (event.event === 'invoice.created') console.log(event.data.invoiceNumber);
 */
export async function constructEvent(params: VerifySignatureParams): Promise<WebhookEvent> {
  const check = await checkSignature(params, 'constructEvent');
  if (!check.ok) throw new WebhookVerificationError(check.reason, check.message);

  let body: unknown;
  try {
    body = JSON.parse(decoder.decode(payloadBytes(params.payload, 'constructEvent')));
  } catch {
    throw new WebhookVerificationError('malformed_payload', 'the webhook body is not UTF-8 JSON');
  }
  if (
    !isRecord(body) ||
    typeof body.id !== 'string' ||
    typeof body.event !== 'string' ||
    typeof body.timestamp !== 'string' ||
    !isRecord(body.data)
  ) {
    throw new WebhookVerificationError('malformed_payload', 'the webhook body is not a delivery: { id, event, timestamp, data } expected');
  }
  return body as unknown as WebhookEvent;
}
