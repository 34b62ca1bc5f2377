import { ENVIRONMENTS, TEST_KEY_PREFIX } from '../src/core/environments.js';
import { sha256 } from './kernel/digest.js';
import type { ApiBases } from './kernel/match.js';
import type { MockClock } from './kernel/clock.js';
import { JOURNAL_DEFAULT_SIZE, JOURNAL_MAX_SIZE } from './kernel/journal.js';
import type { Store } from './store/index.js';
import type { RandomSource } from './store/ids.js';
import type { MockServiceOptions, SeedCredentials, SeedKind } from './service.js';
import { parseFixture } from './seed/fixture-load.js';
import type { CheckedFixture } from './seed/fixture-schema.js';

/** `--api-key`: the test prefix, then 8 to 100 letters, digits, `_` or `-` (a bearer value, safe in a header and a .env file). */
export const API_KEY_PATTERN = new RegExp(`^${TEST_KEY_PREFIX}[A-Za-z0-9_-]{8,100}$`);
/** `--company-id`: `cmp_`, then 1 to 64 letters, digits, `_` or `-` (safe in a header and a URL path). */
export const COMPANY_ID_PATTERN = /^cmp_[A-Za-z0-9_-]{1,64}$/;
export const SEED_KEY_MAX_LENGTH = 200;

/** The options of `createMockService` checked, with their defaults. */
export interface ServiceSetup {
  bases: ApiBases;
  seedKind: SeedKind;
  /** Milliseconds to wait before each request. */
  latency: () => number;
  /** Entries the request journal keeps (0: none). */
  journalSize: number;
  /** The fixture checked (MOCK-34), when the options name one. */
  fixture?: CheckedFixture;
}

/** Checks the options; a mistake throws a TypeError naming the option, before anything is built. */
export function serviceSetup(options: MockServiceOptions): ServiceSetup {
  const sandbox = ENVIRONMENTS.sandbox;
  const bases: ApiBases = {
    business: options.baseUrl ?? sandbox.baseUrl,
    data: options.dataBaseUrl ?? sandbox.dataBaseUrl,
    auth: options.authUrl ?? sandbox.authUrl,
  };
  for (const [name, url] of Object.entries(bases)) {
    if (!URL.canParse(url)) throw new TypeError(`createMockService: ${name} URL ${JSON.stringify(url)} is not an absolute URL`);
  }
  const fixture = typeof options.seed === 'object' && options.seed !== null ? parseFixture(options.seed) : undefined;
  const seedKind = fixture ? 'empty' : (options.seed ?? 'demo');
  if (seedKind !== 'demo' && seedKind !== 'empty')
    throw new TypeError(`createMockService: seed is 'demo' or 'empty', not ${JSON.stringify(seedKind)}`);
  checkCredentialOptions(options);
  if (options.data !== undefined && (typeof options.data !== 'string' || options.data === ''))
    throw new TypeError(`createMockService: data is a folder's path, not ${JSON.stringify(options.data)}`);
  return { bases, seedKind, latency: latencyOf(options.latency), journalSize: journalSizeOf(options.journalSize), fixture };
}

export type CredentialOption = 'apiKey' | 'companyId' | 'seedKey';

/** What each credential option takes, as a refusal says it. */
const CREDENTIAL_RULES: Record<CredentialOption, string> = {
  apiKey: `a test key: ${TEST_KEY_PREFIX} then 8 to 100 letters, digits, _ or -`,
  companyId: 'cmp_ then 1 to 64 letters, digits, _ or -',
  seedKey: `a string of 1 to ${SEED_KEY_MAX_LENGTH} characters`,
};

/**
 * `apiKey`, `companyId` and `seedKey`, as `createMockService` and the CLI's `--api-key`, `--company-id`
 * and `--seed-key` take them; `refuse` builds the error for an option and what it takes.
 */
