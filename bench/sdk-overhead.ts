// SDK `accounts.retrieve` against the standalone mock vs a raw `fetch` of the same URL: what the client
// (ky, headers, request id, envelope unwrap) costs on top of one loopback round trip. A bare `ky` call
// of the same URL runs in the same rotation, to show how much of that cost is the HTTP library's own.
import ky from 'ky';
import { AcsClient } from '../src/index.js';
import { authHeaders, atMost, interleave, ms, report, type Figure } from './harness.js';
import type { MockCredentials } from '../mock-server/service.js';

/**
 * The older target, kept as it was: bare ky alone takes 1.17-1.33x raw fetch here, so it stays missed while
 * the SDK runs on ky as designed (decision SDK-15); the SDK's own target is 1.10x bare ky (call-cost.ts).
 */
export const SDK_OVERHEAD_TARGET = 1.15;

export interface SdkOverheadOptions {
  credentials: MockCredentials;
  accountId: string;
  runs: number;
}

export async function sdkOverhead({ credentials, accountId, runs }: SdkOverheadOptions): Promise<Figure[]> {
  const { apiKey, companyId, baseUrl } = credentials;
  // Production defaults: no response validation, the global fetch.
  const acs = new AcsClient({ apiKey, companyId, baseUrl, validate: 'off' });
  const url = `${baseUrl}/accounts/${encodeURIComponent(accountId)}`;
  const headers = authHeaders({ apiKey, companyId });
  const calls = {
    sdk: () => acs.accounts.retrieve(accountId),
    raw: async () => ((await (await fetch(url, { headers })).json()) as { data: unknown }).data,
    ky: async () => ((await ky(url, { headers }).json()) as { data: unknown }).data,
  };

  // All three must do the same work: read the same account out of the envelope.
  const results = [await calls.sdk(), await calls.raw(), await calls.ky()].map((r) => JSON.stringify(r));
  if (new Set(results).size !== 1) throw new Error('the SDK, raw fetch and ky read different accounts');

  const t = await interleave(calls, { runs, warmup: Math.min(300, runs) });
  const ratio = t.sdk.median / t.raw.median;
  const extraMicros = (t.sdk.median - t.raw.median) * 1000;
  return [
    report('SDK accounts.retrieve, standalone mock (median)', `${ms(t.sdk.median)} (p95 ${ms(t.sdk.p95)})`),
    report('raw fetch + .json() of the same URL (median)', `${ms(t.raw.median)} (p95 ${ms(t.raw.p95)})`),
    report('bare ky(url).json() of the same URL (median)', `${ms(t.ky.median)} = ${(t.ky.median / t.raw.median).toFixed(3)}x raw fetch`),
    report('SDK / bare ky, ratio of medians', `${(t.sdk.median / t.ky.median).toFixed(3)}x (the rest is ky's own cost)`),
    report(
      'SDK / raw fetch, ratio of medians',
      `${ratio.toFixed(3)}x (+${extraMicros.toFixed(0)} µs per call)`,
      atMost(ratio, SDK_OVERHEAD_TARGET, `<= ${SDK_OVERHEAD_TARGET}`),
    ),
  ];
}
