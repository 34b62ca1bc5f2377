import type { EventEmitter } from 'eventemitter3';
import type { FATAL_CLOSE_CODES } from '../contract/platform/stream-channels.js';
import type { ReconnectOptions } from './backoff.js';
import type { StreamClosedError, StreamError, StreamMessageError, StreamProtocolError } from './errors.js';
import type { StreamConnection } from './connection.js';
import type { EventQueue } from './event-queue.js';
import type { AcsStreamOptions } from './stream.js';
import type { AnyStreamEvent, StreamChannel, StreamCloseInfo, StreamState } from './types.js';

// Types only: the contract between `AcsStream` (./stream.ts, loaded with the client) and its engine (./engine.ts, loaded at first use).

/**
 * Classes and codes the engine uses that the entry loads anyway. They come in the link: were the
 * engine to import them, esbuild would move them and the core errors off the entry into a chunk of their own.
 */
export interface StreamKit {
  StreamError: typeof StreamError;
  StreamClosedError: typeof StreamClosedError;
  StreamMessageError: typeof StreamMessageError;
  StreamProtocolError: typeof StreamProtocolError;
  FATAL_CLOSE_CODES: typeof FATAL_CLOSE_CODES;
}

/** What an `AcsStream` shares with its engine: the checked options, the state both change, and its emitter. */
export interface StreamLink<C extends StreamChannel = StreamChannel> {
  readonly url: string;
  readonly companyId: string;
  readonly options: AcsStreamOptions;
  readonly reconnect: Required<ReconnectOptions> | false;
  readonly heartbeat: { intervalMs: number; timeoutMs: number };
  readonly kit: StreamKit;
  /** The stream itself, without its per-channel typing (TypeScript cannot check a generic `C` here). */
  readonly emitter: EventEmitter;
  state: StreamState;
  lastEventId: string | undefined;
  /** How the stream ended, once `state` is `closed`. */
  closeInfo: StreamCloseInfo | null;
  /** The queues of the running `for await` loops. */
  readonly iterators: Set<EventQueue<AnyStreamEvent<C>>>;
  /** Its sockets, once the engine has started it. */
  connection?: StreamConnection<C>;
}
