import { z } from 'zod';
import { endpoint } from '../endpoint.js';

// Spec document 3, "Integrations": POST /v1/integrations/custom/create-connector.

export const CustomConnectorField = z.object({
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,49}$/),
  label: z.string().min(1).max(100),
  type: z.enum(['text', 'password', 'url']),
  required: z.boolean().optional(),
  encrypted: z.boolean().optional(),
});

export const CustomConnectorEndpoint = z.object({
  name: z.string().regex(/^[a-z][a-z0-9_]{0,49}$/),
  method: z.enum(['GET', 'POST']),
  path: z.string().regex(/^\/[A-Za-z0-9/_-]{0,199}$/),
  parameters: z.record(z.string().max(50), z.string().max(200)).optional(),
  // Target field -> JSON path in the upstream's record (`$.id`); `items.sku` is relative to each of `items`.
  mapping: z.record(z.string().max(50), z.string().min(1).max(200)),
});

export const CustomConnectorParams = z.object({
  name: z.string().min(1).max(100),
  description: z.string().max(500).optional(),
  type: z.literal('custom'),
  authentication: z.object({ type: z.literal('api_key'), fields: z.array(CustomConnectorField).min(1).max(10) }),
  endpoints: z.array(CustomConnectorEndpoint).min(1).max(20),
  webhookSupport: z.boolean().optional(),
  scheduleSync: z.string().max(50).optional(),
});
export type CustomConnectorParams = z.input<typeof CustomConnectorParams>;

export const CustomConnector = CustomConnectorParams.extend({ id: z.string(), category: z.string(), createdAt: z.string() });

export const integrationsCreateConnector = endpoint({
  scope: 'admin',
  tags: ['integrations'],
  id: 'integrations.createConnector',
  method: 'POST',
  path: '/integrations/custom/create-connector',
  status: 201,
  summary: 'A custom connector',
  description: 'A custom connector: its JSON-path mapping, then set up like any.',
  exampleCall: {
    body: {
      name: 'Custom',
      type: 'custom',
      authentication: { type: 'api_key', fields: [{ name: 'apiKey', label: 'API key', type: 'password', required: true }] },
      endpoints: [{ name: 'orders', method: 'GET', path: '/orders', mapping: { externalId: '$.id' } }],
    },
  },
  body: CustomConnectorParams,
  response: CustomConnector,
});
