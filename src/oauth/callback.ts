// Step 2 of the code flow: the checks of the URL the user comes back to, before any token request.
import type { ClientConfig } from './config.js';
import { isText } from './checks.js';
import { errorFields, OAuthCallbackError } from './errors.js';

/**
 * How many spent states an `OAuthClient` remembers to refuse a replayed callback. A state is 128+
 * random bits and is also checked against the one the sign-in stored, so older ones cannot match anyway.
 */
export const USED_STATE_MEMORY = 10_000;

/**
 * The code of a callback, once its `state` (the expected one, not spent yet: it is spent now), `iss`
 * and `error` passed; else `OAuthCallbackError`. `usedStates` holds the spent states, oldest first.
 */
export function callbackCode(
  config: Pick<ClientConfig, 'redirectUri' | 'issuer' | 'requireIssuer'>,
  usedStates: Set<string>,
  callbackUrl: string | URL,
  expected: { state: string } | undefined,
): string {
  const params = new URL(String(callbackUrl), config.redirectUri).searchParams;
  const state = params.get('state');
  if (!isText(expected?.state) || state !== expected.state) {
    throw new OAuthCallbackError('state_mismatch', {
      message: "The callback's state is not this sign-in's: refused (forged, stale or mixed up)",
    });
  }
  if (usedStates.has(state)) {
    throw new OAuthCallbackError('state_mismatch', { message: 'This state was used already: a state is good for one sign-in' });
  }
  usedStates.add(state);
  // A Set iterates in insertion order: the first value is the oldest state remembered.
  if (usedStates.size > USED_STATE_MEMORY) usedStates.delete(usedStates.values().next().value!);
  const issuer = params.get('iss');
  if (issuer === null ? config.requireIssuer : issuer !== config.issuer) {
    throw new OAuthCallbackError('issuer_mismatch', {
      message: `The callback comes from issuer ${JSON.stringify(issuer)}, not ${config.issuer}; refused (RFC 9207)`,
    });
  }
  const error = errorFields((name) => params.get(name));
  if (error) throw new OAuthCallbackError('authorization_error', error);
  const code = params.get('code');
  if (!code) throw new OAuthCallbackError('missing_code', { message: 'The callback has neither code nor error' });
  return code;
}
