import type { z } from 'zod';
import { STREAM_CLOSE_CODES, type StreamChannel, type StreamKind } from '../../src/contract/platform/stream-channels.js';
import { StreamAuthMessage, StreamPingMessage, StreamSubscribeMessage } from '../../src/contract/platform/stream.js';
import { ServiceError } from '../kernel/errors.js';
import { readJson } from '../kernel/json.js';
import { toValidationIssues } from '../kernel/validation.js';
import type { Principal } from '../kernel/route.js';
import type { DomainEvent, DomainEventBus } from './bus.js';
import {
  describeSubscription,
  matches,
  parseSubscribe,
  StreamRefusal,
  type SubscribeRequest,
  type Subscription,
} from './stream-subscription.js';

/** The one thing a session needs from a WebSocket: msw's link and the `ws` server each adapt to it. */
export interface StreamTransport {
  send(text: string): void;
  /** A closing handshake with a code and reason. */
  close(code: number, reason: string): void;
  /** Ends the connection without a closing handshake (a network drop: the client sees 1006). */
  terminate(): void;
}

/** What a session needs from the service. */
export interface SessionServices {
  events: DomainEventBus;
  /** The router's bearer authentication; throws `ServiceError` (401) for a bad token. */
  authenticate(token: string): Principal;
  companyExists(companyId: string): boolean;
  /** Milliseconds a connection may stay without `auth` before it is closed with 4408. */
  authTimeoutMs: number;
  /** Called once when the session ends, whoever ended it. */
  onEnd(session: StreamSession): void;
}

/** An injected fault: after `afterEvents` more events, drop the connection or let it go silent. */
export interface StreamFault {
  kind: 'drop' | 'stall';
  afterEvents: number;
}

type State = 'awaiting_auth' | 'open' | 'stalled' | 'closed';

const CODES = STREAM_CLOSE_CODES;
// RFC 6455 section 5.5: a control frame's payload is at most 125 bytes, 2 of them the code.
const MAX_REASON_BYTES = 123;

/**
 * One client connection speaking the stream protocol (the STREAM decisions, docs/decisions/stream.md):
 * auth first, then subscribe (with an optional resume), events filtered per channel, ping/pong.
 * Transport-agnostic, so the in-process msw link and the standalone server share every rule.
 */
export class StreamSession {
  #state: State = 'awaiting_auth';
  #principal: Principal | null = null;
  #companyId: string | null = null;
  #subscription: Subscription | null = null;
  #fault: StreamFault | null = null;
  readonly #authTimer: ReturnType<typeof setTimeout>;

  constructor(
    readonly kind: StreamKind,
    private readonly transport: StreamTransport,
    private readonly services: SessionServices,
  ) {
    this.#authTimer = setTimeout(
      () => this.close(CODES.authenticationTimeout, `authentication timeout: no auth message within ${services.authTimeoutMs} ms`),
      services.authTimeoutMs,
    );
    // A waiting connection must not keep a test process alive.
    (this.#authTimer as { unref?: () => void }).unref?.();
  }

  /** The company the connection authenticated for (null before `auth`). */
  get companyId(): string | null {
    return this.#companyId;
  }

  get open(): boolean {
    return this.#state !== 'closed';
  }

