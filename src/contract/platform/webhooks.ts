import { z } from 'zod';
import {
  cursorPageQuery,
  DeletedRecord,
  isoDateTime,
  parseAbsoluteUrl,
  queryBoolean,
  secret,
  sortQuery,
  URL_MAX_LENGTH,
} from '../common.js';
import { endpoint } from '../endpoint.js';
import { WEBHOOK_EVENTS } from './webhook-events.js';

export { WEBHOOK_EVENTS } from './webhook-events.js';

/** An event name of the catalogue; anything else is a 422 `INVALID_CHOICE` naming the position (`events.2`). */
export const WebhookEventName = z.enum(WEBHOOK_EVENTS);
export type WebhookEventName = z.infer<typeof WebhookEventName>;

/** A signing secret chosen by the caller: 16 to 256 characters (shorter ones are guessable). */
export const WEBHOOK_SECRET_MIN_LENGTH = 16;
export const WEBHOOK_SECRET_MAX_LENGTH = 256;
/** Subscriptions one company may hold; each event fans out to every one of them. */
export const MAX_WEBHOOK_SUBSCRIPTIONS = 25;

/** Hosts the sandbox delivers to over plain http, for a receiver on the developer's own machine. */
export const LOOPBACK_WEBHOOK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost', '[::1]'];

/**
 * Why a URL cannot receive deliveries, or null when it can: https anywhere, plain http on a loopback
 * host only (spec document 1, "Webhooks": "HTTPS endpoint you host"), never with credentials in it.
 */
export function webhookUrlProblem(url: string): string | null {
  const parsed = parseAbsoluteUrl(url);
  if (!parsed) return 'url must be an absolute URL';
  if (parsed.protocol !== 'https:' && !(parsed.protocol === 'http:' && LOOPBACK_WEBHOOK_HOSTS.includes(parsed.hostname))) {
    return `url must use https (plain http only on ${LOOPBACK_WEBHOOK_HOSTS.join(', ')})`;
  }
  if (parsed.username !== '' || parsed.password !== '') return 'url must not carry a user name or password';
  return null;
}

export const WebhookUrl = z
  .string()
  .max(URL_MAX_LENGTH)
  .superRefine((url, ctx) => {
    const problem = webhookUrlProblem(url);
    if (problem) {
      ctx.addIssue({
        code: 'custom',
        input: url,
        message: problem,
        params: { code: 'INVALID_FORMAT', constraint: { protocol: 'https', loopbackHttp: LOOPBACK_WEBHOOK_HOSTS } },
      });
    }
  });

/** At least one event, each named once. */
const WebhookEvents = z
  .array(WebhookEventName)
  .min(1)
  .superRefine((events, ctx) => {
    const seen = new Set<string>();
    events.forEach((event, index) => {
      if (seen.has(event)) {
        ctx.addIssue({
          code: 'custom',
          path: [index],
          input: event,
          message: `${event} is listed twice`,
          params: { code: 'DUPLICATE_VALUE' },
        });
      }
      seen.add(event);
    });
  });

/**
 * A webhook subscription (spec document 1, "Webhooks"; its response is not shown, see
 * decision HOOK-2). `secret` appears once: in the answer to `subscribe` when the service
 * generated it.
 */
export const WebhookSubscription = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventName),
  active: z.boolean(),
  createdAt: isoDateTime(),
  updatedAt: isoDateTime(),
  /** The generated signing secret, in the `subscribe` answer only (when none was sent); never shown again. */
  secret: z.string().optional(),
});
export type WebhookSubscription = z.infer<typeof WebhookSubscription>;

export const WebhookSubscribeParams = z.object({
  /** Where deliveries go: https, or http on 127.0.0.1, localhost or [::1] in the sandbox. */
  url: WebhookUrl,
  events: WebhookEvents,
  /** Signing secret; when omitted the service generates one and returns it once. */
  secret: secret(z.string().min(WEBHOOK_SECRET_MIN_LENGTH).max(WEBHOOK_SECRET_MAX_LENGTH)).optional(),
});
export type WebhookSubscribeParams = z.input<typeof WebhookSubscribeParams>;

