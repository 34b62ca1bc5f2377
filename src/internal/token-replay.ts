import type { RetryOptions } from 'ky';

/** Per-call state the hooks share through ky's `context` (ky copies `context` shallowly, so this object stays one). */
export interface CallState {
  /** Set once the call was replayed after a token refresh: a second 401 is final. */
  replayed: boolean;
}
export interface CallContext {
  /** The endpoint sends the credential: a retry asks a token source again, a 401 may refresh it. */
  auth?: boolean;
  state?: CallState;
}

/** Carries an error of the credential source through ky unchanged (ky would otherwise see an unknown failure). */
export class CredentialFailure extends Error {
  constructor(readonly error: unknown) {
    super('credential source failed');
  }
}

/**
 * Whether a 401 says the access token itself is bad, so a refresh can help: RFC 6750 §3.1's
 * `WWW-Authenticate: Bearer error="invalid_token"`, or the service's `TOKEN_EXPIRED`/`INVALID_TOKEN`
 * detail (read from the body too, since a browser hides `WWW-Authenticate` from cross-origin callers).
 */
export async function rejectsTheToken(response: Response): Promise<boolean> {
  if (/\berror\s*=\s*"?invalid_token\b/i.test(response.headers.get('www-authenticate') ?? '')) return true;
  try {
    const body = (await response.json()) as { error?: { details?: { code?: unknown }[] } };
    const details = Array.isArray(body?.error?.details) ? body.error.details : [];
    return details.some((detail) => detail?.code === 'TOKEN_EXPIRED' || detail?.code === 'INVALID_TOKEN');
  } catch {
    return false;
  }
}

/**
 * The shim of decision SDK-15: ky counts a forced replay (`ky.retry()`) against `retry.limit`, and its
 * `shouldRetry` sees no `context`, so a call that may be replayed gets `limit` one higher and this
 * per-call `shouldRetry`, which stops ordinary retries at `maxRetries` and otherwise leaves the decision
 * to ky's defaults and the client's own `shouldRetry` (`base`).
 */
export function replayAwareShouldRetry(
  maxRetries: number,
  state: CallState,
  base: RetryOptions['shouldRetry'],
): RetryOptions['shouldRetry'] {
  return (retry) => {
    const ordinary = retry.retryCount - (state.replayed ? 1 : 0);
    return ordinary > maxRetries ? false : base?.(retry);
  };
}