  /** A text frame from the client. */
  receive(text: string): void {
    if (this.#state === 'closed' || this.#state === 'stalled') return;
    const json = readJson(text);
    if (!json.ok)
      return void this.close(
        CODES.malformedMessage,
        json.reason === 'depth' ? `malformed message: ${json.message}` : 'malformed message: not JSON',
      );
    const message = json.value;
    if (
      message === null ||
      typeof message !== 'object' ||
      Array.isArray(message) ||
      typeof (message as { type?: unknown }).type !== 'string'
    ) {
      return void this.close(CODES.malformedMessage, 'malformed message: expected a JSON object with a string "type"');
    }
    const type = (message as { type: string }).type;
    if (this.#state === 'awaiting_auth') return void this.#authenticate(type, message);
    switch (type) {
      case 'subscribe':
        return void this.#subscribe(message);
      case 'ping': {
        const ping = StreamPingMessage.safeParse(message);
        if (!ping.success) return void this.#refuse('ping', validationRefusal(ping.error, message, 'ping', StreamPingMessage));
        return void this.#send(ping.data.id === undefined ? { type: 'pong' } : { type: 'pong', id: ping.data.id });
      }
      case 'auth':
        return void this.#refuse(
          'auth',
          new StreamRefusal('INVALID_REQUEST', 'Already authenticated; open another connection for another company'),
        );
      default:
        return void this.#refuse(
          type,
          new StreamRefusal('INVALID_REQUEST', `Unknown message type ${JSON.stringify(type).slice(0, 60)}; expected subscribe or ping`),
        );
    }
  }

