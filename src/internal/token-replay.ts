import type { RetryOptions } from 'ky';

/** Per-call state the hooks share through ky's `context` (ky copies `context` shallowly, so this object stays one). */
export interface CallState {
  /** Set once the call was replayed after a token refresh: a second 401 is final. */
  replayed: boolean;
}
export interface CallContext {
  auth?: boolean;
  endpoint?: string;
  state?: CallState;
  /** The headers the call sends (see `Attempt`): a new token goes here. */
  headers?: Record<string, string>;
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

/** ky's `shouldRetry` with room for one forced replay: ordinary retries still stop at `maxRetries`. */
export function replayAwareShouldRetry(base: RetryOptions, maxRetries: number, state: CallState): RetryOptions['shouldRetry'] {
  return (retry) => {
    const ordinary = retry.retryCount - (state.replayed ? 1 : 0);
    return ordinary > maxRetries ? false : base.shouldRetry!(retry);
  };
}
