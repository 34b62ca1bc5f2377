import { AcsClient, type Account, type ClientOptions, type JournalEntryLineCreate } from '../../src/index.js';
import type { MockService } from '../../mock-server/index.js';

/**
 * A client on the in-process mock, the way the e2e suite builds every client: the seeded key and
 * company, the mock's fetch, and strict response validation so the SDK and the mock cannot drift.
 */
export function clientFor(mock: MockService, options: ClientOptions = {}): AcsClient {
  return new AcsClient({
    apiKey: mock.credentials.apiKey,
    companyId: mock.credentials.companyId,
    baseUrl: mock.credentials.baseUrl,
    fetch: mock.fetch,
    validate: 'strict',
    ...options,
  });
}

/** One request as it left the SDK. */
export interface SentRequest {
  method: string;
  url: URL;
  headers: Headers;
}

/** The mock's fetch with a log of every request the SDK sent through it (retries included). */
export function recordingFetch(mock: MockService): { fetch: typeof globalThis.fetch; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const fetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    sent.push({ method: request.method, url: new URL(request.url), headers: new Headers(request.headers) });
    return mock.fetch(request);
  };
  return { fetch: fetch as typeof globalThis.fetch, sent };
}

/** The seeded account with this number (the demo chart of mock-server/seed/chart.ts). */
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
