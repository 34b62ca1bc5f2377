import { Resource } from '../../core/resource.js';
import {
  integrationsAnalytics,
  integrationsAvailable,
  integrationsCreateConnector,
  integrationsExportCoa,
  integrationsFullMigration,
  integrationsHealth,
  integrationsInventorySync,
  integrationsList,
  integrationsMigrateCustomers,
  integrationsMigrateTransactions,
  integrationsReceiveWebhook,
  integrationsRetryFailed,
  integrationsSetup,
  integrationsStatus,
  integrationsSyncFees,
  integrationsSyncOrders,
  integrationsSyncPayments,
  integrationsSyncProducts,
  integrationsSyncTransactions,
  integrationsTransformData,
  integrationsUpdateInventory,
  integrationsWebhooks,
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
   * CSV text as target records: each field from a column, or `{ field, transform, default }` with
   * transforms `trim`, `upper`, `lower`, `number`, `integer`, `boolean`, `date:DD/MM/YYYY`, `split:;` chained by `|`.
   *
   * @example
   * const { records } = await acs.integrations.transformData({ sourceFormat: 'csv', targetFormat: 'customers', mapping: { name: { field: 'Name', transform: 'trim' } }, data: csv });
   */
  transformData = this.method(integrationsTransformData);
  /** Store orders into the books as invoices; idempotent. */
  syncOrders = this.method(integrationsSyncOrders);

  /** Store products into items, one per SKU. */
  syncProducts = this.method(integrationsSyncProducts);

  /** Stock quantities to the store. */
  updateInventory = this.method(integrationsUpdateInventory);

  /** Marketplace settlements: payouts and fees. */
  syncFees = this.method(integrationsSyncFees);

  /** Upstream stock counts into ours. */
  inventorySync = this.method(integrationsInventorySync);

  /** A custom connector: its JSON-path mapping, then set up like any. */
  createConnector = this.method(integrationsCreateConnector);
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
  /** Last and next sync, the statistics of the last 24 hours and week, and the recent failed records. */
  status = this.method(integrationsStatus);

  /** The checks `connection`, `webhook_endpoint` and `rate_limits` (the upstream's `remaining` requests and `resetTime`). */
  health = this.method(integrationsHealth);

  /** Sync totals, success rate and processing time, overall and by integration (`from`, `to`: default the last 30 days). */
  analytics = this.method(integrationsAnalytics);

  /** Runs the failed records of a sync again (`syncId`); the run is a new sync whose `retryOf` names it. */
  retryFailed = this.method(integrationsRetryFailed);

  /** Subscribes an endpoint to the upstream's `order.created`, ... events, signed with `secret` (X-Signature). */
  webhooks = this.method(integrationsWebhooks);

  /** Hands the mock an upstream's event, signed in `X-Upstream-Signature` (pass it in the call's `headers` option). */
  receiveWebhook = this.method(integrationsReceiveWebhook);
}
