/**
 * `acs-sdk/stream`: live events over the service's WebSocket streams, `wss://<host>/v1/stream` and
 * `wss://<host>/v1/reports/stream` (spec document 1, "WebSocket stream"; document 3, "Events").
 * `AcsClient` opens one with `acs.stream({ channels, filters })` or `acs.reportStream(...)`; this
 * entry point gives the class, its options, errors and types for use without the client.
 *
 * @example
 * import { AcsStream } from 'acs-sdk/stream';
 * const stream = new AcsStream({ url: 'wss://api.example.com/v1/stream', token, companyId, channels: ['invoice.created'] });
 * for await (const event of stream) console.log(event.channel, event.data);
 * @packageDocumentation
 *
 * @packageDocumentation
 * @module acs-sdk/stream
 */
export { AcsStream, type AcsStreamOptions } from './stream.js';
export { DEFAULT_HEARTBEAT, DEFAULT_RECONNECT } from './options.js';
export { StreamError, StreamClosedError, StreamMessageError, StreamProtocolError } from './errors.js';
export { reconnectDelay, type ReconnectOptions } from './backoff.js';
export type { WebSocketConstructor, WebSocketLike } from './socket.js';
export { streamUrlOf } from './url.js';
export type { StreamMethod } from './method.js';
// What the channels without an API record of their own carry (the others carry `Invoice`, `Payment`, ... of `acs-sdk`).
export type { EinvoiceStreamData, KpiUpdateData, ReportGeneratedData, StockUpdatedData } from '../generated/index.js';
export type {
  AcsStreamEvents,
  AnyStreamEvent,
  CanonicalChannel,
  HeartbeatOptions,
  StreamChannel,
  StreamChannelData,
  StreamChannelName,
  StreamCloseInfo,
  StreamEvent,
  StreamFieldFilter,
  StreamFilters,
  StreamFilterValue,
  StreamKind,
  StreamOpenInfo,
  StreamOptions,
  StreamReconnectInfo,
  StreamState,
  WebSocketEndpoint,
} from './types.js';
export {
  FATAL_CLOSE_CODES,
  REPORT_STREAM_CHANNELS,
  STREAM_CHANNEL_ALIASES,
  STREAM_CHANNEL_SCOPES,
  STREAM_CHANNELS,
  STREAM_CLOSE_CODES,
} from '../contract/platform/stream-channels.js';
