import { Transport } from './core/http.js';
import { InvalidArgumentError } from './core/errors.js';
import type { Environment } from './core/environments.js';
import type { SdkMethod } from './core/method.js';
import { resolveOptions, type ClientOptions } from './core/options.js';
import { Accounts, Auth, CompanyResource, JournalEntries, Bulk } from './resources/index.js';

export type { ClientOptions } from './core/options.js';

/** How `withCompany()` hands its transport to the new client without a public constructor argument. */
const SHARED = Symbol('acs-sdk.shared');
interface Shared {
  transport: Transport;
  environment: Environment;
  companyId: string;
}

/**
 * Client of the Accounting and Commerce Service. Every call acts on one company (`companyId`, sent as
 * `X-Company-Id`); `withCompany()` gives a client for another company over the same connection.
 *
 * @example
 * const acs = new AcsClient({ apiKey: process.env.ACS_API_KEY, companyId: 'cmp_...' });
 * const cash = await acs.accounts.create({ accountNumber: '1010', name: 'Cash', type: 'asset', category: 'current_asset' });
 */
export class AcsClient {
  readonly environment: Environment;
  readonly companyId: string | undefined;

  /** `GET /auth/verify`. */
  readonly auth: Auth;
  /** `GET /company`. */
  readonly company: CompanyResource;
  /** The chart of accounts. */
  readonly accounts: Accounts;
  /** Journal entries. */
  readonly journalEntries: JournalEntries;
  /** Bulk writes: up to the per-call limit, each item on its own. */
  readonly bulk: Bulk;

  readonly #transport: Transport;

  constructor(options: ClientOptions = {}) {
    const shared = (options as { [SHARED]?: Shared })[SHARED];
    if (shared) {
      this.#transport = shared.transport;
      this.environment = shared.environment;
      this.companyId = shared.companyId;
    } else {
      const resolved = resolveOptions(options);
      this.#transport = new Transport(resolved.transport);
      this.environment = resolved.environment;
      this.companyId = resolved.companyId;
    }
    const core = { transport: this.#transport, companyId: this.companyId };
    this.auth = new Auth(core);
    this.company = new CompanyResource(core);
    this.accounts = new Accounts(core);
    this.journalEntries = new JournalEntries(core);
    this.bulk = new Bulk(core);
  }

  /** Business API base (ends with `/v1`). */
  get baseUrl(): string {
    return this.#transport.config.urls.baseUrl;
  }
  /** Data-management API base. */
  get dataBaseUrl(): string {
    return this.#transport.config.urls.dataBaseUrl;
  }
  /** OAuth server base. */
  get authUrl(): string {
    return this.#transport.config.urls.authUrl;
  }

  /** A client for another company, sharing this one's configuration, credentials and HTTP instance. */
  withCompany(companyId: string): AcsClient {
    if (typeof companyId !== 'string' || companyId.trim() === '') {
      throw new InvalidArgumentError(`withCompany() needs a non-empty company id, got ${JSON.stringify(companyId)}`);
    }
    const shared: Shared = { transport: this.#transport, environment: this.environment, companyId };
    return new AcsClient({ [SHARED]: shared } as ClientOptions);
  }

  /**
   * Every resource and its SDK methods, by the names a caller uses (`accounts` -> `list`, ...). Each
   * method carries its contract declaration as `method.endpoint`.
   */
  resources(): Record<string, Record<string, SdkMethod>> {
    return {
      auth: this.auth,
      company: this.company,
      accounts: this.accounts,
      journalEntries: this.journalEntries,
      bulk: this.bulk,
    } as unknown as Record<string, Record<string, SdkMethod>>;
  }
}
