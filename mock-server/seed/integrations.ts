import { setupIntegration } from '../domain/integrations/index.js';
import type { CompanyContext } from '../store/context.js';

/** Sandbox credentials of the demo's integrations, in the forms the simulated upstreams accept. */
export const DEMO_STORE_CREDENTIALS = {
  shopDomain: 'kedai-demo.example-store.com',
  accessToken: 'shpat_sandbox_0123456789abcdef',
  webhookSecret: 'whsec_sandbox_0123456789abcdef',
} as const;

/** Every demo company has its online store connected (no sync run yet): the standalone sandbox shows one to sync. */
export function seedIntegrations(ctx: CompanyContext): void {
  setupIntegration(ctx, 'hosted-store', {
    name: 'Online store',
    credentials: { ...DEMO_STORE_CREDENTIALS },
    settings: { syncOrders: true, syncProducts: true, syncInventory: true, orderStatus: 'paid' },
    mapping: { defaultPaymentAccount: '1120', salesAccount: '4100' },
  });
}
