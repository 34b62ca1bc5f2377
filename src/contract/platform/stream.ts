/**
 * The WebSocket streams (spec document 1, "WebSocket stream"; document 3, "Events"): the messages
 * each side sends, the record each channel carries, and the two endpoint declarations that the
 * OpenAPI document lists under `x-websockets`. Protocol choices where the spec is silent (acks,
 * resume, ping, close codes) are the STREAM decisions (docs/decisions/stream.md).
 */
import { z } from 'zod';
import { StockRecord } from '../inventory/stock.js';
import { isoDateTime, secret } from '../common.js';
import type { WebSocketDeclaration } from '../openapi.js';
import { CreditNote, Refund } from '../sales/credit-notes.js';
import { Customer } from '../sales/customers.js';
import { DebitNote } from '../sales/debit-notes.js';
import { Invoice } from '../sales/invoices.js';
import { Payment } from '../sales/payments.js';
import { SalesOrder, SalesOrderStatus } from '../sales/sales-orders.js';
import {
  REPORT_STREAM_CHANNELS,
  STREAM_CHANNEL_ALIASES,
  STREAM_CHANNELS,
  STREAM_CLOSE_CODES,
  STREAM_PATHS,
  type StreamChannel,
  type StreamKind,
} from './stream-channels.js';

export * from './stream-channels.js';

// ---------------------------------------------------------------------------------------------
// What each channel carries as `data`

/** `einvoice.*` payload of spec document 3, "Events". */
export const EinvoiceStreamData = z.looseObject({
  einvoiceId: z.string(),
  invoiceId: z.string(),
  uuid: z.string().nullable(),
  status: z.string(),
  government: z.looseObject({ portal: z.string(), submissionId: z.string().nullable(), longId: z.string().nullable() }).optional(),
});

/** A finished report (`report.generated`, alias `report.completed`); the spec shows no fields, so `reportType` is the one we rely on (filters). */
export const ReportGeneratedData = z.looseObject({ reportId: z.string().optional(), reportType: z.string() });

/** A KPI value that changed (`kpi.updates`, spec document 3); fields beyond these are not shown. */
export const KpiUpdateData = z.looseObject({ kpi: z.string(), value: z.number(), reportType: z.string().optional() });

/** Stock of an item at a location after a movement: the stock record as `GET /inventory/stock` shows it (INV-31). */
export const StockUpdatedData = StockRecord;
export type StockUpdatedData = z.infer<typeof StockUpdatedData>;

/** The record each channel carries as `data`: the resource as its GET endpoint shows it. */
export const STREAM_CHANNEL_DATA = {
  'invoice.created': Invoice,
  'invoice.updated': Invoice,
  'invoice.sent': Invoice,
  'payment.received': Payment,
  'stock.updated': StockUpdatedData,
  'customer.created': Customer,
  'order.status_changed': SalesOrder.extend({ previousStatus: SalesOrderStatus }),
  'einvoice.submitted': EinvoiceStreamData,
  'report.generated': ReportGeneratedData,
  'kpi.updates': KpiUpdateData,
  'credit_note.created': CreditNote,
  'debit_note.created': DebitNote,
  'refund.created': Refund,
} satisfies Record<StreamChannel, z.ZodType>;

/** The type of `data` on each channel. */
export type StreamChannelData = { [C in StreamChannel]: z.infer<(typeof STREAM_CHANNEL_DATA)[C]> };

// ---------------------------------------------------------------------------------------------
// Client to server

const channelName = z.string().min(1).max(100);
export const StreamFilterValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
/** `{ field: [values] }`: the event passes when its `data[field]` (a dotted path) is one of the values. */
export const StreamFieldFilter = z.record(z.string().min(1).max(100), z.array(StreamFilterValue).min(1).max(100));
/**
 * `filters` of `subscribe`: a channel name to its field filter (document 1). On the report stream,
 * `reportTypes: string[]` (document 3) filters every channel on `data.reportType`.
 */
export const StreamFilters = z.record(channelName, z.union([StreamFieldFilter, z.array(z.string().min(1)).min(1).max(100)]));

/** First message after connecting. `token`: an API key or an OAuth access token. */
export const StreamAuthMessage = z.strictObject({
  type: z.literal('auth'),
  token: secret(z.string().min(1).max(4096)),
  companyId: z.string().min(1).max(100),
});

/**
 * States the whole subscription (it replaces the previous one). With `lastEventId`, the server
 * first replays this company's matching events published after that id, then goes live.
 */
export const StreamSubscribeMessage = z.strictObject({
  type: z.literal('subscribe'),
  channels: z.array(channelName).min(1).max(50),
  filters: StreamFilters.optional(),
  lastEventId: z.string().min(1).max(100).optional(),
});

/** Application-level ping (browsers cannot send protocol pings); answered with `pong` and the same id. */
export const StreamPingMessage = z.strictObject({ type: z.literal('ping'), id: z.string().max(100).optional() });

export const StreamClientMessage = z.discriminatedUnion('type', [StreamAuthMessage, StreamSubscribeMessage, StreamPingMessage]);
export type StreamClientMessage = z.infer<typeof StreamClientMessage>;

// ---------------------------------------------------------------------------------------------
// Server to client

export const StreamEventMeta = z.object({ companyId: z.string(), timestamp: isoDateTime(), eventId: z.string() });

/** One domain event (document 1): `meta.eventId` increases and is what `lastEventId` resumes from. */
export const StreamEventMessage = z.object({
  type: z.literal('event'),
  channel: z.enum([...STREAM_CHANNELS, ...REPORT_STREAM_CHANNELS]),
  data: z.record(z.string(), z.unknown()),
  meta: StreamEventMeta,
});

