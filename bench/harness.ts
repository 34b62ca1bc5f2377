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
  const { a: ta, b: tb } = await interleave({ a, b }, { runs, warmup });
  return { a: ta, b: tb, ratio: ta.median / tb.median };
}

/** `compare` for any number of functions: each run calls every one of them once, in turn. */
export async function interleave<K extends string>(
  fns: Record<K, () => unknown>,
  { runs = 400, warmup = 50 } = {},
): Promise<Record<K, Timing>> {
  const names = Object.keys(fns) as K[];
  for (let i = 0; i < warmup; i++) for (const name of names) await fns[name]();
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < runs; i++) {
    for (const name of names) {
      const t0 = performance.now();
      await fns[name]();
      samples[name].push(performance.now() - t0);
    }
  }
  return Object.fromEntries(names.map((name) => [name, summarize(samples[name])])) as Record<K, Timing>;
}

/**
 * Times every function `calls` times after `warmup` untimed calls, in rounds: each round runs `block`
 * calls of each function, one function after the other, and the order rotates from round to round, so a
 * change of the machine's speed (GC, JIT, other load) hits every function alike while each still runs a
 * few calls in a row. Milliseconds per call.
 */
export async function inRounds<K extends string>(
  fns: Record<K, () => unknown>,
  { calls, warmup, block = 20 }: { calls: number; warmup: number; block?: number },
): Promise<Record<K, Timing>> {
  const names = Object.keys(fns) as K[];
  const samples = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  const run = async (perFunction: number, record: boolean) => {
    for (let round = 0, done = 0; done < perFunction; round++, done += block) {
      const n = Math.min(block, perFunction - done);
      for (let k = 0; k < names.length; k++) {
        const name = names[(round + k) % names.length];
        const fn = fns[name];
        const out = samples[name];
        for (let i = 0; i < n; i++) {
          const t0 = performance.now();
          await fn();
          const elapsed = performance.now() - t0;
          if (record) out.push(elapsed);
        }
      }
    }
  };
  await run(warmup, false);
  await run(calls, true);
  return Object.fromEntries(names.map((name) => [name, summarize(samples[name])])) as Record<K, Timing>;
}

/** Requests per second that autocannon gets from `url` with `headers` over `seconds`. */
export async function throughput(
  url: string,
  headers: Record<string, string>,
  { seconds = 5, connections = 10, method = 'GET', body }: { seconds?: number; connections?: number; method?: string; body?: string } = {},
) {
  const result = await autocannon({
    url,
    headers,
    duration: seconds,
    connections,
    pipelining: 1,
    method,
    ...(body === undefined ? {} : { body }),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`throughput run against ${url} saw ${result.non2xx} non-2xx answers and ${result.errors} errors`);
  }
  return {
    requestsPerSecond: result.requests.average,
    latencyP50: result.latency.p50,
    latencyAverage: result.latency.average,
    total: result.requests.total,
    seconds: result.duration,
  };
}

/** The headers of a business API call with this key on this company. */
export const authHeaders = ({ apiKey, companyId }: { apiKey: string; companyId: string }): Record<string, string> => ({
  authorization: `Bearer ${apiKey}`,
  'x-company-id': companyId,
});

export const ms = (n: number) => `${n.toFixed(3)} ms`;
export const us = (milliseconds: number) => `${(milliseconds * 1000).toFixed(1)} µs`;
export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
export const perSecond = (n: number) => `${Math.round(n).toLocaleString('en-US')} req/s`;

/** A target a figure is held to, and whether this run met it. */
export interface Target {
  ok: boolean;
  text: string;
}

/** One printed result line. */
export interface Figure {
  name: string;
  figure: string;
  target?: Target;
}

/** Prints one result line and whether it met its target; returns it for the summary. */
export function report(name: string, figure: string, target?: Target): Figure {
  const verdict = target ? `  [target ${target.text}: ${target.ok ? 'met' : 'MISSED'}]` : '';
  console.log(`${name.padEnd(58)} ${figure}${verdict}`);
  return { name, figure, ...(target ? { target } : {}) };
}

/** `at most` / `under` / `at least` targets, so each benchmark states its bound once. */
export const atMost = (value: number, bound: number, text: string): Target => ({ ok: value <= bound, text });
export const under = (value: number, bound: number, text: string): Target => ({ ok: value < bound, text });
export const atLeast = (value: number, bound: number, text: string): Target => ({ ok: value >= bound, text });

/** Heap in use after a full collection when the process runs with `--expose-gc`, else as it stands. */
export function heapUsed(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
  return process.memoryUsage().heapUsed;
}

export const canCollectGarbage = () => typeof (globalThis as { gc?: unknown }).gc === 'function';

/** A deterministic pseudo-random source (mulberry32), so every run writes the same data. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
