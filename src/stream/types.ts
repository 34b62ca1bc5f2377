import type {
  CreditNote,
  Customer,
  DebitNote,
  EinvoiceStreamData,
  Invoice,
  KpiUpdateData,
  Payment,
  Refund,
  ReportGeneratedData,
  SalesOrder,
  SalesOrderStatus,
  StockUpdatedData,
  StreamEventMeta,
} from '../generated/index.js';
import type { SocketRoute } from '../core/route.js';
import type {
  CanonicalChannel,
  STREAM_CHANNEL_ALIASES,
  STREAM_PATHS,
  StreamChannel,
  StreamChannelAlias,
  StreamKind,
} from '../contract/platform/stream-channels.js';
import type { ReconnectOptions } from './backoff.js';
import type { StreamError } from './errors.js';
import type { WebSocketConstructor } from './socket.js';

export type { StreamChannel, StreamKind, CanonicalChannel };

/** A WebSocket endpoint as the SDK knows it: id, kind and path. */
export type WebSocketEndpoint<K extends StreamKind = StreamKind> = SocketRoute<K>;

/** The record each channel carries as `data`: the resource as its GET endpoint shows it (the contract's `STREAM_CHANNEL_DATA`). */
export interface StreamChannelData {
  'invoice.created': Invoice;
  'invoice.updated': Invoice;
  'invoice.sent': Invoice;
  'payment.received': Payment;
  'stock.updated': StockUpdatedData;
  'customer.created': Customer;
  'order.status_changed': SalesOrder & { previousStatus: SalesOrderStatus };
  'einvoice.submitted': EinvoiceStreamData;
  'report.generated': ReportGeneratedData;
  'kpi.updates': KpiUpdateData;
  'credit_note.created': CreditNote;
  'debit_note.created': DebitNote;
  'refund.created': Refund;
}

/** A typed event of channel `C` as the client receives it. */
export interface StreamEvent<C extends StreamChannel = StreamChannel> {
  type: 'event';
  channel: C;
  data: StreamChannelData[C];
  meta: StreamEventMeta;
}

/** Channel names a stream accepts: its channels and the aliases of them. */
export type StreamChannelName<K extends StreamKind = 'events'> =
  | (typeof STREAM_PATHS)[K]['channels'][number]
  | {
      [A in StreamChannelAlias]: (typeof STREAM_CHANNEL_ALIASES)[A] extends (typeof STREAM_PATHS)[K]['channels'][number] ? A : never;
    }[StreamChannelAlias];

/** A value a filter compares a field with (strict equality). */
export type StreamFilterValue = string | number | boolean | null;

/** `{ field: [values] }`: an event passes when `data[field]` (a dotted path) is one of the values. */
export type StreamFieldFilter<T = Record<string, unknown>> = {
  [F in (keyof T & string) | (string & {})]?: readonly StreamFilterValue[];
};

/** `filters` of a subscription: per channel (or alias) named in `channels`; the report stream also takes `reportTypes`. */
export type StreamFilters<K extends StreamKind, N extends string> = {
  [C in N]?: StreamFieldFilter<StreamChannelData[CanonicalChannel<C> & StreamChannel]>;
} & (K extends 'reports' ? { reportTypes?: readonly string[] } : unknown);

/** Dead-connection detection: a ping after `intervalMs` of silence, a reconnect after `timeoutMs` of it. */
export interface HeartbeatOptions {
  /** Default 15 000. */
  intervalMs?: number;
  /** Default 30 000; more than `intervalMs`. */
  timeoutMs?: number;
}

/** Options of `acs.stream()` and `acs.reportStream()`. */
export interface StreamOptions<K extends StreamKind = 'events', N extends StreamChannelName<K> = StreamChannelName<K>> {
  /** The channels to receive; an alias (`invoice.updates`) stands for its channel (`invoice.updated`). */
  channels: readonly N[];
  /** Applied by the server: only events whose `data` fields hold one of the listed values arrive. */
  filters?: StreamFilters<K, N>;
  /** Resume after this `meta.eventId` on the first connection (reconnects always resume from the last event seen). */
  lastEventId?: string;
  /** Backoff of reconnects, or `false` to end the stream at the first drop. */
  reconnect?: ReconnectOptions | false;
  heartbeat?: HeartbeatOptions;
  /** The WebSocket class to use; default the runtime's global `WebSocket`, else isomorphic-ws. */
  WebSocket?: WebSocketConstructor;
  /** Connect at once (default true); with false, call `connect()`. */
  connect?: boolean;
}

/** Where the stream is: connecting (auth and subscribe in flight), open, waiting to reconnect, closed. */
export type StreamState = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'closed';

/** What `open` reports: whether this is a reconnect, and where it resumed. */
export interface StreamOpenInfo {
  /** True on every connection after the first. */
  reconnected: boolean;
  /** The event id this connection resumed after (replay requested), or null. */
  resumedAfter: string | null;
}

/** What `reconnect` reports: the attempt, its delay, and how the previous connection ended. */
export interface StreamReconnectInfo {
  /** Consecutive attempt number, from 1; it starts over once a connection is open again. */
  attempt: number;
  delayMs: number;
  /** Why the previous connection ended: its close code and reason (1006: lost without a close frame). */
  code: number;
  reason: string;
}

/** What `close` reports: the close code and reason, and the error when the stream ended by itself. */
export interface StreamCloseInfo {
  /** The WebSocket close code (1000 after `close()`). */
  code: number;
  /** The close reason. */
  reason: string;
  /** Set when the stream ended by itself rather than by `close()`. */
  error?: StreamError;
}

/** Events of an `AcsStream` of channels `C`: each channel by its name, and the stream's own. */
export type AcsStreamEvents<C extends StreamChannel> = { [K in C]: (event: StreamEvent<K>) => void } & {
  /** Every event, whatever its channel. */
  event: (event: AnyStreamEvent<C>) => void;
  /** Authenticated and subscribed: events flow (after each reconnect too). */
  open: (info: StreamOpenInfo) => void;
  /** The connection ended and another attempt is scheduled. */
  reconnect: (info: StreamReconnectInfo) => void;
  /** The replay after a reconnect is complete: `count` missed events arrived before this. */
  replayed: (info: { lastEventId: string; count: number }) => void;
  /** The server no longer buffers every event after the last one seen: some were missed; resync by REST. */
  resume_failed: (info: { lastEventId: string; oldestEventId: string | null; message: string }) => void;
  error: (error: StreamError) => void;
  /** The stream is over: `close()` was called, or it ended by itself (`info.error`). */
  close: (info: StreamCloseInfo) => void;
};

/** An event of any of the channels `C`, discriminated by `channel`. */
export type AnyStreamEvent<C extends StreamChannel = StreamChannel> = C extends StreamChannel ? StreamEvent<C> : never;
