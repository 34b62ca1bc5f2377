/**
 * Channel names and close codes of the WebSocket streams, without zod, so that the stream client
 * (`acs-sdk/stream`) can read them without loading the schemas. The schemas are in ./stream.ts.
 */

/** Channels of `wss://<host>/v1/stream` (spec document 1, "WebSocket stream"). */
export const STREAM_CHANNELS = [
  'invoice.created',
  'invoice.updated',
  'invoice.sent',
  'payment.received',
  'stock.updated',
  'customer.created',
  'order.status_changed',
  'einvoice.submitted',
  'report.generated',
  // Implied, like the webhook events of the same names (SALES-52).
  'credit_note.created',
  'debit_note.created',
  'refund.created',
] as const;

/** Channels of `wss://<host>/v1/reports/stream` (spec document 3, "Events"; `report.generated` from document 1). */
export const REPORT_STREAM_CHANNELS = ['report.generated', 'kpi.updates'] as const;

/** Every channel either stream carries. */
export type StreamChannel = (typeof STREAM_CHANNELS)[number] | (typeof REPORT_STREAM_CHANNELS)[number];

/**
 * Other names of a channel. `invoice.updates` and `stock.changes` appear in the spec's subscribe
 * example, `report.completed` in document 3's report stream; each is the one channel it maps to.
 */
export const STREAM_CHANNEL_ALIASES = {
  'invoice.updates': 'invoice.updated',
  'stock.changes': 'stock.updated',
  'report.completed': 'report.generated',
} as const;

export type StreamChannelAlias = keyof typeof STREAM_CHANNEL_ALIASES;

/** A channel as it maps from its alias (or itself). */
export type CanonicalChannel<C extends string> = C extends StreamChannelAlias ? (typeof STREAM_CHANNEL_ALIASES)[C] : C;

/** Scope needed to subscribe to a channel; the spec gives none, so it is the read scope of its records. */
export const STREAM_CHANNEL_SCOPES: Record<StreamChannel, string> = {
  'invoice.created': 'read:invoices',
  'invoice.updated': 'read:invoices',
  'invoice.sent': 'read:invoices',
  'payment.received': 'read:invoices',
  'order.status_changed': 'read:invoices',
  'einvoice.submitted': 'read:invoices',
  'credit_note.created': 'read:invoices',
  'debit_note.created': 'read:invoices',
  'refund.created': 'read:invoices',
  'customer.created': 'read:customers',
  'stock.updated': 'read:inventory',
  'report.generated': 'read:reports',
  'kpi.updates': 'read:reports',
};

/** The two stream endpoints: path below the business base and the channels each carries. */
export const STREAM_PATHS = {
  events: { path: '/stream', channels: STREAM_CHANNELS },
  reports: { path: '/reports/stream', channels: REPORT_STREAM_CHANNELS },
} as const;

/** Which stream: `events` (`/v1/stream`) or `reports` (`/v1/reports/stream`). */
export type StreamKind = keyof typeof STREAM_PATHS;

/** The channel a name stands for (an alias maps to its channel), or null when the name is unknown. */
export function canonicalChannel(name: string): StreamChannel | null {
  const mapped: string = Object.hasOwn(STREAM_CHANNEL_ALIASES, name) ? STREAM_CHANNEL_ALIASES[name as StreamChannelAlias] : name;
  return Object.hasOwn(STREAM_CHANNEL_SCOPES, mapped) ? (mapped as StreamChannel) : null;
}

/**
 * Close codes the server uses: 4000 + the HTTP status of the same refusal, so 4401 reads as 401.
 * Codes in `FATAL_CLOSE_CODES` mean "do not reconnect": the same request would be refused again.
 */
export const STREAM_CLOSE_CODES = {
  /** A frame that is not a JSON object, or binary. */
  malformedMessage: 4400,
  /** The first message is not a valid `auth`, or its token is unknown. */
  authenticationFailed: 4401,
  /** The credential has no access to the company. */
  forbidden: 4403,
  /** No `auth` message within the server's bound after connecting. */
  authenticationTimeout: 4408,
  /** The company id is unknown (`INVALID_COMPANY` of the REST API). */
  invalidCompany: 4422,
  /** The server shuts down (a reconnect finds its successor). */
  goingAway: 1001,
} as const;

/** Close codes after which the client does not reconnect: the same request would be refused again. */
export const FATAL_CLOSE_CODES: ReadonlySet<number> = new Set([
  STREAM_CLOSE_CODES.malformedMessage,
  STREAM_CLOSE_CODES.authenticationFailed,
  STREAM_CLOSE_CODES.forbidden,
  STREAM_CLOSE_CODES.invalidCompany,
]);
