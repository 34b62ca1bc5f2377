import { Page, type Control } from './control-types.js';
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
    run: async () => new Page((await import('./ui/page.js')).dashboardPage()),
  },
  'GET /__mock/credentials': {
    does: 'the base URLs, every company with its test key, the primary and read-only keys (MOCK-38)',
    run: ({ mock }) => credentialsOf(mock),
  },
};
