/**
 * Reads an environment variable where one may be read (Node, Bun, Deno with --allow-env); browsers and
 * edge runtimes have no `process`, and Deno without the permission throws on the read: both read as unset.
 */
export function readEnv(name: string): string | undefined {
  if (typeof process === 'undefined' || typeof process.env !== 'object' || process.env === null) return undefined;
  let value: string | undefined;
  try {
    value = process.env[name];
  } catch {
    return undefined;
  }
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** A fresh random id; `crypto.randomUUID` exists in browsers, Deno, edge runtimes and Node 19+. */
export function randomId(): string {
  return globalThis.crypto.randomUUID();
}
