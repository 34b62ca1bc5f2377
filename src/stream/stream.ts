import { EventEmitter } from 'eventemitter3';
import { InvalidArgumentError } from '../core/errors.js';
import { FATAL_CLOSE_CODES, type StreamChannel, type StreamKind } from '../contract/platform/stream-channels.js';
import type { ReconnectOptions } from './backoff.js';
import { StreamClosedError, StreamError, StreamMessageError, StreamProtocolError } from './errors.js';
import type { StreamKit, StreamLink } from './link.js';
import { checkChannels, checkFilters, checkHeartbeat, checkReconnect, checkUrl } from './options.js';
import type { WebSocketConstructor } from './socket.js';
import type { AcsStreamEvents, AnyStreamEvent, StreamCloseInfo, StreamState, WebSocketEndpoint } from './types.js';

/** Options of `new AcsStream()`: `AcsClient.stream()` fills `url`, `token` and `companyId` from the client. */
export interface AcsStreamOptions {
  /** `wss://<host>/v1/stream` or `wss://<host>/v1/reports/stream` (`ws:` for a local mock). */
  url: string;
  /** The API key or access token, or a function asked before every connection (a token manager's). */
  token: string | (() => string | undefined | Promise<string | undefined>);
  companyId: string;
  /** Which stream `url` is (default `events`); channel names are checked against it. */
  kind?: StreamKind;
  channels: readonly string[];
  filters?: Readonly<Record<string, unknown>>;
  lastEventId?: string;
  reconnect?: ReconnectOptions | false;
  heartbeat?: { intervalMs?: number; timeoutMs?: number };
  WebSocket?: WebSocketConstructor;
  connect?: boolean;
  /** The contract declaration of the endpoint (set by `AcsClient`). */
  endpoint?: WebSocketEndpoint;
}

// Handed to the engine in its link rather than imported there, so they stay in the entry (see StreamKit).
const kit: StreamKit = { StreamError, StreamClosedError, StreamMessageError, StreamProtocolError, FATAL_CLOSE_CODES };

type Engine = typeof import('./engine.js');

/** The engine once loaded: every later connect opens its socket at once, as with no split. */
let engine: Engine | undefined;
let loading: Promise<Engine> | undefined;

/** Loads the engine once per page (its own chunk in a bundle); a failed download is tried again by the next call. */
function loadEngine(): Promise<Engine> {
  return (loading ??= import('./engine.js').then(
    (loaded) => (engine = loaded),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));
}

const ignore = () => {};

/**
 * A live subscription to the service's WebSocket stream (spec document 1, "WebSocket stream").
 * Sends `auth` then `subscribe`; emits each event under its channel name and as `event`; iterates
 * with `for await`; reconnects with backoff and resumes after the last `meta.eventId` seen, so an
 * event published during a drop arrives once, in order, within the server's buffer; notices a dead
 * connection by its silence; `close()` ends it all.
 *
 * @example
 * const stream = acs.stream({ channels: ['invoice.created', 'payment.received'] });
 * stream.on('payment.received', (event) => console.log(event.data.amount));
 * for await (const event of stream) console.log(event.channel, event.meta.eventId);
 */
export class AcsStream<C extends StreamChannel = StreamChannel> extends EventEmitter<AcsStreamEvents<C>> {
  /** The WebSocket address. */
  readonly url: string;
  readonly kind: StreamKind;
  readonly companyId: string;
  /** The subscribed channels, aliases mapped (`invoice.updates` -> `invoice.updated`). */
  readonly channels: readonly C[];
  readonly endpoint: WebSocketEndpoint | undefined;

  // This class holds what a user needs before any socket exists; the rest is the engine's (./engine.ts).
  readonly #link: StreamLink<C>;

  constructor(options: AcsStreamOptions) {
    super();
    this.kind = options.kind ?? 'events';
    this.url = checkUrl(options.url);
    if (typeof options.companyId !== 'string' || options.companyId.trim() === '') {
      throw new InvalidArgumentError('The stream needs a companyId (pass companyId to AcsClient or to the stream)');
    }
    if (typeof options.token !== 'string' && typeof options.token !== 'function') {
      throw new InvalidArgumentError('The stream needs a token: an API key or access token');
    }
    this.companyId = options.companyId;
    this.channels = checkChannels(options.channels, this.kind) as C[];
    checkFilters(options.filters, options.channels, this.kind);
    if (options.lastEventId !== undefined && (typeof options.lastEventId !== 'string' || options.lastEventId === '')) {
      throw new InvalidArgumentError('lastEventId must be a meta.eventId the stream sent');
    }
    this.#link = {
      url: this.url,
      companyId: this.companyId,
      options,
      reconnect: options.reconnect === false ? false : checkReconnect(options.reconnect ?? {}),
      heartbeat: checkHeartbeat(options.heartbeat ?? {}),
      kit,
      emitter: this as EventEmitter,
      state: 'idle',
      lastEventId: options.lastEventId,
      closeInfo: null,
      iterators: new Set(),
    };
    this.endpoint = options.endpoint;
    if (options.connect !== false) this.connect();
    // Fetched ahead, so that the later connect() opens its socket at once.
    else loadEngine().catch(ignore);
  }

  get state(): StreamState {
    return this.#link.state;
  }

  /**
   * Where a reconnect resumes: the `meta.eventId` of the last event received, or before the first
   * one the server's position when the subscription took effect. Save it to resume after a restart.
   */
  get lastEventId(): string | undefined {
    return this.#link.lastEventId;
  }

  /** Starts connecting (done by the constructor unless `connect: false`); no-op once started. */
  connect(): this {
    const link = this.#link;
    if (link.state !== 'idle') return this;
    link.state = 'connecting';
    if (engine) engine.start(link);
    else {
      loadEngine().then(
        (loaded) => loaded.start(link),
        (error: unknown) => {
          const failed = new StreamError({
            code: 'STREAM_CONNECT_FAILED',
            message: `Could not load the stream connection: ${String(error)}`,
            cause: error,
          });
          this.#finish({ code: 1006, reason: 'could not load the stream connection', error: failed });
        },
      );
    }
    return this;
  }

  /**
   * Resolves once authenticated and subscribed (at once if open now); rejects when the stream ends
   * before that, with the error that ended it.
   */
  ready(): Promise<void> {
    const link = this.#link;
    if (engine) return engine.whenReady(link);
    return loadEngine().then(
      (loaded) => loaded.whenReady(link),
      (error: unknown) => Promise.reject(link.closeInfo?.error ?? error),
    );
  }

  /** Ends the stream: the socket closes, no reconnect follows, `for await` loops finish. Idempotent. */
  close(): void {
    this.#finish({ code: 1000, reason: 'closed by the client' });
  }

  /** Every event from now on; leaving the loop (break, return, throw) closes the stream. */
  [Symbol.asyncIterator](): AsyncIterableIterator<AnyStreamEvent<C>> {
    // Before the engine is here no socket is open, so no event can come before the queue is in place.
    if (engine) return engine.iterate(this.#link);
    const queue = loadEngine().then((loaded) => loaded.iterate(this.#link));
    queue.catch(ignore);
    return {
      next: () => queue.then((q) => q.next()),
      return: () => {
        this.close();
        return queue.then((q) => q.return());
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    };
  }

  #finish(info: StreamCloseInfo): void {
    const link = this.#link;
    if (engine) return void engine.finish(link, info);
    // Before the engine is here there is no socket and no for-await queue to end.
    if (link.state === 'closed') return;
    link.state = 'closed';
    link.closeInfo = info;
    if (info.error) link.emitter.emit('error', info.error);
    link.emitter.emit('close', info);
  }
}
