import { Resource } from '../../core/resource.js';
import {
  integrationsAvailable,
  integrationsExportCoa,
  integrationsFullMigration,
  integrationsList,
  integrationsMigrateCustomers,
  integrationsMigrateTransactions,
  integrationsSetup,
  integrationsSyncPayments,
  integrationsSyncTransactions,
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

  /** A payment gateway's charges, refunds, chargebacks and fees, through a clearing account; idempotent. */
  syncPayments = this.method(integrationsSyncPayments);

  /** A payment gateway's payouts, from the clearing account to the bank. */
  syncTransactions = this.method(integrationsSyncTransactions);

  /** An accounting source's chart of accounts (`mapToStandard`: linked to ours where they match). */
  exportCoa = this.method(integrationsExportCoa);

  /** An accounting source's customers and opening balances. */
  migrateCustomers = this.method(integrationsMigrateCustomers);

  /** An accounting source's invoices, bills, payments and journal entries. */
  migrateTransactions = this.method(integrationsMigrateTransactions);

  /** Chart, customers, then transactions of an accounting source. */
  fullMigration = this.method(integrationsFullMigration);
}
