import type { MockService } from '../../../mock-server/index.js';
import { ServiceError } from '../../../mock-server/kernel/errors.js';
import {
  defineSyncOperation,
  integrationsTable,
  spendUpstreamRequests,
  syncItems,
  type IntegrationSyncRow,
} from '../../../mock-server/domain/integrations/index.js';
import { createInvoice, customersTable } from '../../../mock-server/domain/sales/index.js';
import type { CompanyContext } from '../../../mock-server/store/context.js';

/** An upstream order of the test's own operation: it names its buyer by email. */
export interface TestOrder {
  externalId: string;
  version: string;
  email: string;
}

/**
 * A sync operation declared by the tests (the real ones are other modules'): each upstream order becomes
 * a draft invoice of the customer with its email, through the domain's createInvoice; an order whose
 * customer does not exist yet fails, so a retry after the customer is created passes.
 */
export const TEST_OPERATION = defineSyncOperation({
  operation: 'test-orders',
  sync(ctx, integration, request, retry) {
    const orders = (request.orders as TestOrder[]).filter((o) => !retry || retry.only.has(o.externalId));
    spendUpstreamRequests(ctx, integration, Number(request.pages ?? 1));
    const tally = syncItems(ctx, integration, 'order', orders, {
      create(order) {
        const customer = customersTable(ctx)
          .all()
          .find((c) => c.email === order.email);
        if (!customer) throw new ServiceError('VALIDATION_ERROR', `No customer has the email ${order.email}`, []);
        return createInvoice(ctx, {
          customerId: customer.id,
          items: [{ description: `Order ${order.externalId}`, quantity: 1, unitPrice: 10, taxCode: 'SVC8' }],
        }).id;
      },
    });
    const counters = { ordersCreated: tally.created, ordersFailed: tally.failed };
    return { counters, processed: orders.length, tally };
  },
});

export const companyContext = (mock: MockService): CompanyContext => ({
  store: mock.store,
  clock: mock.clock,
  companyId: mock.credentials.companyId,
});

/** The demo's online store (every demo company has one). */
export const demoStore = (mock: MockService) =>
  integrationsTable(companyContext(mock))
    .all()
    .find((i) => i.connectorId === 'hosted-store')!;

/** Runs the test operation as a sync endpoint would, in one transaction. */
export function runTestSync(mock: MockService, orders: TestOrder[], pages = 1): IntegrationSyncRow {
  const ctx = companyContext(mock);
  return mock.store.transaction(() => TEST_OPERATION.run(ctx, demoStore(mock), { orders, pages }));
}

/** A sync of the demo's store with one failed record (its buyer does not exist), for retry-failed. */
export const failedTestSync = (mock: MockService): IntegrationSyncRow =>
  runTestSync(mock, [{ externalId: 'up_missing', version: 'v1', email: 'nobody@every.my' }]);
