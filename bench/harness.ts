// Small measuring tools for `npm run bench`: every figure is printed beside a baseline measured in the
// same run, so the ratios hold on any machine.
import autocannon from 'autocannon';

export interface Timing {
  median: number;
  p95: number;
  mean: number;
  runs: number;
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);

export function summarize(samples: number[]): Timing {
  const s = sorted(samples);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return { median: at(0.5), p95: at(0.95), mean: s.reduce((a, b) => a + b, 0) / s.length, runs: s.length };
}

/** Times `fn` `runs` times after `warmup` untimed calls; milliseconds per call. */
export async function time(fn: () => unknown, { runs = 200, warmup = 20 } = {}): Promise<Timing> {
  for (let i = 0; i < warmup; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return summarize(samples);
}

/**
 * Alternates the two functions run by run so that both see the same machine state (GC, JIT, other load),
 * then compares their medians.
 */
export async function compare(a: () => unknown, b: () => unknown, { runs = 400, warmup = 50 } = {}) {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const sa: number[] = [];
  const sb: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t0 = performance.now();
    await a();
    sa.push(performance.now() - t0);
    t0 = performance.now();
    await b();
    sb.push(performance.now() - t0);
  }
  const ta = summarize(sa);
  const tb = summarize(sb);
  return { a: ta, b: tb, ratio: ta.median / tb.median };
}

/** Requests per second that autocannon gets from `url` with `headers` over `seconds`. */
export async function throughput(url: string, headers: Record<string, string>, { seconds = 5, connections = 10 } = {}) {
  const result = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`throughput run against ${url} saw ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return { requestsPerSecond: result.requests.average, latencyP50: result.latency.p50, total: result.requests.total };
}

export const ms = (n: number) => `${n.toFixed(3)} ms`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Prints one result line and whether it met its target. */
export function report(name: string, figure: string, target?: { ok: boolean; text: string }) {
  const verdict = target ? `  [target ${target.text}: ${target.ok ? 'met' : 'MISSED'}]` : '';
  console.log(`${name.padEnd(58)} ${figure}${verdict}`);
}