/** `active: false` pauses deliveries (retries waiting for it are dropped); the secret cannot change. */
export const WebhookUpdateParams = z.object({
  /** The new delivery address (https, or http on a loopback host); the next attempt, retries included, goes there. */
  url: WebhookUrl.optional(),
  /** Replaces the whole list: at least one event of the catalogue, each named once. */
  events: WebhookEvents.optional(),
  /** false pauses deliveries (retries waiting are dropped), true resumes them; omitted keeps the current state. */
  active: z.boolean().optional(),
});
export type WebhookUpdateParams = z.input<typeof WebhookUpdateParams>;

export const WebhookListParams = z.object({
  active: queryBoolean().optional(),
  /** Subscriptions that name this event. */
  event: WebhookEventName.optional(),
  ...sortQuery,
  ...cursorPageQuery,
});
export type WebhookListParams = z.input<typeof WebhookListParams>;

const WebhookIdParams = z.object({ webhookId: z.string().min(1) });

// Subscriptions are the company's administration: `admin` (the scope table has no webhook scope, and a
// subscriber receives every record its events carry).
export const webhooksSubscribe = endpoint({
  id: 'webhooks.subscribe',
  method: 'POST',
  path: '/webhooks/subscribe',
  scope: 'admin',
  status: 201,
  summary: 'Subscribe a URL to events; deliveries are signed with X-Signature',
  description:
    'Subscribes a URL (https; plain http only on 127.0.0.1, localhost or [::1] in the sandbox) to events ' +
    'of the catalogue (`WEBHOOK_EVENTS`). Without `secret` the service generates one and returns it as ' +
    '`secret` in this answer only: store it. An unknown event name rejects with `ValidationError` ' +
    '(`INVALID_CHOICE` on `events.<n>`).',
  example: `const hook = await acs.webhooks.subscribe({ url: 'https://example.com/acs-webhooks', events: ['invoice.created', 'payment.received'] });
saveSecret(hook.id, hook.secret!);`,
  exampleCall: { body: { url: 'https://hooks.example.com/acs', events: ['invoice.created'] } },
  body: WebhookSubscribeParams,
  response: WebhookSubscription,
});

export const webhooksList = endpoint({
  id: 'webhooks.list',
  method: 'GET',
  path: '/webhooks',
  scope: 'admin',
  source: 'implied',
  summary: "List the company's webhook subscriptions",
  description: "Lists the company's subscriptions, oldest first; filter by `active` or by an `event` they name. " + 'Never shows secrets.',
  query: WebhookListParams,
  response: WebhookSubscription,
  // Creation order by a per-company sequence: two subscriptions made in the same millisecond keep it.
  list: { paging: 'cursor', defaultSort: 'sequence:asc', defaultLimit: 50, maxLimit: 100, sort: ['createdAt', 'url'] },
});

export const webhooksRetrieve = endpoint({
  id: 'webhooks.retrieve',
  method: 'GET',
  path: '/webhooks/{webhookId}',
  scope: 'admin',
  source: 'implied',
  summary: 'Get one webhook subscription',
  description: 'One subscription; an unknown id rejects with `NotFoundError` (`WEBHOOK_NOT_FOUND`).',
  exampleCall: { params: { webhookId: { fixture: 'billPaidHook' } } },
  params: WebhookIdParams,
  response: WebhookSubscription,
});

export const webhooksUpdate = endpoint({
  id: 'webhooks.update',
  method: 'PATCH',
  path: '/webhooks/{webhookId}',
  scope: 'admin',
  source: 'implied',
  summary: "Change a subscription's URL or events, or pause it",
  description:
    "Changes a subscription's `url` or `events`, or pauses it with `active: false` (deliveries waiting " +
    'for a retry are dropped). The secret cannot change: subscribe anew and delete the old one to rotate.',
  exampleCall: {
    params: { webhookId: { fixture: 'billPaidHook' } },
    body: {
      active: false,
    },
  },
  params: WebhookIdParams,
  body: WebhookUpdateParams,
  response: WebhookSubscription,
});

export const webhooksDelete = endpoint({
  id: 'webhooks.delete',
  method: 'DELETE',
  path: '/webhooks/{webhookId}',
  scope: 'admin',
  source: 'implied',
  summary: 'Delete a subscription; deliveries waiting for a retry are dropped',
  description: 'Deletes a subscription; nothing more is delivered to it. Resolves to `{ id, deleted: true }`.',
  exampleCall: { params: { webhookId: { fixture: 'billPaidHook' } } },
  params: WebhookIdParams,
  response: DeletedRecord,
});
