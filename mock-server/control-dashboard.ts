import { ServiceError } from './kernel/errors.js';
import { boundText } from './kernel/echo.js';
import { Page, type Control } from './control-types.js';
import { outboxPdf } from './outbox-pdf.js';
import type { MockService } from './service.js';

/** What the dashboard calls the API with, for any client that drives the sandbox (MOCK-38): no OAuth secret. */
function credentialsOf(mock: MockService) {
  const c = mock.credentials;
  return {
    baseUrl: c.baseUrl,
    dataBaseUrl: c.dataBaseUrl,
    authUrl: c.authUrl,
    companyId: c.companyId,
    apiKey: c.apiKey,
    readOnlyApiKey: c.readOnlyApiKey,
    companies: c.companies.map(({ id, name, apiKey }) => ({ id, name, apiKey })),
  };
}

/** The dashboard (MOCK-37) and the controls it reads beyond the others (MOCK-38), in the table of controls. */
export const DASHBOARD_CONTROLS: Record<string, Control> = {
  'GET /__mock/ui': {
    does: 'the dashboard: a web page over the public API and these controls (MOCK-37)',
    // Loaded on first use: the page's bundle stays out of a process that never serves it.
    run: async () => {
      const { dashboardPage, DASHBOARD_HEADERS } = await import('./ui/page.js');
      return new Page(dashboardPage(), DASHBOARD_HEADERS);
    },
  },
  'GET /__mock/credentials': {
    does: 'the base URLs, every company with its test key, the primary and read-only keys (MOCK-38)',
    run: ({ mock }) => credentialsOf(mock),
  },
  'GET /__mock/outbox/{id}/pdf': {
    does: "a sent message's PDF: its attached file, or the document it sent drawn as its recipient opens it (MOCK-38)",
    run: ({ mock, params }) => outboxPdf(mock, params.id),
  },
  'GET /__mock/webhooks/deliveries/{id}': {
    does: 'one webhook delivery: its event, payload, last headers (the signature among them) and attempts (MOCK-38)',
    run: ({ mock, params }) => mock.webhooks.sent(params.id) ?? noDelivery(params.id),
  },
  'POST /__mock/webhooks/deliveries/{id}/retry': {
    does: 'sends a webhook delivery that has not succeeded again now, and waits for the attempt (MOCK-38)',
    run: async ({ mock, params }) => {
      const sent = mock.webhooks.sent(params.id) ?? noDelivery(params.id);
      const last = sent.attempts.at(-1)?.outcome;
      if (last === undefined || last === 'delivered') {
        const why = last ? 'was delivered; there is nothing to retry' : 'has its first attempt still to come';
        throw new ServiceError('CONFLICT', `Webhook delivery ${sent.id} ${why}`, [
          { resource: 'webhook delivery', id: sent.id, field: 'id' },
        ]);
      }
      await mock.webhooks.retryNow(sent.id);
      return mock.webhooks.sent(sent.id);
    },
  },
};

/** A 404 naming the delivery the journal no longer holds (or never did). */
function noDelivery(id: string): never {
  throw new ServiceError('NOT_FOUND', `No webhook delivery ${boundText(JSON.stringify(id))}`, [
    { resource: 'webhook delivery', id: boundText(id), field: 'id' },
  ]);
}
