/** Header values for a call: a string sets the header, null removes one the SDK would send. */
export type HeadersInput = Record<string, string | null | undefined>;

/** The last argument of every SDK method. */
export interface RequestOptions {
  /** Aborts the call, including a wait between retries; the call then rejects with `AbortError`. */
  signal?: AbortSignal;
  /** Milliseconds per attempt before it fails with `TimeoutError` (and is retried). */
  timeout?: number;
  /** Retries for this call, overriding the client's `maxRetries`. */
  maxRetries?: number;
  /** Extra headers for this call, over the client's. */
  headers?: HeadersInput;
  /** `Idempotency-Key` of a POST, PUT, PATCH or DELETE; generated once per call when not given. */
  idempotencyKey?: string;
}