export const StreamAuthenticatedMessage = z.object({ type: z.literal('authenticated'), companyId: z.string() });

/**
 * Acknowledges `subscribe` with the channels (aliases mapped) and filters now in force, and
 * `lastEventId`, the newest event id when it took effect: a client that receives no event before
 * a drop resumes from it. Replayed events, if any, follow this message.
 */
export const StreamSubscribedMessage = z.object({
  type: z.literal('subscribed'),
  channels: z.array(z.string()),
  filters: z.record(z.string(), StreamFieldFilter),
  lastEventId: z.string(),
});

/** Ends a replay: `count` events published after `lastEventId` were sent before this message. */
export const StreamReplayedMessage = z.object({ type: z.literal('replayed'), lastEventId: z.string(), count: z.number().int().min(0) });

/** The server no longer holds every event after `lastEventId` (older than its buffer): nothing is replayed. */
export const StreamResumeFailedMessage = z.object({
  type: z.literal('resume_failed'),
  lastEventId: z.string(),
  oldestEventId: z.string().nullable(),
  message: z.string(),
});

export const StreamPongMessage = z.object({ type: z.literal('pong'), id: z.string().optional() });

/** A refused message; the connection stays open and nothing changed. `request`: the type of the refused message. */
export const StreamErrorMessage = z.object({
  type: z.literal('error'),
  code: z.string(),
  message: z.string(),
  details: z.array(z.record(z.string(), z.unknown())).optional(),
  request: z.string().optional(),
});

export const StreamServerMessage = z.discriminatedUnion('type', [
  StreamEventMessage,
  StreamAuthenticatedMessage,
  StreamSubscribedMessage,
  StreamReplayedMessage,
  StreamResumeFailedMessage,
  StreamPongMessage,
  StreamErrorMessage,
]);
export type StreamServerMessage = z.infer<typeof StreamServerMessage>;

/** A typed event of channel `C` as the client receives it. */
export interface StreamEvent<C extends StreamChannel = StreamChannel> {
  type: 'event';
  channel: C;
  data: StreamChannelData[C];
  meta: z.infer<typeof StreamEventMeta>;
}

// ---------------------------------------------------------------------------------------------
// The two endpoints

/** A WebSocket endpoint, declared once and read by the SDK, the mock and the OpenAPI document. */
export interface WebSocketEndpoint<K extends StreamKind = StreamKind> {
  id: `stream.${K}`;
  kind: K;
  /** Below the business base (`/stream`); the full path is `/v1` + this. */
  path: (typeof STREAM_PATHS)[K]['path'];
  summary: string;
  description: string;
  source: 'spec';
  channels: (typeof STREAM_PATHS)[K]['channels'];
  clientMessages: Record<string, z.ZodType>;
  serverMessages: Record<string, z.ZodType>;
}

const clientMessages = { auth: StreamAuthMessage, subscribe: StreamSubscribeMessage, ping: StreamPingMessage };
const serverMessages = {
  authenticated: StreamAuthenticatedMessage,
  subscribed: StreamSubscribedMessage,
  event: StreamEventMessage,
  replayed: StreamReplayedMessage,
  resume_failed: StreamResumeFailedMessage,
  pong: StreamPongMessage,
  error: StreamErrorMessage,
};

const protocol =
  'Send `auth` first, then `subscribe`; the server answers `authenticated`, `subscribed`, then `event` messages. ' +
  '`subscribe` with `lastEventId` replays what was missed (then `replayed`, or `resume_failed` past the buffer). ' +
  '`ping` is answered with `pong`. A refused message gets `error`; bad auth closes the socket (close codes under `closeCodes`).';

export const streamEvents: WebSocketEndpoint<'events'> = {
  id: 'stream.events',
  kind: 'events',
  path: STREAM_PATHS.events.path,
  summary: 'Live domain events of one company',
  description: protocol,
  source: 'spec',
  channels: STREAM_PATHS.events.channels,
  clientMessages,
  serverMessages,
};

export const streamReports: WebSocketEndpoint<'reports'> = {
  id: 'stream.reports',
  kind: 'reports',
  path: STREAM_PATHS.reports.path,
  summary: 'Report completions and KPI updates of one company',
  description: `${protocol} Filters also take \`reportTypes: string[]\` (spec document 3), matched against \`data.reportType\`.`,
  source: 'spec',
  channels: STREAM_PATHS.reports.channels,
  clientMessages,
  serverMessages,
};

export const webSocketEndpoints = [streamEvents, streamReports] as const;

const jsonSchema = (schema: z.ZodType) => {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
};

/** The `x-websockets` entries of the OpenAPI document: path, protocol, channels, messages, close codes. */
export function openApiWebSockets(): WebSocketDeclaration[] {
  return webSocketEndpoints.map((endpoint) => {
    const messages: Record<string, Record<string, unknown>> = {};
    for (const [type, schema] of Object.entries(endpoint.clientMessages)) messages[`client.${type}`] = jsonSchema(schema);
    for (const [type, schema] of Object.entries(endpoint.serverMessages)) messages[`server.${type}`] = jsonSchema(schema);
    const declaration = {
      path: `/v1${endpoint.path}`,
      summary: endpoint.summary,
      description: endpoint.description,
      operationId: endpoint.id,
      channels: [...endpoint.channels],
      channelAliases: Object.fromEntries(
        Object.entries(STREAM_CHANNEL_ALIASES).filter(([, target]) => (endpoint.channels as readonly string[]).includes(target)),
      ),
      channelData: Object.fromEntries(endpoint.channels.map((c) => [c, jsonSchema(STREAM_CHANNEL_DATA[c])])),
      closeCodes: STREAM_CLOSE_CODES,
      messages,
    };
    return declaration;
  });
}
