/**
 * Headers of a webhook delivery. `X-Signature` is the spec's (document 1, "Webhooks"); the others are
 * ours (decision HOOK-9) and are not signed: the spec's scheme signs the raw body alone.
 */

/** `sha256=` and the hex HMAC-SHA256 of the raw body, keyed with the subscription secret. */
export const SIGNATURE_HEADER = 'X-Signature';
/** Delivery id (`whd_...`): one event to one subscription, the same on every retry, so a receiver can drop repeats. */
export const WEBHOOK_ID_HEADER = 'X-Webhook-Id';
/** When this attempt was sent, in Unix seconds. */
export const WEBHOOK_TIMESTAMP_HEADER = 'X-Webhook-Timestamp';
/** 1 for the first attempt, 2 for the first retry, ... */
export const WEBHOOK_ATTEMPT_HEADER = 'X-Webhook-Attempt';
