// A certified authorization server (oidc-provider 9) in-process on loopback, for the interoperability
// tests of OAuthClient: form-only token endpoint, PKCE, RFC 9207 `iss`, rotating refresh tokens, RFC
// 7009 revocation. Login and consent are given programmatically through oidc-provider's interaction API.
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { createMemoryAdapter } from 'oidc-provider/lib/adapters/memory_adapter.js';

export const REDIRECT_URI = 'http://127.0.0.1:5173/callback';
/** A public client (a browser app): no secret, PKCE required. */
export const SPA_CLIENT_ID = 'acs-test-spa';
/** A confidential client that authenticates with HTTP Basic. */
export const SERVER_CLIENT = { clientId: 'acs-test-server', clientSecret: 'server-app-secret-7f3a9c1e5b' } as const;
/** The user every interaction signs in. */
export const ACCOUNT_ID = 'user-1';

/** What the server received: enough to see the body format and the client authentication. */
export interface ServedRequest {
  method: string;
  /** The path as requested, mount prefix included. */
  path: string;
  contentType: string | undefined;
  basicAuth: boolean;
}

export interface StandardServer {
  /** The issuer identifier, exactly as the server names itself. */
  issuer: string;
  requests: ServedRequest[];
  /** The authorization request parameters each interaction saw (extra parameters included). */
  interactions: Record<string, unknown>[];
  /**
   * The user's browser: follows `url` through the interaction (login and consent granted by the test)
   * back to the redirect URI, with cookies, and returns the callback URL without loading it.
   */
  signIn(url: string): Promise<string>;
  close(): Promise<void>;
}

export interface StandardServerOptions {
  /** The issuer's path: `''` (default), `'/'` (an issuer that ends in a slash) or `'/tenant-a'`. */
  path?: string;
  /**
   * For an issuer with a path: also answer RFC 8414's inserted well-known URL
   * (`/.well-known/oauth-authorization-server/tenant-a`), as a deployment following RFC 8414 does;
   * oidc-provider itself serves only the URLs under its mount.
   */
  insertedWellKnown?: boolean;
}

export async function startStandardServer(options: StandardServerOptions = {}): Promise<StandardServer> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const path = options.path ?? '';
  const prefix = path.replace(/\/$/, '');
  const issuer = `http://127.0.0.1:${port}${path}`;

  const provider = new Provider(issuer, {
    adapter: createMemoryAdapter(),
    jwks: { keys: [generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' })] },
    cookies: { keys: ['standard-server-test-cookie-key'] },
    clients: [
      {
        client_id: SPA_CLIENT_ID,
        token_endpoint_auth_method: 'none',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
      {
        client_id: SERVER_CLIENT.clientId,
        client_secret: SERVER_CLIENT.clientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: [REDIRECT_URI],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      },
    ],
    scopes: ['openid', 'read:accounts', 'read:invoices'],
    extraParams: ['audience'],
    features: {
      devInteractions: { enabled: false },
      // A client may revoke its own tokens only (the default policy, without its notice).
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx: unknown, client: { clientId: string }, token: { clientId: string }) => token.clientId === client.clientId,
      },
    },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${prefix}/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    // A refresh token for every client allowed the grant (the default wants `offline_access` with `prompt=consent`,
    // an OpenID Connect rule), rotated on every use, for confidential clients too (the default rotates public ones only).
    issueRefreshToken: (_ctx: unknown, client: { grantTypeAllowed(grant: string): boolean }) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: 60,
      Grant: 86_400,
      IdToken: 3600,
      Interaction: 600,
      RefreshToken: 86_400,
      Session: 86_400,
    },
  });
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider server_error', error));
  const handle = provider.callback();
  const requests: ServedRequest[] = [];
  const interactions: Record<string, unknown>[] = [];

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    interactions.push(details.params);
    const grant = new provider.Grant({ accountId: ACCOUNT_ID, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    await provider.interactionFinished(req, res, { login: { accountId: ACCOUNT_ID }, consent: { grantId: await grant.save() } });
  };

  server.on('request', (req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) => {
    const url = req.url ?? '/';
    requests.push({
      method: req.method ?? 'GET',
      path: url.split('?')[0],
      contentType: req.headers['content-type'],
      basicAuth: /^Basic /i.test(req.headers.authorization ?? ''),
    });
    const inserted = '/.well-known/oauth-authorization-server';
    if (options.insertedWellKnown && prefix !== '' && url === `${inserted}${prefix}`) {
      // Served as if from under the mount, so the endpoints it names carry the issuer's path.
      req.originalUrl = `${prefix}${inserted}`;
      req.url = inserted;
    } else if (prefix === '' || url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) {
      req.originalUrl = url;
      req.url = url.slice(prefix.length) || '/';
    } else {
      res.writeHead(404).end();
      return;
    }
    if (req.url.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
      return;
    }
    handle(req, res);
  });

  return {
    issuer,
    requests,
    interactions,
    async signIn(start) {
      const cookies = new Map<string, string>();
      let url = start;
      for (let hop = 0; hop < 10; hop++) {
        const response = await fetch(url, {
          redirect: 'manual',
          headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
        });
        for (const cookie of response.headers.getSetCookie()) {
          const pair = cookie.split(';')[0];
          cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the sign-in stopped at ${url}: HTTP ${response.status} ${await response.text()}`);
        url = new URL(location, url).href;
        if (url.startsWith(REDIRECT_URI)) return url;
      }
      throw new Error('the sign-in redirected more than 10 times');
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A fetch that records what the client sent (method, URL, headers, body) and passes it on. */
export function recordingFetch() {
  const sent: { method: string; url: string; headers: Headers; body: string }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    sent.push({ method: request.method, url: request.url, headers: request.headers, body: await request.clone().text() });
    return globalThis.fetch(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}
