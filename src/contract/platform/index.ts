// The platform module: auth verify, the company, webhook subscriptions and the WebSocket streams.
export * from './auth.js';
export * from './company.js';
// webhooks.ts re-exports WEBHOOK_EVENTS of webhook-events.ts (zod-free, for acs-sdk/webhooks) beside its zod `WebhookEventName`.
export * from './webhooks.js';
// WebSocket streams: message schemas and the two declarations (listed under `x-websockets`, not in `endpoints`);
// stream.ts re-exports the zod-free channel names of stream-channels.ts.
export * from './stream.js';
