import type { Connector, ConnectorKind, IntegrationCatalogue, IntegrationCategory } from '../../../src/contract/index.js';
import { ServiceError } from '../../kernel/errors.js';
import type { CompanyContext } from '../../store/context.js';
import { customConnectorEntry, customConnectorsTable } from './custom-connectors.js';

/**
 * The credential fields of each kind of upstream (spec document 3, "Integrations": "Credential fields
 * accepted per connector type"), with the shape each must have.
 */
export const CREDENTIAL_FIELDS: Record<ConnectorKind, Record<string, RegExp>> = {
  hosted_store: {
    shopDomain: /^[a-z0-9][a-z0-9-]{0,62}(\.[a-z0-9-]{1,63})+$/i,
    accessToken: /^\S{16,200}$/,
    webhookSecret: /^\S{16,200}$/,
  },
  site_store: { siteUrl: /^https:\/\/[^\s/]+(\/\S*)?$/, consumerKey: /^ck_\S{8,200}$/, consumerSecret: /^cs_\S{8,200}$/ },
  marketplace: { sellerId: /^[A-Z0-9]{8,20}$/, accessKey: /^\S{16,200}$/, secretKey: /^\S{16,200}$/, marketplaceId: /^[A-Z0-9]{6,20}$/ },
  payment_gateway: { secretKey: /^sk_(test|live)_\S{8,200}$/, webhookEndpointSecret: /^whsec_\S{8,200}$/ },
  // A custom connector's fields are its own (custom-connectors.ts).
  custom: {},
  accounting_source: {
    clientId: /^\S{8,200}$/,
    clientSecret: /^\S{16,200}$/,
    accessToken: /^\S{16,500}$/,
    refreshToken: /^\S{16,500}$/,
    companyId: /^\d{6,20}$/,
  },
};

const connector = (c: Omit<Connector, 'credentialFields' | 'status' | 'setupRequired'>): Connector => ({
  ...c,
  status: 'available',
  credentialFields: Object.keys(CREDENTIAL_FIELDS[c.kind]),
  setupRequired: true,
});

/** The simulated connectors, one of each kind the spec describes; every upstream lives in the mock. */
export const CONNECTORS: readonly Connector[] = [
  connector({
    id: 'hosted-store',
    name: 'Hosted Store (simulated)',
    description: 'A hosted online store: orders, products with variants, customers and stock by location',
    category: 'ecommerce',
    kind: 'hosted_store',
    features: ['order_sync', 'product_sync', 'customer_sync', 'inventory_sync'],
    webhookSupport: true,
    realTimeSync: true,
  }),
  connector({
    id: 'site-store',
    name: 'Site Store (simulated)',
    description: 'A store plugin on your own website, reached with a consumer key and secret',
    category: 'ecommerce',
    kind: 'site_store',
    features: ['order_sync', 'product_sync', 'inventory_sync'],
    webhookSupport: true,
    realTimeSync: false,
  }),
  connector({
    id: 'marketplace',
    name: 'Marketplace (simulated)',
    description: 'A marketplace seller account: orders, fees and settlements',
    category: 'marketplaces',
    kind: 'marketplace',
    features: ['order_sync', 'inventory_sync', 'fee_tracking'],
    webhookSupport: false,
    realTimeSync: false,
  }),
  connector({
    id: 'payment-gateway',
    name: 'Payment Gateway (simulated)',
    description: 'Card payments with refunds, chargebacks, fees and payouts',
    category: 'payment_gateways',
    kind: 'payment_gateway',
    features: ['payment_sync', 'fee_tracking', 'chargeback_handling'],
    webhookSupport: true,
    realTimeSync: true,
  }),
  connector({
    id: 'accounting-source',
    name: 'Accounting Source (simulated)',
    description: 'Another accounting system to migrate from: chart of accounts, customers and transactions',
    category: 'accounting',
    kind: 'accounting_source',
    features: ['data_migration', 'chart_of_accounts_sync', 'customer_sync'],
    webhookSupport: false,
    realTimeSync: false,
  }),
];

/** The catalogue; with a company, its custom connectors join their category. */
export function integrationCatalogue(ctx?: CompanyContext): IntegrationCatalogue {
  const all = [...CONNECTORS, ...(ctx ? customConnectorsTable(ctx).all().map(customConnectorEntry) : [])];
  const of = (category: IntegrationCategory) => all.filter((c) => c.category === category);
  return {
    ecommerce: of('ecommerce'),
    marketplaces: of('marketplaces'),
    payment_gateways: of('payment_gateways'),
    accounting: of('accounting'),
  };
}

export const findConnector = (id: string, ctx?: CompanyContext): Connector | undefined => {
  const custom = ctx && customConnectorsTable(ctx).get(id);
  return custom ? customConnectorEntry(custom) : CONNECTORS.find((c) => c.id === id);
};

export function connectorById(id: string, ctx?: CompanyContext): Connector {
  const found = findConnector(id, ctx);
  if (!found) {
    throw new ServiceError('CONNECTOR_NOT_FOUND', 'No connector of the catalogue has this id', [
      { field: 'connector', message: `one of ${CONNECTORS.map((c) => c.id).join(', ')}`, code: 'INVALID_ENUM_VALUE' },
    ]);
  }
  return found;
}
