// The cost of an ordinary request on the standalone mock: four requests a test suite makes all the time,
// each against bench/call-server.mjs answering the bytes the mock answered, in one-second autocannon
// slices, every request and server in turn, so a drift of the machine's speed hits them all alike. The
// mock is bench/request-server.ts: the standalone with 50,000 invoices in the company the requests read.
// Beside each ratio, each server's own CPU time per request (Linux), which a busy machine moves less.
import { readFileSync } from 'node:fs';
import { atLeast, authHeaders, perSecond, report, throughput, type Figure } from './harness.js';
import { startCallServer, startRequestBenchMock } from './servers.js';
import type { MockCredentials } from '../mock-server/service.js';

interface Case {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** Beside the key's and the company's. */
  headers?: Record<string, string>;
  /** The share of bare node:http's requests per second the mock should keep. */
  target: number;
}

export interface RequestCostOptions {
  /** One-second slices per request and server. */
  slices: number;
  connections: number;
}

/** Microseconds of CPU (user and system) a process has used; null where /proc does not say (not Linux). */
function cpuMicros(pid: number): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100; // utime and stime, in USER_HZ (100) ticks
  } catch {
    return null;
  }
}

export async function requestCost({ slices, connections }: RequestCostOptions): Promise<Figure[]> {
  const mock = await startRequestBenchMock();
  try {
    return await measure(mock.info, mock.pid, { slices, connections });
  } finally {
    await mock.stop();
  }
}

async function measure(credentials: MockCredentials, mockPid: number, { slices, connections }: RequestCostOptions): Promise<Figure[]> {
  const headers = { ...authHeaders(credentials), 'content-type': 'application/json' };
  const base = credentials.baseUrl;
  const { pathname: prefix } = new URL(base);
  const sent = (await (await fetch(`${base}/invoices?status=sent&limit=1`, { headers })).json()) as { data: { id: string }[] };
  const cases: Case[] = [
    { name: 'GET /v1/invoices/{id}', method: 'GET', path: `/invoices/${sent.data[0].id}`, target: 0.5 },
    { name: 'GET /v1/customers?limit=20', method: 'GET', path: '/customers?limit=20', target: 0.35 },
    {
      name: 'POST /v1/customers',
      method: 'POST',
      path: '/customers',
      body: JSON.stringify({ name: 'Bench Customer Sdn Bhd', phone: '+60312345678' }),
      // Into the key's second company, so the customers the list reads stay the ones its bytes were taken from.
      headers: { 'x-company-id': credentials.companies[1].id },
      target: 0.35,
    },
    { name: 'GET /v1/invoices?status=sent&limit=50', method: 'GET', path: '/invoices?status=sent&limit=50', target: 0.35 },
  ];
  const answer = async (c: Case) => {
    const response = await fetch(`${base}${c.path}`, { method: c.method, headers: { ...headers, ...c.headers }, body: c.body });
    if (response.status >= 300) throw new Error(`${c.name} answered ${response.status}: ${await response.text()}`);
    return response.text();
  };
  // The bare server answers each request with the bytes the mock answered it.
  const bodies = new Map<Case, string>();
  for (const c of cases) bodies.set(c, await answer(c));
  const bare = await startCallServer(Object.fromEntries(cases.map((c) => [`${c.method} ${prefix}${c.path}`, bodies.get(c)!])));
  try {
    const targets = cases.flatMap((c) => [
      { c, pid: mockPid, url: `${base}${c.path}`, total: 0, seconds: 0, cpu: 0 },
      { c, pid: bare.pid, url: `${bare.info.url}${prefix}${c.path}`, total: 0, seconds: 0, cpu: 0 },
    ]);
    const run = (t: (typeof targets)[number]) =>
      throughput(t.url, { ...headers, ...t.c.headers }, { seconds: 1, connections, method: t.c.method, body: t.c.body });
    for (const t of targets) await run(t); // compiled, connections open
    for (let slice = 0; slice < slices; slice++) {
      for (const t of targets) {
        const before = cpuMicros(t.pid);
        const result = await run(t);
        const after = cpuMicros(t.pid);
        t.total += result.total;
        t.seconds += result.seconds;
        t.cpu += before === null || after === null ? Number.NaN : after - before;
      }
    }
    // Each answer as long after the run as before it, or the bare server was answering other bytes.
    for (const c of cases) {
      const [was, now] = [Buffer.byteLength(bodies.get(c)!), Buffer.byteLength(await answer(c))];
      if (was !== now)
        throw new Error(`${c.name} answered ${now} B after the run and ${was} B before it: the bare server's bytes are not the mock's`);
    }
    return cases.map((c) => {
      const [mock, baseline] = targets.filter((t) => t.c === c);
      const rate = (t: typeof mock) => t.total / t.seconds;
      const share = rate(mock) / rate(baseline);
      const cpu = (t: typeof mock) => (t.cpu / t.total).toFixed(1);
      const cpuText = Number.isNaN(mock.cpu + baseline.cpu) ? '' : `; server CPU ${cpu(mock)} / ${cpu(baseline)} µs per request`;
      const bytes = Buffer.byteLength(bodies.get(c)!).toLocaleString('en-US');
      const figure = `${(share * 100).toFixed(1)}% (${perSecond(rate(mock))} / ${perSecond(rate(baseline))}${cpuText})`;
      return report(`${c.name}: mock / bare node:http (${bytes} B)`, figure, atLeast(share, c.target, `>= ${c.target * 100}%`));
    });
  } finally {
    await bare.stop();
  }
}
