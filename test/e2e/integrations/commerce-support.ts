import type { MockService } from '../../../mock-server/index.js';
import type { AcsClient } from '../../../src/index.js';
import { receivableBooks, taxBooks } from '../../mock/support/sales.js';

export const MARKETPLACE_CREDENTIALS = {
  sellerId: 'A1B2C3D4E5',
  accessKey: 'AKIA0123456789ABCDEF',
  secretKey: 'sk0123456789abcdef0123',
  marketplaceId: 'MYMKT01',
};
export const STORE_CREDENTIALS = {
  shopDomain: 'kedai.example-store.com',
  accessToken: 'shpat_0123456789abcdef',
  webhookSecret: 'whsec_0123456789abcdef',
};

/** The upstream's products as items, unpublished ones too: an order naming a SKU no item has is refused (INT-29). */
export const catalogueOf = (acs: AcsClient, connectorId: string, integrationId: string) =>
  acs.integrations.syncProducts(connectorId, { integrationId, publishedStatus: 'any' });

/** The date `days` before the mock's today. */
export const daysAgo = (mock: MockService, days: number): string =>
  new Date(Date.parse(`${mock.clock.today()}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** Receivables, customer balances and open invoices, the trial balance's sides and tax payable against the documents. */
export function books(mock: MockService) {
  const w = { ctx: { store: mock.store, clock: mock.clock, companyId: mock.credentials.companyId } } as never;
  return { ...receivableBooks(w), ...taxBooks(w) };
}
