import { InvalidArgumentError } from '../core/errors.js';
import { base64url, randomBase64url } from './base64url.js';

/** A PKCE pair (RFC 7636): keep `codeVerifier` secret until the token request; send `codeChallenge` with the authorization request. */
export interface PkcePair {
  /** 43 unreserved characters: 32 random bytes, base64url (RFC 7636 §4.1). */
  codeVerifier: string;
  /** `BASE64URL(SHA256(codeVerifier))` (RFC 7636 §4.2). */
  codeChallenge: string;
  /** Always S256: `plain` gives no protection if the authorization request leaks. */
  codeChallengeMethod: 'S256';
}

const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** What a verifier is, for the messages that refuse one. */
export const VERIFIER_FORM = '43 to 128 characters of A-Z, a-z, 0-9, "-", ".", "_" and "~" (RFC 7636 §4.1)';

/** Whether a value is a well-formed PKCE code verifier (RFC 7636 §4.1). */
export const isCodeVerifier = (value: unknown): value is string => typeof value === 'string' && VERIFIER.test(value);

/** A fresh verifier from the CSPRNG and its S256 challenge, with Web Crypto only (browsers, Node 22+, Deno, edge workers). */
export async function createPkcePair(): Promise<PkcePair> {
  const codeVerifier = randomBase64url(32);
  return { codeVerifier, codeChallenge: await codeChallengeS256(codeVerifier), codeChallengeMethod: 'S256' };
}

/** The S256 challenge of a verifier (RFC 7636 §4.2); refuses a verifier that is not 43 to 128 unreserved characters. */
export async function codeChallengeS256(codeVerifier: string): Promise<string> {
  if (!isCodeVerifier(codeVerifier)) {
    throw new InvalidArgumentError(`A PKCE code verifier is ${VERIFIER_FORM}`);
  }
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(codeVerifier));
  return base64url(new Uint8Array(digest));
}

/** A `state` value: 32 random bytes (256 bits, over the 128 the issue asks), base64url. */
export const createState = (): string => randomBase64url(32);
