/**
 * A deterministic source of numbers for a simulated upstream, seeded from the integration id and a
 * stream name (`orders`, `payments`, ...): the same integration shows the same data on every run.
 * mulberry32: small, fast and good enough for sample data.
 */
export function upstreamRandom(integrationId: string, stream: string): UpstreamRandom {
  let state = fnv1a(`${integrationId}:${stream}`);
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)]!,
    chance: (p) => next() < p,
  };
}

export interface UpstreamRandom {
  /** In [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
}

/** FNV-1a, 32 bits: a seed from a string. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}