export function checkCredentialOptions(
  options: Pick<MockServiceOptions, 'apiKey' | 'companyId' | 'seedKey'>,
  refuse: (option: CredentialOption, rule: string) => Error = (option, rule) => new TypeError(`${option} must be ${rule}`),
): void {
  const { apiKey, companyId, seedKey } = options;
  if (apiKey !== undefined && (typeof apiKey !== 'string' || !API_KEY_PATTERN.test(apiKey)))
    throw refuse('apiKey', CREDENTIAL_RULES.apiKey);
  if (companyId !== undefined && (typeof companyId !== 'string' || !COMPANY_ID_PATTERN.test(companyId))) {
    throw refuse('companyId', CREDENTIAL_RULES.companyId);
  }
  if (seedKey !== undefined && (typeof seedKey !== 'string' || seedKey.length === 0 || seedKey.length > SEED_KEY_MAX_LENGTH)) {
    throw refuse('seedKey', CREDENTIAL_RULES.seedKey);
  }
}

/**
 * Seeds the store, with the ids and keys the options fix: a seed key makes every id the store draws
 * reproducible; `companyId` and `apiKey` are the first company id and the first test key it issues,
 * which the seed gives the primary company and its key.
 */
export function seedWith(
  seed: (store: Store, clock: MockClock, kind: SeedKind) => SeedCredentials,
  store: Store,
  clock: MockClock,
  kind: SeedKind,
  options: MockServiceOptions,
): SeedCredentials {
  if (options.seedKey !== undefined) useSeedKey(store, options.seedKey);
  if (options.companyId !== undefined) store.ids.preset('cmp', options.companyId);
  if (options.apiKey !== undefined) store.ids.preset(TEST_KEY_PREFIX.slice(0, -1), options.apiKey);
  const seeded = seed(store, clock, kind);
  if (options.companyId !== undefined && seeded.companyId !== options.companyId) {
    throw new Error(`createMockService: the seed did not give its primary company the id ${options.companyId}`);
  }
  if (options.apiKey !== undefined && seeded.apiKey !== options.apiKey) {
    throw new Error('createMockService: the seed did not give its primary key the apiKey asked for');
  }
  return seeded;
}

/** Every later id the store draws comes from the seed key's stream. */
export function useSeedKey(store: Store, seedKey: string): void {
  store.ids.useSource(seededSource(seedKey));
}

/**
 * Bytes from SHA-256 in counter mode over the seed key: the same key gives the same stream, so the
 * same ids, keys and secrets in the same order. Not a secret generator; test keys on a mock only.
 */
function seededSource(seedKey: string): RandomSource {
  const key = new TextEncoder().encode(`acs-mock seed key\u0000${seedKey}\u0000`);
  const input = new Uint8Array(key.length + 8);
  input.set(key);
  const counter = new DataView(input.buffer, key.length);
  let block = 0;
  return (bytes) => {
    for (let at = 0; at < bytes.length; at += 32) {
      counter.setFloat64(0, block++);
      bytes.set(sha256(input).subarray(0, Math.min(32, bytes.length - at)), at);
    }
  };
}

function journalSizeOf(size: number | undefined): number {
  if (size === undefined) return JOURNAL_DEFAULT_SIZE;
  if (!Number.isInteger(size) || size < 0 || size > JOURNAL_MAX_SIZE)
    throw new TypeError(`createMockService: journalSize takes a whole number from 0 to ${JOURNAL_MAX_SIZE}, not ${String(size)}`);
  return size;
}

function latencyOf(option: MockServiceOptions['latency']): () => number {
  if (option === undefined || option === 0) return () => 0;
  if (typeof option === 'number') {
    if (!(option >= 0 && Number.isFinite(option))) throw new TypeError('latency takes milliseconds >= 0');
    return () => option;
  }
  const { min, max } = option;
  if (!(min >= 0 && max >= min && Number.isFinite(max))) throw new TypeError('latency takes { min, max } with 0 <= min <= max');
  return () => min + Math.random() * (max - min);
}
