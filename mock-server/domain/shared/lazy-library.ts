/**
 * A third-party library loaded on first use rather than with `acs-mock`, for the few modules whose
 * libraries cost more to load than the rest of a request path. The request path awaits `ready()` before
 * a route that needs it; code outside a request (a clock jump, a test calling the domain) gets it
 * synchronously through Node's `require` when it is not loaded yet.
 */
export class LazyLibrary<T> {
  #value: T | undefined;
  #loading: Promise<void> | undefined;

  constructor(
    readonly name: string,
    private readonly load: () => Promise<T>,
    private readonly loadSync: (require: (specifier: string) => unknown) => T,
  ) {}

  /** Loads the library once; null when it is loaded already, so a caller need not await. */
  ready(): Promise<void> | null {
    if (this.#value !== undefined) return null;
    return (this.#loading ??= this.load().then(
      (value) => {
        this.#value ??= value;
      },
      (error: unknown) => {
        this.#loading = undefined;
        throw error;
      },
    ));
  }

  get(): T {
    if (this.#value !== undefined) return this.#value;
    const require = nodeRequire();
    if (!require) throw new Error(`acs-mock: ${this.name} are not loaded yet; they load with the first request that needs them`);
    return (this.#value = this.loadSync(require));
  }
}

/** Node's `require`, without importing a Node built-in (the mock's main entry is browser-safe). */
function nodeRequire(): ((specifier: string) => unknown) | null {
  const getBuiltin = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const module = getBuiltin?.('node:module') as { createRequire(from: string): (specifier: string) => unknown } | undefined;
  return module ? module.createRequire(import.meta.url) : null;
}

/** A CommonJS module's exports from a dynamic import, whether the loader put them on `default` or not. */
export const commonJs = <T>(namespace: unknown): T => ((namespace as { default?: T }).default ?? namespace) as T;
