import { AcsError } from '../core/errors.js';

/** What an `OAuthError` is made from: the RFC 6749 §5.2 fields and the HTTP answer, when there was one. */
export interface OAuthErrorInit {
  /** The RFC 6749 error code (`invalid_grant`, `access_denied`, ...) or one of this module's own. */
  error: string;
  errorDescription?: string;
  errorUri?: string;
  /** HTTP status of the token endpoint's answer, when there was one. */
  status?: number;
  headers?: Headers;
  message?: string;
  cause?: unknown;
}

/**
 * An OAuth failure with the RFC 6749 §5.2 fields: `error` (also `code`), `errorDescription`,
 * `errorUri`. Its message, details and `toJSON()` never carry a client secret, code, verifier or token.
 */
export class OAuthError extends AcsError {
  static override readonly kind: string = 'OAuthError';
  /** The RFC 6749 error code (`invalid_grant`, `access_denied`, ...), also `code`. */
  readonly error: string;
  /** The server's `error_description`, for the developer. */
  readonly errorDescription: string | undefined;
  /** The server's `error_uri`, a page about the error. */
  readonly errorUri: string | undefined;

  constructor(init: OAuthErrorInit) {
    super({
      ...init,
      code: init.error,
      message: init.message ?? (init.errorDescription ? `${init.error}: ${init.errorDescription}` : init.error),
    });
    this.error = init.error;
    this.errorDescription = init.errorDescription;
    this.errorUri = init.errorUri;
  }
}

/** Why a callback was refused before any token request. */
export type CallbackFailure = 'state_mismatch' | 'issuer_mismatch' | 'authorization_error' | 'missing_code';

/**
 * The redirect back from the authorization server was refused: its `state` is not the one sent
 * (CSRF), its `iss` names another server (mix-up, RFC 9207), it carries an `error` (the user said no,
 * or the request was bad: `error` is then the server's code), or it has no `code`.
 */
export class OAuthCallbackError extends OAuthError {
  static override readonly kind: string = 'OAuthCallbackError';
  /** Which check refused the callback. */
  readonly reason: CallbackFailure;

  constructor(reason: CallbackFailure, init: Omit<OAuthErrorInit, 'error'> & { error?: string }) {
    super({ ...init, error: init.error ?? reason });
    this.reason = reason;
  }
}

/** The token endpoint answered something that is not a usable token response (not JSON, no `access_token`, a `token_type` other than Bearer). */
export class OAuthResponseError extends OAuthError {
  static override readonly kind: string = 'OAuthResponseError';
}

/**
 * A token or revocation request got no answer (network failure, timeout). It is never retried by the SDK: the
 * server may have spent the code or rotated the refresh token already, and presenting the old
 * refresh token again would revoke the whole session at a standard server (RFC 6749 §10.4).
 */
export class OAuthConnectionError extends OAuthError {
  static override readonly kind: string = 'OAuthConnectionError';
  /** Which request was in flight: a grant of the token endpoint, or `revocation` (`revoke()`). */
  readonly grantType: 'authorization_code' | 'refresh_token' | 'revocation';

  constructor(grantType: 'authorization_code' | 'refresh_token' | 'revocation', init: Omit<OAuthErrorInit, 'error'>) {
    super({ ...init, error: 'connection_error' });
    this.grantType = grantType;
  }
}

/** Why `OAuthClient.discover()` refused. */
export type DiscoveryFailure = 'not_found' | 'unreachable' | 'invalid_metadata' | 'issuer_mismatch' | 'unsupported';

/**
 * Discovery (RFC 8414, OpenID Connect Discovery 1.0) gave no usable metadata: neither well-known URL
 * answered (`not_found`), the network failed (`unreachable`), the document is not metadata
 * (`invalid_metadata`), it names another issuer than the one asked for (`issuer_mismatch`, RFC 8414
 * §3.3: the metadata must not be used), or the server cannot do what this client does
 * (`unsupported`: no `code` response type, no PKCE S256, no client authentication this client has).
 */
export class OAuthDiscoveryError extends OAuthError {
  static override readonly kind: string = 'OAuthDiscoveryError';
  /** Which check refused the metadata; also `error` and `code`. */
  readonly reason: DiscoveryFailure;

  constructor(reason: DiscoveryFailure, message: string, init: Omit<OAuthErrorInit, 'error' | 'message'> = {}) {
    super({ ...init, error: reason, message });
    this.reason = reason;
  }
}

/**
 * The RFC 6749 error fields (§4.1.2.1 of a callback, §5.2 of an error body) read by `field` from a
 * callback's query or an endpoint's JSON: undefined without an `error` string; a description or URI
 * that is not a string is left out.
 */
export function errorFields(field: (name: string) => unknown): Pick<OAuthErrorInit, 'error' | 'errorDescription' | 'errorUri'> | undefined {
  const text = (name: string) => {
    const value = field(name);
    return typeof value === 'string' ? value : undefined;
  };
  const error = text('error');
  return error === undefined ? undefined : { error, errorDescription: text('error_description'), errorUri: text('error_uri') };
}
