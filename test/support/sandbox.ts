/**
 * The one way our tests point the SDK at the mock: a fresh in-process mock and a client on its seeded
 * key and primary company, with strict response validation so the SDK and the mock cannot drift.
 *
 *   const { mock, acs, sent } = sandbox({ seed: 'demo', now: '2026-11-02T09:00:00Z' });
 *   const quiet = sandbox().client({ logLevel: 'off', maxRetries: 0 });
 *   const readOnly = sandbox().readOnlyClient();
 *   const { acs } = sandbox({}, { fetch: undefined }); // through the global fetch, as msw intercepts it
 *   const overHttp = clientFor(await startMockServer({ port: 0 }));
 *
 * Beside the set-up, the few helpers tests use with such a client: the seeded account by number, a
 * two-line entry, the journal's size, and the error a refused call rejected with.
 */
import { AcsClient, type Account, type ClientOptions, type JournalEntryLineCreate } from '../../src/index.js';
import { createMockService, type MockService, type MockServiceOptions } from '../../mock-server/index.js';
import type { RunningMockServer } from '../../mock-server/standalone.js';
import { validating } from './validation.js';

/** One request as it left the SDK. */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
}

export interface Sandbox {
  /** The fresh mock: `reset()`, `clock`, `faults`, `events`, `store`, `credentials`... */
  mock: MockService;
  /** A client with the seeded all-scopes key, acting on the primary company. */
  acs: AcsClient;
  /** Every request the sandbox's clients sent through the mock's fetch, retries included (`sent.length = 0` clears it). */
  sent: SentRequest[];
  /** Another client on this mock: `options` over the sandbox's defaults; a credential option replaces the seeded key. */
  client(options?: ClientOptions): AcsClient;
  /** A client with the seeded read-only key. */
  readOnlyClient(): AcsClient;
  /** A client with the own key of `credentials.companies[index]` (no admin scope), acting on that company. */
  companyClient(index: number): AcsClient;
}

/**
 * A fresh mock (`mockOptions` as `createMockService` takes them) and clients on it. `clientOptions`
 * are the defaults of every client of the sandbox, over `clientFor`'s.
 */
export function sandbox(mockOptions: MockServiceOptions = {}, clientOptions: ClientOptions = {}): Sandbox {
  const mock = createMockService(mockOptions);
  const sent: SentRequest[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    sent.push({ method: request.method, url: new URL(request.url), headers: new Headers(request.headers) });
    return mock.fetch(request);
  };
  const client = (options: ClientOptions = {}) =>
    clientFor(mock, { fetch: fetch as typeof globalThis.fetch, ...clientOptions, ...options });
  const { credentials } = mock;
  return {
    mock,
    acs: client(),
    sent,
    client,
    readOnlyClient: () => client({ apiKey: credentials.readOnlyApiKey }),
    companyClient(index) {
      const company = credentials.companies[index];
      if (!company) throw new Error(`the ${mockOptions.seed ?? 'demo'} seed has no company ${index}`);
      return client({ apiKey: company.apiKey, companyId: company.id });
    },
  };
}

const CREDENTIAL_OPTIONS = ['apiKey', 'accessToken', 'getAccessToken', 'auth'] as const;

/**
 * A client on a mock's seeded key, primary company and addresses, with strict validation. An
 * in-process mock is called through its own fetch; a running server (`startMockServer`) over real
 * HTTP. `options` go over these; a credential option (`auth`, `accessToken`...) replaces the key.
 */
export function clientFor(target: MockService | RunningMockServer, options: ClientOptions = {}): AcsClient {
  const { apiKey, companyId, baseUrl, dataBaseUrl, authUrl } = target.credentials;
  const credential = CREDENTIAL_OPTIONS.some((name) => name in options) ? {} : { apiKey };
  const fetch = 'fetch' in target ? { fetch: target.fetch } : {};
  return new AcsClient({ ...credential, companyId, baseUrl, dataBaseUrl, authUrl, ...fetch, validate: validating('strict'), ...options });
}

/** The seeded account with this number (the demo chart of mock-server/seed/accounting.ts). */
export async function accountByNumber(acs: AcsClient, accountNumber: string): Promise<Account> {
  const page = await acs.accounts.list({ accountNumber, active: true });
  const found = page.data.find((account) => account.accountNumber === accountNumber);
  if (!found) throw new Error(`the demo chart has no active account ${accountNumber}`);
  return found;
}

/** A two-line entry body: `amount` debited to one account and credited to another. */
export function transfer(debitAccountId: string, creditAccountId: string, amount: number): JournalEntryLineCreate[] {
  return [
    { accountId: debitAccountId, debit: amount },
    { accountId: creditAccountId, credit: amount },
  ];
}

/** How many journal entries the company has: the list's `total`. */
export async function journalEntryCount(acs: AcsClient): Promise<number> {
  const page = await acs.journalEntries.list({ limit: 1 });
  return page.total ?? Number.NaN;
}

/** `JE-000042` -> 42. */
export const journalSequence = (journalNumber: string): number => Number(journalNumber.replace(/^\D+/, ''));

/**
 * Runs a call that must fail and returns what it rejected with, so a test can check the error's
 * class, code and details in plain assertions. Fails the test when the call succeeds.
 */
export async function failureOf(call: PromiseLike<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to be refused, but it succeeded');
}
