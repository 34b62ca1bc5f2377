import { defineIntegrationTables, defineIntegrationWebhooks } from '../domain/integrations/index.js';
import { integrationEventRules } from '../events/rules/integrations.js';
import { integrationSyncRoutes } from '../routes/integration-syncs.js';
import { integrationRoutes } from '../routes/integrations.js';
import { integrationOpsRoutes } from '../routes/integrations-ops.js';
import { seedIntegrations } from '../seed/integrations.js';
import { defineModule } from './define.js';

export const integrations = defineModule({
  name: 'integrations',
  // Upstream activity is emitted on a clock move after the e-invoice portal decides.
  after: ['einvoice'],
  tables: [defineIntegrationTables, defineIntegrationWebhooks],
  routes: [...integrationRoutes, ...integrationSyncRoutes, ...integrationOpsRoutes],
  events: integrationEventRules,
  seed: [{ stage: 'integrations', demo: (ctx) => seedIntegrations(ctx) }],
});
