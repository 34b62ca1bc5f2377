import type { StreamKind } from '../../src/contract/platform/stream-channels.js';
import type { Principal } from '../kernel/route.js';
import type { DomainEventBus } from './bus.js';
import { StreamSession, type StreamFault, type StreamTransport } from './stream-session.js';

export { StreamSession, type StreamFault, type StreamTransport } from './stream-session.js';

export interface StreamHubOptions {
  events: DomainEventBus;
  /** Bearer authentication of the router: an API key or access token to its principal; throws 401. */
  authenticate(token: string): Principal;
  companyExists(companyId: string): boolean;
  /** Milliseconds to wait for `auth` after connecting (default 10 000), then close with 4408. */
  authTimeoutMs?: number;
}

/** Options of `mock.stream.drop()` and `mock.stream.stall()`. */
export interface StreamFaultOptions {
  /** Events each open connection still sends before the fault (default 0: at once). */
  afterEvents?: number;
}

export const DEFAULT_AUTH_TIMEOUT_MS = 10_000;

/**
 * The mock's WebSocket side (`mock.stream`): every open stream connection, fed by one listener on
 * the domain event bus (the same events webhooks deliver), and the faults tests inject into them.
 */
export class StreamHub {
  readonly #sessions = new Set<StreamSession>();
  readonly #options: StreamHubOptions;

  constructor(options: StreamHubOptions) {
    this.#options = options;
    options.events.on('*', (event) => {
      for (const session of this.#sessions) session.offer(event);
    });
    options.events.demand((event, companyId) => {
      for (const session of this.#sessions) if (session.wants(event, companyId)) return true;
      return false;
    });
  }

  /** Open connections, authenticated or not. */
  get connections(): number {
    return this.#sessions.size;
  }

  /** Starts the protocol on a new connection; adapters (msw link, `ws` server) call it. */
  open(kind: StreamKind, transport: StreamTransport): StreamSession {
    const session = new StreamSession(kind, transport, {
      events: this.#options.events,
      authenticate: this.#options.authenticate,
      companyExists: this.#options.companyExists,
      authTimeoutMs: this.#options.authTimeoutMs ?? DEFAULT_AUTH_TIMEOUT_MS,
      onEnd: (ended) => this.#sessions.delete(ended),
    });
    this.#sessions.add(session);
    return session;
  }

  /**
   * Drops every open connection without a closing handshake, as a network failure does (the client
   * sees 1006), after each has sent `afterEvents` more events: a drop in the middle of a burst.
   * Returns how many connections it armed.
   */
  drop(options: StreamFaultOptions = {}): number {
    return this.#inject('drop', options);
  }

  /**
   * Lets every open connection go silent after `afterEvents` more events: no events, no pongs, no
   * close. Only the client's dead-connection bound notices it. Returns how many it armed.
   */
  stall(options: StreamFaultOptions = {}): number {
    return this.#inject('stall', options);
  }

  /** Closes every connection with a handshake (default 1001 going away: the server shuts down). */
  closeAll(code = 1001, reason = 'server shutting down'): void {
    for (const session of [...this.#sessions]) session.close(code, reason);
  }

  #inject(kind: StreamFault['kind'], options: StreamFaultOptions): number {
    const afterEvents = options.afterEvents ?? 0;
    if (!Number.isInteger(afterEvents) || afterEvents < 0) {
      throw new TypeError(`mock.stream.${kind}() takes afterEvents as an integer >= 0, got ${String(afterEvents)}`);
    }
    const sessions = [...this.#sessions];
    for (const session of sessions) session.inject({ kind, afterEvents });
    return sessions.length;
  }
}
