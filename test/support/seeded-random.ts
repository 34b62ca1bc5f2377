/**
 * `crypto.getRandomValues` from a seed (mulberry32): the same bytes on every run, for what must replay (the
 * fuzzers' cases, the examples `npm run openapi` captures); never for anything secret.
 */
export function seededRandomValues(seed: number): <T extends ArrayBufferView | null>(array: T) => T {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (array) => {
    if (array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(next() * 256);
    }
    return array;
  };
}
