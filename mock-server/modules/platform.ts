import { defineLockDatesTable, defineTaxSettingsTable, defineTenancyTables } from '../domain/platform/index.js';
import { platformRoutes } from '../routes/platform.js';
import { defineFixtureLeftOutTable } from '../seed/fixture-left-out.js';
import { defineModule } from './define.js';

/** Companies, keys and webhook subscriptions; its seed is the frame of mock-server/seed/index.ts (companies and keys). */
export const platform = defineModule({
  name: 'platform',
  tables: [defineTenancyTables, defineLockDatesTable, defineTaxSettingsTable, defineFixtureLeftOutTable],
  routes: platformRoutes,
});
