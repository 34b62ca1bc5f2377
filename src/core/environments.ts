/** The two environments of spec document 1, "Environments". */
export type Environment = 'sandbox' | 'production';

/** The three service addresses of one environment (spec document 1, "Two API families" and "OAuth 2.0"). */
export interface EnvironmentUrls {
  /** Business API, ends with `/v1`. */
  readonly baseUrl: string;
  /** Data-management API; its paths start with `/core2/`. */
  readonly dataBaseUrl: string;
  /** OAuth authorization server. */
  readonly authUrl: string;
}

const PRODUCTION_AUTH_URL = 'https://auth.acs.example.com';
const SANDBOX_AUTH_URL = 'https://sandbox-auth.acs.example.com';
/** The OAuth authorization server of each environment, apart so that `acs-sdk/oauth` carries no API address. */
export const AUTH_URLS: Readonly<Record<Environment, string>> = /* @__PURE__ */ Object.freeze({
  production: PRODUCTION_AUTH_URL,
  sandbox: SANDBOX_AUTH_URL,
});

/** Default addresses per environment; each is overridable (the spec asks for a configurable sandbox host). */
export const ENVIRONMENTS: Readonly<Record<Environment, EnvironmentUrls>> = /* @__PURE__ */ Object.freeze({
  production: /* @__PURE__ */ Object.freeze({
    baseUrl: 'https://api.acs.example.com/v1',
    dataBaseUrl: 'https://data.acs.example.com',
    authUrl: PRODUCTION_AUTH_URL,
  }),
  sandbox: /* @__PURE__ */ Object.freeze({
    baseUrl: 'https://sandbox.acs.example.com/v1',
    dataBaseUrl: 'https://sandbox-data.acs.example.com',
    authUrl: SANDBOX_AUTH_URL,
  }),
});

/** Key prefixes of spec document 1: sandbox keys are test keys, production keys are live keys. */
export const TEST_KEY_PREFIX = 'svc_test_sk_';
export const LIVE_KEY_PREFIX = 'svc_live_sk_';

/** The environment a key belongs to, from its prefix; undefined for a key of neither form. */
export function environmentOfKey(apiKey: string): Environment | undefined {
  if (apiKey.startsWith(TEST_KEY_PREFIX)) return 'sandbox';
  if (apiKey.startsWith(LIVE_KEY_PREFIX)) return 'production';
  return undefined;
}
