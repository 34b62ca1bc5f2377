// Requests per second the standalone mock serves for an authenticated `GET /v1/accounts/{id}`, against a
// bare node:http server answering the same JSON: the share of raw node:http speed the mock keeps.
import { authHeaders, atLeast, perSecond, report, throughput, type Figure } from './harness.js';
import { startBareServer } from './servers.js';
import type { MockCredentials } from '../mock-server/service.js';

export const THROUGHPUT_TARGET = 0.35;

export interface ThroughputOptions {
  credentials: MockCredentials;
  accountId: string;
  /** One-second slices per server. */
  slices: number;
  connections: number;
}

export async function standaloneThroughput({ credentials, accountId, slices, connections }: ThroughputOptions): Promise<Figure[]> {
  const url = `${credentials.baseUrl}/accounts/${encodeURIComponent(accountId)}`;
  const headers = authHeaders(credentials);
  const answer = await fetch(url, { headers });
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
  const body = await answer.text();

  const bare = await startBareServer(body);
  try {
    const bareUrl = `${bare.info.url}/v1/accounts/${encodeURIComponent(accountId)}`;
    // One untimed second each, so both servers are compiled and their connections open before timing;
    // then one-second slices in turn, so a drift of the machine's speed hits both servers alike.
    await throughput(url, headers, { seconds: 1, connections });
    await throughput(bareUrl, headers, { seconds: 1, connections });
    const mock = { total: 0, seconds: 0, requestsPerSecond: 0 };
    const baseline = { total: 0, seconds: 0, requestsPerSecond: 0 };
    for (let slice = 0; slice < slices; slice++) {
      for (const [into, target] of [
        [mock, url],
        [baseline, bareUrl],
      ] as const) {
        const run = await throughput(target, headers, { seconds: 1, connections });
        into.total += run.total;
        into.seconds += run.seconds;
      }
    }
    mock.requestsPerSecond = mock.total / mock.seconds;
    baseline.requestsPerSecond = baseline.total / baseline.seconds;
    const share = mock.requestsPerSecond / baseline.requestsPerSecond;
    return [
      report(
        `standalone mock, GET /v1/accounts/{id} (${connections} connections)`,
        `${perSecond(mock.requestsPerSecond)} (${mock.total.toLocaleString('en-US')} requests)`,
      ),
      report(
        'bare node:http server, same JSON body',
        `${perSecond(baseline.requestsPerSecond)} (${baseline.total.toLocaleString('en-US')} requests)`,
      ),
      report(
        'standalone mock / bare node:http throughput',
        `${(share * 100).toFixed(1)}%`,
        atLeast(share, THROUGHPUT_TARGET, `>= ${THROUGHPUT_TARGET * 100}%`),
      ),
    ];
  } finally {
    await bare.stop();
  }
}
