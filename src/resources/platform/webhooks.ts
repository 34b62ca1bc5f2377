import { WebhooksMethods } from '../../generated/resources/platform.js';

/**
 * Webhook subscriptions (spec document 1, "Webhooks"): the service POSTs each event a subscription
 * names to its URL, signed with `X-Signature`. Verify deliveries with `acs-sdk/webhooks`. Every call
 * needs the `admin` scope.
 */
export class Webhooks extends WebhooksMethods {}
