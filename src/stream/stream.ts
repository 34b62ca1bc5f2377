import { EventEmitter } from 'eventemitter3';
import { InvalidArgumentError } from '../core/errors.js';
import {
  canonicalChannel,
  FATAL_CLOSE_CODES,
  STREAM_PATHS,
  type StreamChannel,
  type StreamKind,
} from '../contract/platform/stream-channels.js';
import { DEFAULT_RECONNECT, reconnectDelay, type ReconnectOptions } from './backoff.js';
import { StreamClosedError, StreamError, StreamMessageError, StreamProtocolError } from './errors.js';
import { EventQueue } from './event-queue.js';
import { messageText, OPEN, resolveWebSocket, type WebSocketConstructor, type WebSocketLike } from './socket.js';
import type { AcsStreamEvents, AnyStreamEvent, StreamCloseInfo, StreamOpenInfo, StreamState, WebSocketEndpoint } from './types.js';

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

/** Default dead-connection bounds: a ping after 15 s of silence, a reconnect after 30 s of it. */
export const DEFAULT_HEARTBEAT = { intervalMs: 15_000, timeoutMs: 30_000 } as const;

interface ServerMessage {
  type: string;
  [field: string]: unknown;
}

const now = () => Date.now();

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

  readonly #options: AcsStreamOptions;
  readonly #reconnect: Required<ReconnectOptions> | false;
  readonly #heartbeat: { intervalMs: number; timeoutMs: number };
  readonly #iterators = new Set<EventQueue<AnyStreamEvent<C>>>();
  #state: StreamState = 'idle';
  #socket: WebSocketLike | null = null;
  #authenticated = false;
  #lastEventId: string | undefined;
  #resumedAfter: string | null = null;
  #attempt = 0;
  #opened = 0;
  #lastHeardAt = 0;
  #lastPingAt = 0;
  #watchdog: ReturnType<typeof setInterval> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;
  #closeInfo: StreamCloseInfo | null = null;

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
    this.#reconnect = options.reconnect === false ? false : checkReconnect(options.reconnect ?? {});
    this.#heartbeat = checkHeartbeat(options.heartbeat ?? {});
    this.#options = options;
    this.#lastEventId = options.lastEventId;
    this.endpoint = options.endpoint;
    if (options.connect !== false) this.connect();
  }

  get state(): StreamState {
    return this.#state;
  }

  /**
   * Where a reconnect resumes: the `meta.eventId` of the last event received, or before the first
   * one the server's position when the subscription took effect. Save it to resume after a restart.
   */
  get lastEventId(): string | undefined {
    return this.#lastEventId;
  }

  /** Starts connecting (done by the constructor unless `connect: false`); no-op once started. */
  connect(): this {
    if (this.#state !== 'idle') return this;
    this.#state = 'connecting';
    void this.#open();
    return this;
  }

  /**
   * Resolves once authenticated and subscribed (at once if open now); rejects when the stream ends
   * before that, with the error that ended it.
   */
  ready(): Promise<void> {
    if (this.#state === 'open') return Promise.resolve();
    if (this.#state === 'closed') return Promise.reject(this.#endError());
    return new Promise((resolve, reject) => {
      const onOpen = () => {
        this.#untyped.off('close', onClose);
        resolve();
      };
      const onClose = () => {
        this.#untyped.off('open', onOpen);
        reject(this.#endError());
      };
      this.#untyped.once('open', onOpen);
      this.#untyped.once('close', onClose);
    });
  }

  /** Ends the stream: the socket closes, no reconnect follows, `for await` loops finish. Idempotent. */
  close(): void {
    this.#finish({ code: 1000, reason: 'closed by the client' });
  }

  /** Every event from now on; leaving the loop (break, return, throw) closes the stream. */
  [Symbol.asyncIterator](): AsyncIterableIterator<AnyStreamEvent<C>> {
    const queue = new EventQueue<AnyStreamEvent<C>>(() => {
      this.#iterators.delete(queue);
      this.close();
    });
    if (this.#state === 'closed') {
      const error = this.#closeInfo?.error;
      if (error) queue.fail(error);
      else queue.end();
    } else {
      this.#iterators.add(queue);
    }
    return queue;
  }

  // -------------------------------------------------------------------------------------------
  // Connection

  async #open(): Promise<void> {
    let token: string | undefined;
    let WebSocketClass: WebSocketConstructor;
    try {
      token = typeof this.#options.token === 'function' ? await this.#options.token() : this.#options.token;
      WebSocketClass = await resolveWebSocket(this.#options.WebSocket);
    } catch (error) {
      if (this.#state !== 'connecting') return;
      this.#emit('error', new StreamError({ code: 'STREAM_CONNECT_FAILED', message: `Could not start a stream connection: ${String(error)}`, cause: error }));
      return this.#lost(1006, 'could not connect');
    }
    if (this.#state !== 'connecting') return; // closed while the token was fetched
    if (!token) {
      return this.#finish({ code: 4401, reason: 'no credentials', error: new StreamClosedError({ closeCode: 4401, reason: 'no credentials', message: 'The stream needs a token: pass apiKey, accessToken or getAccessToken' }) });
    }

    let socket: WebSocketLike;
    try {
      socket = new WebSocketClass(this.url);
    } catch (error) {
      return this.#finish({ code: 1006, reason: 'could not open the socket', error: new StreamClosedError({ closeCode: 1006, reason: String(error), cause: error }) });
    }
    this.#socket = socket;
    this.#authenticated = false;
    this.#hear();
    this.#startWatchdog();
    socket.onopen = () => {
      this.#hear();
      // Auth goes in the first message, never in the URL (spec document 1, "Rules" 4).
      this.#send({ type: 'auth', token, companyId: this.companyId });
    };
    socket.onmessage = (event) => {
      if (socket === this.#socket) this.#onMessage(event.data);
    };
    // An error is always followed by close, which decides what happens next.
    socket.onerror = () => {};
    socket.onclose = (event) => {
      if (socket === this.#socket) this.#onSocketClose(event.code, event.reason);
    };
  }

  #onMessage(data: unknown): void {
    this.#hear();
    const text = messageText(data);
    let message: ServerMessage;
    try {
      message = JSON.parse(text ?? '');
      if (message === null || typeof message !== 'object' || typeof message.type !== 'string') throw new TypeError('no type');
    } catch {
      this.#emit('error', new StreamProtocolError(`The server sent a message that is not a protocol message: ${String(text).slice(0, 80)}`));
      return;
    }
    switch (message.type) {
      case 'event':
        return this.#onEvent(message);
      case 'authenticated':
        this.#authenticated = true;
        this.#resumedAfter = this.#lastEventId ?? null;
        this.#send({
          type: 'subscribe',
          channels: this.#options.channels,
          ...(this.#options.filters ? { filters: this.#options.filters } : {}),
          ...(this.#lastEventId ? { lastEventId: this.#lastEventId } : {}),
        });
        return;
      case 'subscribed': {
        // Before its first event, the stream resumes from the server's position at subscription.
        if (this.#lastEventId === undefined && typeof message.lastEventId === 'string') this.#lastEventId = message.lastEventId;
        this.#state = 'open';
        this.#attempt = 0;
        const info: StreamOpenInfo = { reconnected: this.#opened > 0, resumedAfter: this.#resumedAfter };
        this.#opened++;
        this.#emit('open', info);
        return;
      }
      case 'replayed':
        this.#emit('replayed', { lastEventId: String(message.lastEventId), count: Number(message.count) });
        return;
      case 'resume_failed':
        this.#emit('resume_failed', {
          lastEventId: String(message.lastEventId),
          oldestEventId: typeof message.oldestEventId === 'string' ? message.oldestEventId : null,
          message: String(message.message),
        });
        return;
      case 'pong':
        return;
      case 'error':
        return this.#onServerError(message);
      default:
        this.#emit('error', new StreamProtocolError(`The server sent an unknown message type: ${message.type.slice(0, 40)}`));
    }
  }

  #onEvent(message: ServerMessage): void {
    const meta = message.meta as { eventId?: unknown } | undefined;
    if (typeof message.channel !== 'string' || typeof meta?.eventId !== 'string') {
      this.#emit('error', new StreamProtocolError('The server sent an event without channel or meta.eventId'));
      return;
    }
    this.#lastEventId = meta.eventId;
    const event = message as unknown as AnyStreamEvent<C>;
    this.#emit(message.channel, event);
    this.#emit('event', event);
    for (const queue of this.#iterators) queue.push(event);
  }

  #onServerError(message: ServerMessage): void {
    const error = new StreamMessageError({
      code: String(message.code),
      message: String(message.message),
      details: Array.isArray(message.details) ? message.details : undefined,
      request: typeof message.request === 'string' ? message.request : undefined,
    });
    // A refused subscription leaves nothing to stream; the same request would be refused again.
    if (error.request === 'subscribe' && this.#state === 'connecting') {
      return this.#finish({ code: 1000, reason: 'subscription refused', error });
    }
    this.#emit('error', error);
  }

  #onSocketClose(code: number, reason: string): void {
    this.#dropSocket();
    if (this.#state === 'closed') return;
    if (FATAL_CLOSE_CODES.has(code)) {
      return this.#finish({ code, reason, error: new StreamClosedError({ closeCode: code, reason }) });
    }
    this.#lost(code, reason);
  }

  /** The connection is gone but the stream is not: wait, then connect again (and resume). */
  #lost(code: number, reason: string): void {
    this.#dropSocket();
    if (this.#reconnect === false) {
      const error = new StreamClosedError({ closeCode: code, reason, message: `The stream connection ended (${code}${reason ? `: ${reason}` : ''}) and reconnect is off` });
      return this.#finish({ code, reason, error });
    }
    this.#attempt++;
    if (this.#attempt > this.#reconnect.maxAttempts) {
      const error = new StreamClosedError({ closeCode: code, reason, message: `The stream could not reconnect after ${this.#reconnect.maxAttempts} attempts (last close ${code}${reason ? `: ${reason}` : ''})` });
      return this.#finish({ code, reason, error });
    }
    const delayMs = reconnectDelay(this.#attempt, this.#reconnect);
    this.#state = 'reconnecting';
    this.#emit('reconnect', { attempt: this.#attempt, delayMs, code, reason });
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      if (this.#state !== 'reconnecting') return;
      this.#state = 'connecting';
      void this.#open();
    }, delayMs);
  }

  #finish(info: StreamCloseInfo): void {
    if (this.#state === 'closed') return;
    this.#state = 'closed';
    this.#closeInfo = info;
    clearTimeout(this.#retryTimer);
    const socket = this.#socket;
    this.#dropSocket();
    if (socket && socket.readyState <= OPEN) {
      try {
        socket.close(1000, info.reason.slice(0, 100));
      } catch {
        // Already closing: nothing to do.
      }
    }
    if (info.error) this.#emit('error', info.error);
    for (const queue of this.#iterators) {
      if (info.error) queue.fail(info.error);
      else queue.end();
    }
    this.#iterators.clear();
    this.#emit('close', info);
  }

  #endError(): StreamError {
    return this.#closeInfo?.error ?? new StreamClosedError({ closeCode: this.#closeInfo?.code ?? 1000, reason: this.#closeInfo?.reason ?? '', message: 'The stream was closed' });
  }

  /** Detaches the current socket, so nothing it does later reaches the stream. */
  #dropSocket(): void {
    clearInterval(this.#watchdog);
    this.#watchdog = undefined;
    const socket = this.#socket;
    if (!socket) return;
    this.#socket = null;
    socket.onopen = socket.onmessage = socket.onclose = null;
    // Kept as a no-op: the `ws` package throws an 'error' event that has no listener.
    socket.onerror = () => {};
  }

  // -------------------------------------------------------------------------------------------
  // Dead-connection detection

  #hear(): void {
    this.#lastHeardAt = now();
  }

  /**
   * Checks the silence a few times per bound: a ping after `intervalMs` of it (answered by `pong`
   * or any message), a reconnect after `timeoutMs` (a half-open TCP link sends no close at all).
   */
  #startWatchdog(): void {
    clearInterval(this.#watchdog);
    const { intervalMs, timeoutMs } = this.#heartbeat;
    const tick = Math.max(5, Math.min(intervalMs, timeoutMs - intervalMs) / 2);
    this.#lastPingAt = 0;
    this.#watchdog = setInterval(() => {
      const silence = now() - this.#lastHeardAt;
      if (silence >= timeoutMs) return this.#dead(timeoutMs);
      if (silence >= intervalMs && this.#authenticated && now() - this.#lastPingAt >= intervalMs) {
        this.#lastPingAt = now();
        this.#send({ type: 'ping' });
      }
    }, tick);
  }

  #dead(timeoutMs: number): void {
    const socket = this.#socket;
    this.#dropSocket();
    if (socket) {
      try {
        const withTerminate = socket as WebSocketLike & { terminate?: () => void };
        if (withTerminate.terminate) withTerminate.terminate();
        else socket.close(4000, 'no message or pong in time');
      } catch {
        // The socket is unusable anyway.
      }
    }
    this.#lost(1006, `no message or pong within ${timeoutMs} ms`);
  }

  /** The emitter without the per-channel typing, for the stream's own calls (TypeScript cannot check a generic `C` here). */
  get #untyped(): EventEmitter {
    return this as unknown as EventEmitter;
  }

  #emit(name: string, payload: unknown): void {
    this.#untyped.emit(name, payload);
  }

  #send(message: object): void {
    const socket = this.#socket;
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }
}

function checkUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError(`The stream URL must be an absolute ws: or wss: URL, got ${JSON.stringify(value)}`);
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new InvalidArgumentError(`The stream URL must use ws: or wss:, got ${url.protocol}`);
  }
  return url.toString();
}

function checkChannels(channels: readonly string[], kind: StreamKind): StreamChannel[] {
  const carried: readonly string[] = STREAM_PATHS[kind].channels;
  if (!Array.isArray(channels) || channels.length === 0) {
    throw new InvalidArgumentError(`Give at least one channel: ${carried.join(', ')}`);
  }
  const canonical = new Set<StreamChannel>();
  for (const name of channels) {
    const channel = typeof name === 'string' ? canonicalChannel(name) : null;
    if (channel === null || !carried.includes(channel)) {
      throw new InvalidArgumentError(`Unknown channel ${JSON.stringify(name)} for /v1${STREAM_PATHS[kind].path}; channels: ${carried.join(', ')}`);
    }
    canonical.add(channel);
  }
  return [...canonical];
}

function checkFilters(filters: Readonly<Record<string, unknown>> | undefined, channels: readonly string[], kind: StreamKind): void {
  if (filters === undefined) return;
  if (filters === null || typeof filters !== 'object' || Array.isArray(filters)) {
    throw new InvalidArgumentError('filters maps a channel to { field: [values] }');
  }
  const subscribed = new Set(channels.map((name) => canonicalChannel(name)));
  for (const [key, value] of Object.entries(filters)) {
    if (key === 'reportTypes' && kind === 'reports') {
      if (!Array.isArray(value) || value.length === 0) throw new InvalidArgumentError('filters.reportTypes takes a non-empty array of report types');
      continue;
    }
    if (!subscribed.has(canonicalChannel(key))) {
      throw new InvalidArgumentError(`filters name ${key}, which is not among the channels`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new InvalidArgumentError(`filters.${key} maps fields to arrays of values, e.g. { status: ['sent'] }`);
    }
    for (const [field, values] of Object.entries(value)) {
      if (!Array.isArray(values) || values.length === 0) {
        throw new InvalidArgumentError(`filters.${key}.${field} must be a non-empty array of values`);
      }
    }
  }
}

function checkReconnect(options: ReconnectOptions): Required<ReconnectOptions> {
  const merged = { ...DEFAULT_RECONNECT, ...options };
  if (!(merged.initialDelayMs >= 0) || !Number.isFinite(merged.initialDelayMs)) throw new InvalidArgumentError('reconnect.initialDelayMs must be a number >= 0');
  if (!(merged.maxDelayMs >= merged.initialDelayMs) || !Number.isFinite(merged.maxDelayMs)) throw new InvalidArgumentError('reconnect.maxDelayMs must be a number >= initialDelayMs');
  if (!(merged.maxAttempts >= 0) || (merged.maxAttempts !== Infinity && !Number.isInteger(merged.maxAttempts))) {
    throw new InvalidArgumentError('reconnect.maxAttempts must be an integer >= 0 or Infinity');
  }
  return merged;
}

function checkHeartbeat(options: { intervalMs?: number; timeoutMs?: number }): { intervalMs: number; timeoutMs: number } {
  const merged = { ...DEFAULT_HEARTBEAT, ...options };
  if (!(merged.intervalMs > 0) || !Number.isFinite(merged.intervalMs)) throw new InvalidArgumentError('heartbeat.intervalMs must be a positive number');
  if (!(merged.timeoutMs > merged.intervalMs) || !Number.isFinite(merged.timeoutMs)) {
    throw new InvalidArgumentError('heartbeat.timeoutMs must be larger than heartbeat.intervalMs (a ping must have time to be answered)');
  }
  return merged;
}
