import { Transport } from './internal/transport.js';
import { InvalidArgumentError } from './core/errors.js';
import type { Environment } from './core/environments.js';
import { resolveOptions, type ClientOptions } from './core/options.js';
import { Resource, type MethodCore, type SdkMethod } from './core/resource.js';
import { streamEvents, streamReports } from './generated/index.js';
import { RESOURCES, type Resources } from './resources/index.js';
import { defineStreamMethod, type StreamMethod } from './stream/method.js';

export type { ClientOptions } from './core/options.js';

/** How `withCompany()` hands its transport to the new client without a public constructor argument. */
const SHARED = Symbol('acs-sdk.shared');
interface Shared {
  transport: Transport;
  environment: Environment;
  companyId: string;
}

// The resources (`acs.accounts`, `acs.invoices`, ...) are the properties of `Resources`, made from the one list in resources/index.ts.
export interface AcsClient extends Resources {}

/**
 * Client of the Accounting and Commerce Service. Every call acts on one company (`companyId`, sent as
 * `X-Company-Id`); `withCompany()` gives a client for another company over the same connection.
 *
 * @example
 * const acs = new AcsClient({ apiKey: process.env.ACS_API_KEY, companyId: 'cmp_...' });
 * const cash = await acs.accounts.create({ accountNumber: '1010', name: 'Cash', type: 'asset', category: 'current_asset' });
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the constructor assigns every resource the interface above declares
export class AcsClient {
  readonly environment: Environment;
  readonly companyId: string | undefined;

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
    const core: MethodCore = { transport: this.#transport, companyId: this.companyId };
    const resources: Record<string, Resource> = {};
    for (const name of Object.keys(RESOURCES) as (keyof typeof RESOURCES)[]) resources[name] = new RESOURCES[name](core);
    Object.assign(this, resources);
    const credential = this.#transport.config.credential;
    const streamCore = {
      baseUrl: this.#transport.config.urls.baseUrl,
      companyId: this.companyId,
      token: credential ? () => credential.get() : undefined,
    };
    this.stream = defineStreamMethod(streamCore, streamEvents);
    this.reportStream = defineStreamMethod(streamCore, streamReports);
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
   * Every resource and its SDK methods, by the names a caller uses (`accounts` -> `list`, ...); a
   * sub-resource under its dotted path (`invoices.payments`). Each method carries its endpoint as `method.endpoint`.
   */
  resources(): Record<string, Record<string, SdkMethod>> {
    const out: Record<string, Record<string, SdkMethod>> = {};
    const walk = (path: string, resource: Resource) => {
      const methods: Record<string, SdkMethod> = {};
      for (const [name, value] of Object.entries(resource)) {
        if (value instanceof Resource) walk(`${path}.${name}`, value);
        else if (typeof value === 'function' && 'endpoint' in value) methods[name] = value as SdkMethod;
      }
      Object.assign(methods, generatedMethodsOf(resource));
      out[path] = methods;
    };
    for (const name of Object.keys(RESOURCES) as (keyof typeof RESOURCES)[]) walk(name, this[name]);
    return out;
  }
}

/** A resource's generated methods (on its prototypes, tagged with their route), bound to it, by name. */
function generatedMethodsOf(resource: Resource): Record<string, SdkMethod> {
  const methods: Record<string, SdkMethod> = {};
  for (let proto = Object.getPrototypeOf(resource); proto && proto !== Resource.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      const value = proto[name];
      if (name in methods || typeof value !== 'function' || !('endpoint' in value)) continue;
      methods[name] = Object.assign(value.bind(resource), { endpoint: value.endpoint }) as SdkMethod;
    }
  }
  return methods;
}
