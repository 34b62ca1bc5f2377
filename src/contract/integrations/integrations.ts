import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { cursorPageQuery, sortQuery } from '../common.js';
import { Integration, IntegrationCatalogue, IntegrationCategory, IntegrationSetupParams } from './records.js';

// Spec document 3, "Integrations". Connecting a store or gateway is a company's administration: `admin`.
const tags = ['integrations'];
const admin = { scope: 'admin', tags };

export const integrationsAvailable = endpoint({
  ...admin,
  id: 'integrations.available',
  method: 'GET',
  path: '/integrations/available',
  summary: 'The connectors that can be set up, grouped by category',
  description: 'The connectors that can be set up, grouped by `ecommerce`, `marketplaces`, `payment_gateways`, ' + '`accounting`.',
  exampleCall: {},
  response: IntegrationCatalogue,
});

export const integrationsSetup = endpoint({
  ...admin,
  id: 'integrations.setup',
  method: 'POST',
  path: '/integrations/{integrationId}/setup',
  status: 201,
  summary: 'Set up a connector (its id from the catalogue), or set an integration up again; the credentials are checked with the upstream',
  description:
    'Sets a connector up (its catalogue id), or an integration again (its id); the credentials are ' +
    'checked with the upstream and kept, never shown.',
  example:
    "const store = await acs.integrations.setup('hosted-store', { name: 'Online shop', credentials: { shopDomain: 'kedai.example-store.com', accessToken, webhookSecret } });",
  exampleCall: { params: { integrationId: 'hosted-store' }, body: { name: 'Shop', credentials: { fixture: 'storeCredentials' } } },
  params: z.object({ integrationId: z.string().min(1).max(100) }),
  body: IntegrationSetupParams,
  response: Integration,
});

export const IntegrationListParams = z.object({
  connectorId: z.string().max(100).optional(),
  category: IntegrationCategory.optional(),
  ...sortQuery,
  ...cursorPageQuery,
});
export type IntegrationListParams = z.input<typeof IntegrationListParams>;

export const integrationsList = endpoint({
  ...admin,
  id: 'integrations.list',
  method: 'GET',
  path: '/integrations',
  source: 'implied',
  summary: "The company's integrations, newest first",
  description: "The company's integrations, newest first (`connectorId`, `category`).",
  exampleCall: { query: { category: 'ecommerce' } },
  query: IntegrationListParams,
  response: Integration,
  list: { paging: 'cursor', defaultLimit: 20, maxLimit: 100, defaultSort: 'createdAt:desc', sort: ['name', 'createdAt'] },
});
