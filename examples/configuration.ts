// Every client option, and a second company over the same configuration.
import { AcsClient } from 'acs-sdk';
import { createMockService } from 'acs-mock';

export async function main() {
  const mock = createMockService();
  const { apiKey, companyId, companies } = mock.credentials;
  const fetch = mock.fetch;
  const acs = new AcsClient({
    apiKey, // or accessToken, or getAccessToken: () => Promise<string>
    companyId, // sent as X-Company-Id
    environment: 'sandbox', // or 'production'; default from the key's prefix
    baseUrl: mock.credentials.baseUrl, // dataBaseUrl, authUrl: override the environment's addresses
    timeout: 60_000, // per attempt, ms
    maxRetries: 2,
    fetch, // default: globalThis.fetch, looked up on every call
    headers: { 'X-Client-Build': '2026.11' }, // sent with every call
    apiVersion: '2026-11-01', // X-API-Version
    userAgent: 'my-app/1.0', // prepended to acs-sdk/<version>
    logger: console,
    logLevel: 'warn', // or ACS_LOG=debug
    validate: 'off', // or { mode: 'strict' | 'warn', contract }, contract from acs-sdk/contract
  });

  const other = acs.withCompany(companies[1].id);
  const [first, second] = await Promise.all([acs.company.retrieve(), other.company.retrieve()]);
  console.log(`one key, two companies: ${first.name} and ${second.name}`);
  return { first, second };
}

if (process.argv[1] === new URL(import.meta.url).pathname) await main();
