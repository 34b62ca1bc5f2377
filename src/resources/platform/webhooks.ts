import { webhooksDelete, webhooksList, webhooksRetrieve, webhooksSubscribe, webhooksUpdate } from '../../generated/index.js';
import { Resource } from '../../core/resource.js';

/**
 * Webhook subscriptions (spec document 1, "Webhooks"): the service POSTs each event a subscription
 * names to its URL, signed with `X-Signature`. Verify deliveries with `acs-sdk/webhooks`. Every call
 * needs the `admin` scope.
 */
export class Webhooks extends Resource {
  /**
   * Subscribes a URL (https; plain http only on 127.0.0.1, localhost or [::1] in the sandbox) to events
   * of the catalogue (`WEBHOOK_EVENTS`). Without `secret` the service generates one and returns it as
   * `secret` in this answer only: store it. An unknown event name rejects with `ValidationError`
   * (`INVALID_CHOICE` on `events.<n>`).
   *
   * @example
   * const hook = await acs.webhooks.subscribe({ url: 'https://example.com/acs-webhooks', events: ['invoice.created', 'payment.received'] });
   * saveSecret(hook.id, hook.secret!);
   */
  subscribe = this.method(webhooksSubscribe);

  /** Lists the company's subscriptions, oldest first; filter by `active` or by an `event` they name. Never shows secrets. */
  list = this.method(webhooksList);

  /** One subscription; an unknown id rejects with `NotFoundError` (`WEBHOOK_NOT_FOUND`). */
  retrieve = this.method(webhooksRetrieve);

  /**
   * Changes a subscription's `url` or `events`, or pauses it with `active: false` (deliveries waiting
   * for a retry are dropped). The secret cannot change: subscribe anew and delete the old one to rotate.
   */
  update = this.method(webhooksUpdate);

  /** Deletes a subscription; nothing more is delivered to it. Resolves to `{ id, deleted: true }`. */
  delete = this.method(webhooksDelete);
}
