import { reconnectDelay } from './backoff.js';
import type { StreamLink } from './link.js';
import { messageText, OPEN, resolveWebSocket, type WebSocketConstructor, type WebSocketLike } from './socket.js';
import type { AnyStreamEvent, StreamChannel, StreamCloseInfo, StreamOpenInfo } from './types.js';

// The sockets of an `AcsStream`, in its lazily loaded engine (./engine.ts): an app that never opens a
// stream does not download the protocol, reconnect and heartbeat code.

interface ServerMessage {
  type: string;
  [field: string]: unknown;
}

const now = () => Date.now();

/** Opens the stream's first connection, unless a close() came while the engine was downloading. */
export function start<C extends StreamChannel>(link: StreamLink<C>): void {
  if (link.state === 'connecting') (link.connection = new StreamConnection(link)).open();
}

/** Ends the stream for good: its socket closes, no retry follows, its loops finish, `close` is emitted. Idempotent. */
export function finish<C extends StreamChannel>(link: StreamLink<C>, info: StreamCloseInfo): void {
  if (link.state === 'closed') return;
  link.state = 'closed';
  link.closeInfo = info;
  link.connection?.stop(info.reason);
  if (info.error) link.emitter.emit('error', info.error);
  for (const queue of link.iterators) {
    if (info.error) queue.fail(info.error);
    else queue.end();
  }
  link.iterators.clear();
  link.emitter.emit('close', info);
}

/**
 * One stream's sockets over its life: auth then subscribe on each, events out to the stream,
 * reconnects with backoff resuming after the last `meta.eventId`, and a watchdog for silence.
 */
