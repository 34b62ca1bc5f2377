// The cost of an ordinary request on the standalone mock: four requests a test suite makes all the time,
// each against bench/call-server.mjs answering the bytes the mock answered, in one-second autocannon
// slices, every request and server in turn, so a drift of the machine's speed hits them all alike.
import { atLeast, authHeaders, perSecond, report, throughput, type Figure } from './harness.js';
import { startCallServer } from './servers.js';
import type { MockCredentials } from '../mock-server/service.js';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** The share of bare node:http's requests per second the mock should keep. */
  target: number;
}

export interface RequestCostOptions {
  credentials: MockCredentials;
  /** One-second slices per request and server. */
  slices: number;
  connections: number;
}

export async function requestCost({ credentials, slices, connections }: RequestCostOptions): Promise<Figure[]> {
  const headers = { ...authHeaders(credentials), 'content-type': 'application/json' };
  const base = credentials.baseUrl;
  const { pathname: prefix } = new URL(base);
  const sent = (await (await fetch(`${base}/invoices?status=sent&limit=1`, { headers })).json()) as { data: { id: string }[] };
  const cases: Case[] = [
    { name: 'GET /v1/invoices/{id}', method: 'GET', path: `/invoices/${sent.data[0].id}`, target: 0.5 },
    { name: 'GET /v1/customers?limit=20', method: 'GET', path: '/customers?limit=20', target: 0.35 },
    { name: 'POST /v1/customers', method: 'POST', path: '/customers', body: JSON.stringify({ name: 'Bench Customer Sdn Bhd', phone: '+60312345678' }), target: 0.35 },
    { name: 'GET /v1/invoices?status=sent&limit=50', method: 'GET', path: '/invoices?status=sent&limit=50', target: 0.35 },
  ];
  // The bare server answers each request with the bytes the mock answered it.
  const routes: Record<string, string> = {};
  for (const c of cases) {
    const answer = await fetch(`${base}${c.path}`, { method: c.method, headers, body: c.body });
    if (answer.status >= 300) throw new Error(`${c.name} answered ${answer.status}: ${await answer.text()}`);
    routes[`${c.method} ${prefix}${c.path}`] = await answer.text();
  }
  const bare = await startCallServer(routes);
  try {
    const targets = cases.flatMap((c) => [
      { c, kind: 'mock' as const, url: `${base}${c.path}` },
      { c, kind: 'bare' as const, url: `${bare.info.url}${prefix}${c.path}` },
    ]);
    const totals = new Map(targets.map((t) => [t, { total: 0, seconds: 0 }]));
    const run = (t: (typeof targets)[number], seconds: number) => throughput(t.url, headers, { seconds, connections, method: t.c.method, body: t.c.body });
    for (const t of targets) await run(t, 1); // compiled, connections open
    for (let slice = 0; slice < slices; slice++) {
      for (const t of targets) {
        const result = await run(t, 1);
        const into = totals.get(t)!;
        into.total += result.total;
        into.seconds += result.seconds;
      }
    }
    const rate = (t: (typeof targets)[number]) => totals.get(t)!.total / totals.get(t)!.seconds;
    return cases.flatMap((c) => {
      const [mock, baseline] = targets.filter((t) => t.c === c).map(rate);
      const share = mock / baseline;
      const bytes = Buffer.byteLength(routes[`${c.method} ${prefix}${c.path}`]).toLocaleString('en-US');
      return [
        report(`${c.name}: mock / bare node:http (${bytes} B)`, `${(share * 100).toFixed(1)}% (${perSecond(mock)} / ${perSecond(baseline)})`, atLeast(share, c.target, `>= ${c.target * 100}%`)),
      ];
    });
  } finally {
    await bare.stop();
  }
}
