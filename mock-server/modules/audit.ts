import { defineAppletTables, defineAuditTables } from '../domain/audit/index.js';
import { auditRoutes } from '../routes/audit.js';
import { seedApplets } from '../seed/audit.js';
import { defineModule } from './define.js';

export const audit = defineModule({
  name: 'audit',
  // Its write observer (the trail) runs after inventory's (the item listing).
  after: ['inventory'],
  tables: [defineAuditTables, defineAppletTables],
  routes: auditRoutes,
  seed: [{ stage: 'applets', demo: (store) => seedApplets(store), empty: (store) => seedApplets(store) }],
});
