import { Resource } from '../../core/resource.js';
import {
  integrationsAvailable,
  integrationsInventorySync,
  integrationsList,
  integrationsSetup,
  integrationsSyncFees,
  integrationsSyncOrders,
  integrationsSyncProducts,
  integrationsUpdateInventory,
} from '../../generated/index.js';

/**
 * Integrations (spec document 3, "Integrations"): connectors to stores, marketplaces, payment gateways
 * and accounting systems, whose data the syncs bring into the books. In the sandbox every upstream is
 * simulated, deterministically, inside the mock.
 */
export class Integrations extends Resource {
  /** The connectors that can be set up, grouped by `ecommerce`, `marketplaces`, `payment_gateways`, `accounting`. */
  available = this.method(integrationsAvailable);

  /**
   * Sets a connector up (its catalogue id), or an integration again (its id); the credentials are checked
   * with the upstream and kept, never shown.
   *
   * @example
   * const store = await acs.integrations.setup('hosted-store', { name: 'Online shop', credentials: { shopDomain: 'kedai.example-store.com', accessToken, webhookSecret } });
   */
  setup = this.method(integrationsSetup);

  /** The company's integrations, newest first (`connectorId`, `category`). */
  list = this.method(integrationsList);

  /**
   * Brings a store's or marketplace's orders of a date range into the books: customers by email, items
   * by SKU, each order a sent invoice (or a sales order); run again, nothing is created twice and a
   * refund upstream becomes a credit note.
   *
   * @example
   * const run = await acs.integrations.syncOrders('hosted-store', { integrationId: store.id, dateRange: { from: '2026-11-01', to: '2026-11-07' } });
   */
  syncOrders = this.method(integrationsSyncOrders);

  /** Brings the store's products into items, one per variant SKU (`includeInventory`: tracked, with opening stock). */
  syncProducts = this.method(integrationsSyncProducts);

  /** Pushes stock quantities to the store's locations (`set` or `adjust`); an unknown SKU fails its line only. */
  updateInventory = this.method(integrationsUpdateInventory);

  /** Records a marketplace's settlements: payouts clear the orders' receivables into the payout account, fees post to the fee account. */
  syncFees = this.method(integrationsSyncFees);

  /** Brings the upstream's stock counts (per location, by code) into ours through stock adjustments. */
  inventorySync = this.method(integrationsInventorySync);
}
