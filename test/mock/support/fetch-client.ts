import type { MockService } from '../../../mock-server/index.js';

/** A client of the mock's business API through `mock.fetch`. */
export function client(mock: MockService, key = mock.credentials.apiKey) {
  const { baseUrl, companyId } = mock.credentials;
  const headers = { Authorization: `Bearer ${key}`, 'X-Company-Id': companyId };
  return {
    async get(path: string) {
      const response = await mock.fetch(`${baseUrl}${path}`, { headers });
      return { status: response.status, body: await response.json() };
    },
    async post(path: string, body: unknown, extra: Record<string, string> = {}) {
      const response = await mock.fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { ...headers, ...extra, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: await response.json(), replayed: response.headers.get('idempotent-replayed') };
    },
  };
}