  /** A binary frame: the protocol is JSON text only. */
  receiveBinary(): void {
    if (this.#state === 'closed' || this.#state === 'stalled') return;
    this.close(CODES.malformedMessage, 'malformed message: binary frames are not accepted; send JSON text');
  }

  /** A live event from the bus: sent when it is this company's and the subscription takes it. */
  offer(event: DomainEvent): void {
    if (this.#state !== 'open' || !this.#subscription || event.companyId !== this.#companyId) return;
    if (matches(this.#subscription, event)) this.#sendEvent(event);
  }

  /** Whether this session's subscription takes `event` of `companyId` (so the bus derives on-demand events). */
  wants(event: string, companyId: string): boolean {
    return this.#state === 'open' && this.#companyId === companyId && this.#subscription?.channels.has(event as StreamChannel) === true;
  }

  /** Arms a fault; `afterEvents: 0` applies it at once. */
  inject(fault: StreamFault): void {
    if (this.#state === 'closed') return;
    this.#fault = { ...fault };
    if (fault.afterEvents === 0) this.#applyFault();
  }

  /** Closes with a handshake (code and reason as the client will read them). */
  close(code: number, reason: string): void {
    if (this.#state === 'closed') return;
    this.#end();
    this.transport.close(code, truncateReason(reason));
  }

  /** The client closed the connection or the network did. */
  ended(): void {
    if (this.#state !== 'closed') this.#end();
  }

  #end(): void {
    this.#state = 'closed';
    clearTimeout(this.#authTimer);
    this.services.onEnd(this);
  }

  #authenticate(type: string, message: object): void {
    if (type !== 'auth') {
      return void this.close(CODES.authenticationFailed, `authentication failed: the first message must be auth, not ${type.slice(0, 30)}`);
    }
    const parsed = StreamAuthMessage.safeParse(message);
    if (!parsed.success) {
      const [issue] = toValidationIssues(parsed.error.issues, message, 'auth', { schema: StreamAuthMessage });
      return void this.close(CODES.authenticationFailed, `authentication failed: ${issue.message}`);
    }
    const { token, companyId } = parsed.data;
    let principal: Principal;
    try {
      if (/\s/.test(token)) throw new ServiceError('UNAUTHORIZED', 'token must not contain whitespace');
      principal = this.services.authenticate(token);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return void this.close(CODES.authenticationFailed, `authentication failed: ${error.message}`);
    }
    if (!this.services.companyExists(companyId)) {
      return void this.close(CODES.invalidCompany, `invalid company: no company with id ${companyId}`);
    }
    if (!principal.companyIds.includes(companyId)) {
      return void this.close(CODES.forbidden, `forbidden: this credential has no access to company ${companyId}`);
    }
    clearTimeout(this.#authTimer);
    this.#principal = principal;
    this.#companyId = companyId;
    this.#state = 'open';
    this.#send({ type: 'authenticated', companyId });
  }

  #subscribe(message: object): void {
    const parsed = StreamSubscribeMessage.safeParse(message);
    if (!parsed.success)
      return void this.#refuse('subscribe', validationRefusal(parsed.error, message, 'subscribe', StreamSubscribeMessage));
    let request: SubscribeRequest;
    try {
      request = parseSubscribe(parsed.data, this.kind, this.#principal!);
    } catch (error) {
      if (!(error instanceof StreamRefusal)) throw error;
      return void this.#refuse('subscribe', error);
    }
    this.#subscription = request.subscription;
    // The stream's position goes with the ack: a client that sees no event before a drop resumes from it.
    this.#send({ type: 'subscribed', ...describeSubscription(request.subscription), lastEventId: this.services.events.lastEventId });
    if (request.resumeAfter) this.#replay(request.resumeAfter);
  }

  /**
   * Sends what this subscription missed after `resumeAfter`, from the bus's bounded history. When
   * the history no longer reaches back that far, says `resume_failed` and replays nothing.
   */
  #replay(resumeAfter: { eventId: string; sequence: number }): void {
    const bus = this.services.events;
    const oldest = bus.history[0];
    const firstKept = oldest?.sequence ?? bus.lastSequence + 1;
    let problem: string | null = null;
    if (resumeAfter.sequence > bus.lastSequence) problem = `${resumeAfter.eventId} was not issued by this server`;
    else if (resumeAfter.sequence + 1 < firstKept) {
      problem = `events after ${resumeAfter.eventId} are no longer buffered (the server keeps the last ${bus.historyLimit})`;
    }
    if (problem) {
      return void this.#send({
        type: 'resume_failed',
        lastEventId: resumeAfter.eventId,
        oldestEventId: oldest?.id ?? null,
        message: problem,
      });
    }
    let count = 0;
    for (const event of bus.since(resumeAfter.sequence)) {
      if (this.#state !== 'open') return; // a fault may drop the connection in the middle of a replay
      if (event.companyId !== this.#companyId || !matches(this.#subscription!, event)) continue;
      this.#sendEvent(event);
      count++;
    }
    if (this.#state === 'open') this.#send({ type: 'replayed', lastEventId: resumeAfter.eventId, count });
  }

  #sendEvent(event: DomainEvent): void {
    this.#send({
      type: 'event',
      channel: event.event,
      data: event.data,
      meta: { companyId: event.companyId, timestamp: event.timestamp, eventId: event.id },
    });
    if (this.#fault && --this.#fault.afterEvents <= 0) this.#applyFault();
  }

  #applyFault(): void {
    const fault = this.#fault!;
    this.#fault = null;
    if (fault.kind === 'stall') {
      // The link looks alive to nobody: no events, no pongs, no close. Only the client's bound ends it.
      this.#state = 'stalled';
      return;
    }
    this.#end();
    this.transport.terminate();
  }

  #refuse(request: string, refusal: StreamRefusal): void {
    this.#send({
      type: 'error',
      code: refusal.code,
      message: refusal.message,
      ...(refusal.details ? { details: refusal.details } : {}),
      request: request.slice(0, 60),
    });
  }

  #send(message: object): void {
    if (this.#state === 'closed' || this.#state === 'stalled') return;
    this.transport.send(JSON.stringify(message));
  }
}

/** zod issues as the REST API's VALIDATION_ERROR details (field, message, code, value). */
function validationRefusal(error: z.ZodError, input: unknown, what: string, schema: z.ZodType): StreamRefusal {
  const details = toValidationIssues(error.issues, input, what, { schema });
  return new StreamRefusal('VALIDATION_ERROR', `${what}: ${details.map((d) => d.message).join('; ')}`, details);
}

function truncateReason(reason: string): string {
  const bytes = new TextEncoder().encode(reason);
  if (bytes.length <= MAX_REASON_BYTES) return reason;
  let text = reason;
  while (new TextEncoder().encode(text).length > MAX_REASON_BYTES - 3) text = text.slice(0, -1);
  return `${text}...`;
}
