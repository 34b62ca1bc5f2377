import { AcsError } from '../core/errors.js';

/** Why a delivery was refused. */
export type WebhookVerificationReason =
  /** No `X-Signature` header (or an empty one). */
  | 'missing_signature'
  /** The header is not `sha256=` followed by 64 hex digits. */
  | 'malformed_signature'
  /** Well formed, but no accepted secret gives it for these bytes. */
  | 'signature_mismatch'
  /** Signed correctly, but the body is not a delivery (`{ id, event, timestamp, data }` in UTF-8 JSON). */
  | 'malformed_payload';

/**
 * A webhook delivery that cannot be trusted or read; answer it with 401 (spec document 1: the example
 * receiver "answers 401 on mismatch"). Code `WEBHOOK_VERIFICATION_FAILED` (spec document 3, "Errors").
 */
export class WebhookVerificationError extends AcsError {
  static override readonly kind: string = 'WebhookVerificationError';
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super({ message, code: 'WEBHOOK_VERIFICATION_FAILED' });
    this.reason = reason;
  }
}
