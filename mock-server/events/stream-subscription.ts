import {
  canonicalChannel,
  STREAM_CHANNEL_SCOPES,
  STREAM_PATHS,
  type StreamChannel,
  type StreamKind,
} from '../../src/contract/platform/stream-channels.js';
import type { z } from 'zod';
import type { ErrorCode } from '../../src/contract/errors.js';
import type { StreamSubscribeMessage } from '../../src/contract/platform/stream.js';
import type { Principal } from '../kernel/route.js';
import type { DomainEvent } from './bus.js';

type FilterValue = string | number | boolean | null;
type FieldFilter = Record<string, FilterValue[]>;

/** A message the server refuses: sent back as `{ type: 'error', code, message, details }`, nothing changes. */
export class StreamRefusal extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: readonly object[],
  ) {
    super(message);
    this.name = 'StreamRefusal';
  }
}

/** What a session delivers: channels with aliases mapped, and each channel's field filter. */
export interface Subscription {
  channels: ReadonlySet<StreamChannel>;
  filters: ReadonlyMap<StreamChannel, FieldFilter>;
}

/** A checked `subscribe` message: the subscription, and the sequence to replay after (if any). */
export interface SubscribeRequest {
  subscription: Subscription;
  resumeAfter: { eventId: string; sequence: number } | null;
}

const EVENT_ID = /^evt_(\d{1,15})$/;

/** Document 3 writes the report stream's filter as `reportTypes: string[]`; it filters every channel on `data.reportType`. */
const REPORT_TYPES_KEY = 'reportTypes';

const invalid = (field: string, message: string, value: unknown, constraint?: unknown) =>
  new StreamRefusal('VALIDATION_ERROR', `subscribe: ${message}`, [
    { field, message, code: 'INVALID_CHOICE', value, ...(constraint === undefined ? {} : { constraint }) },
  ]);

/**
 * Checks a `subscribe` against the stream's channels, the credential's scopes and the filter rules
 * (decisions STREAM-4 to STREAM-9); throws `StreamRefusal` for the first problem.
 */
export function parseSubscribe(message: z.infer<typeof StreamSubscribeMessage>, kind: StreamKind, principal: Principal): SubscribeRequest {
  const carried: readonly string[] = STREAM_PATHS[kind].channels;
  const channels = new Set<StreamChannel>();
  message.channels.forEach((name, index) => {
    const channel = canonicalChannel(name);
    if (channel === null || !carried.includes(channel)) {
      const where = channel === null ? 'unknown channel' : `channel ${channel} is not carried by /v1${STREAM_PATHS[kind].path}`;
      throw invalid(`channels[${index}]`, `${where}: ${name}`, name, carried);
    }
    channels.add(channel);
  });

  for (const channel of channels) {
    const required = STREAM_CHANNEL_SCOPES[channel];
    if (!principal.scopes.includes(required) && !principal.scopes.includes('admin')) {
      throw new StreamRefusal('FORBIDDEN', `This credential lacks the scope ${required} that channel ${channel} needs`, [
        { channel, required_scope: required, current_scopes: [...principal.scopes] },
      ]);
    }
  }

  const filters = new Map<StreamChannel, FieldFilter>();
  const named = new Map<StreamChannel, string>();
  let reportTypes: string[] | null = null;
  for (const [key, value] of Object.entries(message.filters ?? {})) {
    if (key === REPORT_TYPES_KEY && kind === 'reports') {
      if (!Array.isArray(value)) throw invalid(`filters.${key}`, 'reportTypes takes an array of report types', value);
      reportTypes = value;
      continue;
    }
    const channel = canonicalChannel(key);
    if (channel === null || !channels.has(channel)) {
      throw invalid(`filters.${key}`, `filters name ${key}, which is not a subscribed channel`, key, [...channels]);
    }
    if (named.has(channel)) {
      throw invalid(`filters.${key}`, `filters name channel ${channel} twice (as ${named.get(channel)} and ${key})`, key);
    }
    if (Array.isArray(value))
      throw invalid(`filters.${key}`, 'a channel filter maps fields to arrays of values: { status: ["sent"] }', value);
    named.set(channel, key);
    filters.set(channel, value);
  }
  if (reportTypes) {
    for (const channel of channels) {
      const own = filters.get(channel);
      if (own && Object.hasOwn(own, 'reportType')) {
        throw invalid(
          `filters.${REPORT_TYPES_KEY}`,
          `reportType of ${channel} is filtered twice (reportTypes and filters.${named.get(channel)})`,
          reportTypes,
        );
      }
      filters.set(channel, { ...own, reportType: reportTypes });
    }
  }

  let resumeAfter: SubscribeRequest['resumeAfter'] = null;
  if (message.lastEventId !== undefined) {
    const match = EVENT_ID.exec(message.lastEventId);
    if (!match)
      throw invalid('lastEventId', `${message.lastEventId} is not an event id of this stream (meta.eventId)`, message.lastEventId);
    resumeAfter = { eventId: message.lastEventId, sequence: Number(match[1]) };
  }
  return { subscription: { channels, filters }, resumeAfter };
}

/** Whether an event is for this subscription: its channel is subscribed and every filtered field holds one of the values. */
export function matches(subscription: Subscription, event: DomainEvent): boolean {
  const channel = event.event as StreamChannel;
  if (!subscription.channels.has(channel)) return false;
  const filter = subscription.filters.get(channel);
  if (!filter) return true;
  for (const [field, values] of Object.entries(filter)) {
    if (!valueMatches(readPath(event.data, field), values)) return false;
  }
  return true;
}

/** `customer.id` reads `data.customer.id`; a missing step gives undefined, which no filter value matches. */
function readPath(data: unknown, path: string): unknown {
  let value = data;
  for (const step of path.split('.')) {
    if (value === null || typeof value !== 'object' || !Object.hasOwn(value, step)) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** Strict equality with one of the values; an array field matches when any element does (`tags`). */
function valueMatches(value: unknown, values: FilterValue[]): boolean {
  if (Array.isArray(value)) return value.some((element) => values.includes(element as FilterValue));
  return values.includes(value as FilterValue);
}

/** The subscription as the `subscribed` acknowledgement states it. */
export function describeSubscription(subscription: Subscription): { channels: string[]; filters: Record<string, FieldFilter> } {
  return { channels: [...subscription.channels], filters: Object.fromEntries(subscription.filters) };
}
