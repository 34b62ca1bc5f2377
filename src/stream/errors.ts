import { AcsError, errorDetails } from '../core/errors.js';
import { STREAM_CLOSE_CODES } from '../contract/platform/stream-channels.js';

/** Base of the stream's errors; an `AcsError`, so tokens in a message are masked. */
export class StreamError extends AcsError {
  static override readonly kind: string = 'StreamError';
}

const CLOSE_ERROR_CODES: Record<number, string> = {
  [STREAM_CLOSE_CODES.malformedMessage]: 'MALFORMED_MESSAGE',
  [STREAM_CLOSE_CODES.authenticationFailed]: 'UNAUTHORIZED',
  [STREAM_CLOSE_CODES.forbidden]: 'FORBIDDEN',
  [STREAM_CLOSE_CODES.invalidCompany]: 'INVALID_COMPANY',
};

/**
 * The stream ended for good without `close()`: the server closed it with a code that a reconnect
 * would meet again (4401 bad auth, 4403, 4422, 4400), or reconnecting gave up.
 */
export class StreamClosedError extends StreamError {
  static override readonly kind: string = 'StreamClosedError';
  /** The WebSocket close code (4401, ...; 1006 for a connection lost without a close frame). */
  readonly closeCode: number;
  /** The close reason the server gave (`authentication failed: Unknown API key`). */
  readonly reason: string;

  constructor(init: { closeCode: number; reason: string; message?: string; cause?: unknown }) {
    super({
      code: CLOSE_ERROR_CODES[init.closeCode] ?? 'STREAM_CLOSED',
      message: init.message ?? `The stream was closed by the server (${init.closeCode}${init.reason ? `: ${init.reason}` : ''})`,
      cause: init.cause,
    });
    this.closeCode = init.closeCode;
    this.reason = init.reason;
  }
}

/**
 * The server refused a message (`{ type: 'error' }`): a subscription naming an unknown channel, a
 * channel the credential lacks the scope of. `request` is the refused message's type.
 */
export class StreamMessageError extends StreamError {
  static override readonly kind: string = 'StreamMessageError';
  readonly request: string | undefined;

  /** `details` is the server's, read as the envelope's are (`errorDetails`). */
  constructor(init: { code: string; message: string; details?: unknown; request?: string }) {
    super({ code: init.code, message: init.message, details: errorDetails(init.details) });
    this.request = init.request;
  }
}

/** A message from the server that is not the protocol's (not JSON, unknown type); it is skipped. */
export class StreamProtocolError extends StreamError {
  static override readonly kind: string = 'StreamProtocolError';
  constructor(message: string) {
    super({ code: 'STREAM_PROTOCOL_ERROR', message });
  }
}
