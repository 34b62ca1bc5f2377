import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AcsClient, ConnectionError } from '../../src/index.js';
import { TEST_KEY } from './helpers.js';

// Real sockets: the runtime's own errors (Node's fetch: TypeError('fetch failed') with the socket error as cause).
const client = (baseUrl: string) =>
  new AcsClient({ apiKey: TEST_KEY, companyId: 'cmp_demo', baseUrl, fetch: globalThis.fetch, maxRetries: 0, logLevel: 'off' });

/** A port that was just free: listened on (port 0), then closed, so a connection is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  return port;
}

describe('ConnectionError against real sockets', () => {
  it('a refused port: ECONNREFUSED on the error, in toJSON() and in the message, with method and URL', async () => {
    const port = await closedPort();
    const error = await client(`http://127.0.0.1:${port}/v1`)
      .accounts.retrieve('acc_1')
      .catch((e: unknown) => e);
    expect(ConnectionError.is(error)).toBe(true);
    const connection = error as ConnectionError;
    expect(connection.causeCode).toBe('ECONNREFUSED');
    expect(connection.method).toBe('GET');
    expect(connection.url).toBe(`http://127.0.0.1:${port}/v1/accounts/acc_1`);
    expect(connection.message).toMatch(
      new RegExp(`^accounts\\.retrieve could not reach GET http://127\\.0\\.0\\.1:${port}/v1/accounts/acc_1 \\(.*ECONNREFUSED.*\\)$`),
    );
    expect(connection.toJSON()).toMatchObject({
      causeCode: 'ECONNREFUSED',
      method: 'GET',
      url: connection.url,
      status: undefined,
      details: [],
    });
    expect(JSON.stringify(connection)).not.toContain(TEST_KEY);
  });

  it('an unresolvable host (.invalid never resolves): ENOTFOUND, fast and without network', async () => {
    const started = Date.now();
    const error = await client('http://nonexistent.invalid/v1')
      .accounts.list({ limit: 5 })
      .catch((e: unknown) => e);
    expect(ConnectionError.is(error)).toBe(true);
    const connection = error as ConnectionError;
    // ENOTFOUND from a resolver that answers; EAI_AGAIN where no resolver is reachable at all.
    expect(connection.causeCode).toMatch(/^(ENOTFOUND|EAI_AGAIN)$/);
    expect(connection.message).toContain('accounts.list could not reach GET http://nonexistent.invalid/v1/accounts?limit=5');
    expect(connection.message).toContain(connection.causeCode);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