export class StreamConnection<C extends StreamChannel = StreamChannel> {
  readonly #link: StreamLink<C>;
  #socket: WebSocketLike | null = null;
  #authenticated = false;
  #resumedAfter: string | null = null;
  #attempt = 0;
  #opened = 0;
  #lastHeardAt = 0;
  #lastPingAt = 0;
  #watchdog: ReturnType<typeof setInterval> | undefined;
  #retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(link: StreamLink<C>) {
    this.#link = link;
  }

  /** Opens a socket; the stream is in state `connecting`. */
  open(): void {
    void this.#open();
  }

  /** The stream ended: no retry follows, and the socket (if any) is detached and closed with `reason`. */
  stop(reason: string): void {
    clearTimeout(this.#retryTimer);
    const socket = this.#socket;
    this.#dropSocket();
    if (socket && socket.readyState <= OPEN) {
      try {
        socket.close(1000, reason.slice(0, 100));
      } catch {
        // Already closing: nothing to do.
      }
    }
  }

  async #open(): Promise<void> {
    const link = this.#link;
    let token: string | undefined;
    let WebSocketClass: WebSocketConstructor;
    try {
      token = typeof link.options.token === 'function' ? await link.options.token() : link.options.token;
      WebSocketClass = await resolveWebSocket(link.options.WebSocket);
    } catch (error) {
      if (link.state !== 'connecting') return;
      link.emitter.emit(
        'error',
        new link.kit.StreamError({
          code: 'STREAM_CONNECT_FAILED',
          message: `Could not start a stream connection: ${String(error)}`,
          cause: error,
        }),
      );
      return this.#lost(1006, 'could not connect');
    }
    if (link.state !== 'connecting') return; // closed while the token was fetched
    if (!token) {
      return finish(link, {
        code: 4401,
        reason: 'no credentials',
        error: new link.kit.StreamClosedError({
          closeCode: 4401,
          reason: 'no credentials',
          message: 'The stream needs a token: pass apiKey, accessToken or getAccessToken',
        }),
      });
    }

    let socket: WebSocketLike;
    try {
      socket = new WebSocketClass(link.url);
    } catch (error) {
      return finish(link, {
        code: 1006,
        reason: 'could not open the socket',
        error: new link.kit.StreamClosedError({ closeCode: 1006, reason: String(error), cause: error }),
      });
    }
    this.#socket = socket;
    this.#authenticated = false;
    this.#hear();
    this.#startWatchdog();
    socket.onopen = () => {
      this.#hear();
      // Auth goes in the first message, never in the URL (spec document 1, "Rules" 4).
      this.#send({ type: 'auth', token, companyId: link.companyId });
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
    const link = this.#link;
    this.#hear();
    const text = messageText(data);
    let message: ServerMessage;
    try {
      message = JSON.parse(text ?? '');
      if (message === null || typeof message !== 'object' || typeof message.type !== 'string') throw new TypeError('no type');
    } catch {
      link.emitter.emit(
        'error',
        new link.kit.StreamProtocolError(`The server sent a message that is not a protocol message: ${String(text).slice(0, 80)}`),
      );
      return;
    }
    switch (message.type) {
      case 'event':
        this.#onEvent(message);
        return;
      case 'authenticated':
        this.#authenticated = true;
        this.#resumedAfter = link.lastEventId ?? null;
        this.#send({
          type: 'subscribe',
          channels: link.options.channels,
          ...(link.options.filters ? { filters: link.options.filters } : {}),
          ...(link.lastEventId ? { lastEventId: link.lastEventId } : {}),
        });
        return;
      case 'subscribed': {
        // Before its first event, the stream resumes from the server's position at subscription.
        if (link.lastEventId === undefined && typeof message.lastEventId === 'string') link.lastEventId = message.lastEventId;
        link.state = 'open';
        this.#attempt = 0;
        const info: StreamOpenInfo = { reconnected: this.#opened > 0, resumedAfter: this.#resumedAfter };
        this.#opened++;
        link.emitter.emit('open', info);
        return;
      }
      case 'replayed':
        link.emitter.emit('replayed', { lastEventId: String(message.lastEventId), count: Number(message.count) });
        return;
      case 'resume_failed':
        link.emitter.emit('resume_failed', {
          lastEventId: String(message.lastEventId),
          oldestEventId: typeof message.oldestEventId === 'string' ? message.oldestEventId : null,
          message: String(message.message),
        });
        return;
      case 'pong':
        return;
      case 'error':
        this.#onServerError(message);
        return;
      default:
        link.emitter.emit(
          'error',
          new link.kit.StreamProtocolError(`The server sent an unknown message type: ${message.type.slice(0, 40)}`),
        );
    }
  }

  #onEvent(message: ServerMessage): void {
    const link = this.#link;
    const meta = message.meta as { eventId?: unknown } | undefined;
    if (typeof message.channel !== 'string' || typeof meta?.eventId !== 'string') {
      link.emitter.emit('error', new link.kit.StreamProtocolError('The server sent an event without channel or meta.eventId'));
      return;
    }
    link.lastEventId = meta.eventId;
    const event = message as unknown as AnyStreamEvent<C>;
    link.emitter.emit(message.channel, event);
    link.emitter.emit('event', event);
    for (const queue of link.iterators) queue.push(event);
  }

  #onServerError(message: ServerMessage): void {
    const link = this.#link;
    const error = new link.kit.StreamMessageError({
      code: String(message.code),
      message: String(message.message),
      details: message.details,
      request: typeof message.request === 'string' ? message.request : undefined,
    });
    // A refused subscription leaves nothing to stream; the same request would be refused again.
    if (error.request === 'subscribe' && link.state === 'connecting') {
      finish(link, { code: 1000, reason: 'subscription refused', error });
      return;
    }
    link.emitter.emit('error', error);
  }

  #onSocketClose(code: number, reason: string): void {
    const link = this.#link;
    this.#dropSocket();
    if (link.state === 'closed') return;
    if (link.kit.FATAL_CLOSE_CODES.has(code)) {
      finish(link, { code, reason, error: new link.kit.StreamClosedError({ closeCode: code, reason }) });
      return;
    }
    this.#lost(code, reason);
  }

  /** The connection is gone but the stream is not: wait, then connect again (and resume). */
  #lost(code: number, reason: string): void {
    const link = this.#link;
    const reconnect = link.reconnect;
    this.#dropSocket();
    if (reconnect === false) {
      const error = new link.kit.StreamClosedError({
        closeCode: code,
        reason,
        message: `The stream connection ended (${code}${reason ? `: ${reason}` : ''}) and reconnect is off`,
      });
      finish(link, { code, reason, error });
      return;
    }
    this.#attempt++;
    if (this.#attempt > reconnect.maxAttempts) {
      const error = new link.kit.StreamClosedError({
        closeCode: code,
        reason,
        message: `The stream could not reconnect after ${reconnect.maxAttempts} attempts (last close ${code}${reason ? `: ${reason}` : ''})`,
      });
      finish(link, { code, reason, error });
      return;
    }
    const delayMs = reconnectDelay(this.#attempt, reconnect);
    link.state = 'reconnecting';
    link.emitter.emit('reconnect', { attempt: this.#attempt, delayMs, code, reason });
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      if (link.state !== 'reconnecting') return;
      link.state = 'connecting';
      void this.#open();
    }, delayMs);
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
    const { intervalMs, timeoutMs } = this.#link.heartbeat;
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

  #send(message: object): void {
    const socket = this.#socket;
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }
}
