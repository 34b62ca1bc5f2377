/**
 * The Node versions the mock's paths need, checked where a path starts (decision PLAT-35): an older Node
 * gets one sentence naming the version, not a TypeError from deep inside a dependency.
 */

/** `engines.node` of package.json: what the SDK (ky 2) and the mock's own code need. */
export const PACKAGE_NODE = '22';

/** msw 3's `engines.node`: its interceptors call `Promise.withResolvers`, which older Nodes lack. */
export const MSW_NODE = '22.12';

/** The part of `process.versions` read here; tests pass their own. */
export interface RuntimeVersions {
  node?: string;
  bun?: string;
  deno?: string;
}

/**
 * The sentence saying that `what` needs Node `minimum` or later, or undefined when the running Node has it.
 * Outside Node (a browser, Bun, Deno: the last two report the Node they emulate) there is nothing to say.
 */
export function nodeTooOld(
  what: string,
  minimum: string,
  because = '',
  versions: RuntimeVersions | undefined = globalThis.process?.versions,
): string | undefined {
  const running = versions?.node;
  if (!running || versions.bun || versions.deno || compareVersions(running, minimum) >= 0) return undefined;
  return `${what} needs Node ${minimum} or later${because} (this is Node ${running}).`;
}

/** Negative, zero or positive as dotted version `a` is below, at or above `b` (missing parts count as 0). */
function compareVersions(a: string, b: string): number {
  const x = a.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const y = b.split('.').map((part) => Number.parseInt(part, 10) || 0);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const difference = (x[i] ?? 0) - (y[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
