/**
 * Reads an environment variable where one exists (Node, Deno with --allow-env, Bun); browsers and edge
 * runtimes have no `process`, so the guard keeps the client loadable there.
 */
export function readEnv(name: string): string | undefined {
  if (typeof process === 'undefined' || typeof process.env !== 'object' || process.env === null) return undefined;
  const value = process.env[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** A fresh random id; `crypto.randomUUID` exists in browsers, Deno, edge runtimes and Node 19+. */
export function randomId(): string {
  return globalThis.crypto.randomUUID();
}
