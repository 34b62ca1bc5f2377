import { configureEinvoicePortal, defineEinvoiceTables, prepareSandboxSigner, watchEinvoicePortal } from '../domain/einvoice/index.js';
import { einvoiceEventRules } from '../events/rules/einvoice.js';
import { einvoiceRoutes } from '../routes/einvoice.js';
import { seedEinvoiceIdentities } from '../seed/einvoice.js';
import { defineModule } from './define.js';

export const einvoice = defineModule({
  name: 'einvoice',
  // The portal decides on a clock move after report deliveries run.
  after: ['reports'],
  tables: [defineEinvoiceTables, watchEinvoicePortal],
  routes: einvoiceRoutes,
  events: einvoiceEventRules,
  seed: [{ stage: 'einvoice-identities', demo: (ctx, { index }) => seedEinvoiceIdentities(ctx, index) }],
  config: (store, options) => configureEinvoicePortal(store, options.einvoice),
  prepare: prepareSandboxSigner,
});
