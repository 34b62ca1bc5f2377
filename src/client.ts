import { Transport } from './core/http.js';
import { InvalidArgumentError } from './core/errors.js';
import type { Environment } from './core/environments.js';
import type { SdkMethod } from './core/method.js';
import { resolveOptions, type ClientOptions } from './core/options.js';
import { Accounts, Auth, CompanyResource, JournalEntries, Bulk } from './resources/index.js';
import { streamEvents, streamReports } from './contract/platform/stream.js';
import { defineStreamMethod, type StreamMethod } from './stream/method.js';
import { Customers, Items, TaxCodes } from './resources/index.js';
import { Analytics, Invoices, Quotes, SalesOrders } from './resources/index.js';
import { Webhooks } from './resources/index.js';
import { OAuth } from './resources/index.js';

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
  /** Customers, with their contacts as `customers.contacts`. */
  readonly customers: Customers;
  /** The item catalogue. */
  readonly items: Items;
  /** The company's tax codes (read-only). */
  readonly taxCodes: TaxCodes;
  /** Bulk writes: up to the per-call limit, each item on its own. */
  readonly bulk: Bulk;
  /** Sales orders. */
  readonly salesOrders: SalesOrders;
  /** Quotes. */
  readonly quotes: Quotes;
  /** Invoices, with their payments as `invoices.payments`. */
  readonly invoices: Invoices;
  /** Sales analytics (the sales funnel). */
  readonly analytics: Analytics;
  /** Webhook subscriptions (`admin` scope); verify deliveries with `acs-sdk/webhooks`. */
  readonly webhooks: Webhooks;
  /** The OAuth endpoints as sent; sign users in with `OAuthClient` and `TokenManager` from `acs-sdk/oauth`. */
  readonly oauth: OAuth;

  /**
   * Live events over `wss://<host>/v1/stream`: `acs.stream({ channels, filters })` returns an
   * `AcsStream` (typed `on(channel)`, `for await`, reconnect with resume); see `acs-sdk/stream`.
   */
  readonly stream: StreamMethod<'events'>;
  /** Report completions and KPI updates over `wss://<host>/v1/reports/stream`. */
  readonly reportStream: StreamMethod<'reports'>;

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
    this.customers = new Customers(core);
    this.items = new Items(core);
    this.taxCodes = new TaxCodes(core);
    this.bulk = new Bulk(core);
    this.salesOrders = new SalesOrders(core);
    this.quotes = new Quotes(core);
    this.invoices = new Invoices(core);
    this.analytics = new Analytics(core);
    const credential = this.#transport.config.credential;
    const streamCore = {
      baseUrl: this.#transport.config.urls.baseUrl,
      companyId: this.companyId,
      token: credential ? () => credential.get() : undefined,
    };
    this.stream = defineStreamMethod(streamCore, streamEvents);
    this.reportStream = defineStreamMethod(streamCore, streamReports);
    this.webhooks = new Webhooks(core);
    this.oauth = new OAuth(core);
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

  /** The WebSocket stream methods, each carrying its declaration as `method.endpoint` (read by the coverage test). */
  streams(): Record<string, StreamMethod> {
    return { stream: this.stream, reportStream: this.reportStream } as Record<string, StreamMethod>;
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
      customers: this.customers,
      // A sub-resource is listed under its dotted path, as its endpoint ids name it.
      'customers.contacts': this.customers.contacts,
      items: this.items,
      taxCodes: this.taxCodes,
      bulk: this.bulk,
      salesOrders: this.salesOrders,
      quotes: this.quotes,
      invoices: this.invoices,
      'invoices.payments': this.invoices.payments,
      analytics: this.analytics,
      webhooks: this.webhooks,
      oauth: this.oauth,
    } as unknown as Record<string, Record<string, SdkMethod>>;
  }
}
