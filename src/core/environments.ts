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

/** Default addresses per environment; each is overridable (the spec asks for a configurable sandbox host). */
export const ENVIRONMENTS: Readonly<Record<Environment, EnvironmentUrls>> = Object.freeze({
  production: Object.freeze({
    baseUrl: 'https://api.acs.example.com/v1',
    dataBaseUrl: 'https://data.acs.example.com',
    authUrl: 'https://auth.acs.example.com',
  }),
  sandbox: Object.freeze({
    baseUrl: 'https://sandbox.acs.example.com/v1',
    dataBaseUrl: 'https://sandbox-data.acs.example.com',
    authUrl: 'https://sandbox-auth.acs.example.com',
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
