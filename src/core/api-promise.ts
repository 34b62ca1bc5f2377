import type { RateLimit } from './rate-limit.js';

/** A result with the HTTP response it came from. */
export interface ApiResponse<T> {
  data: T;
  /** The raw response; its body has been read. */
  response: Response;
  /** The request id the service echoed (`X-Request-ID`), or the one the SDK sent. */
  requestId: string | undefined;
  /** `X-RateLimit-*` of the response, or null when the service sent none. */
  rateLimit: RateLimit | null;
}

/**
 * The promise an SDK method returns: awaits to the unwrapped data, and `.withResponse()` gives the data
 * with its response, request id and rate-limit state from the same single request (as openai-node's
 * `APIPromise`). The request starts when the method is called.
 */
export class ApiPromise<T> extends Promise<T> {
  readonly #result: Promise<ApiResponse<T>>;

  constructor(result: Promise<ApiResponse<T>>) {
    // The base promise is never used (then/catch/finally below read `#result`), so it is left pending:
    // one shared executor, nothing to settle.
    super(pending);
    this.#result = result;
  }

  // Derived promises (`.then()` results) are plain Promises, not ApiPromises.
  static override get [Symbol.species]() {
    return Promise;
  }

  /** The data together with the response, request id and rate-limit state. */
  withResponse(): Promise<ApiResponse<T>> {
    return this.#result;
  }

  // One step from the result to the caller's callback: `await` calls `then` once, with both callbacks.
  // biome-ignore lint/suspicious/noThenProperty: a Promise subclass is a thenable by design
  override then<R1 = T, R2 = never>(
    onfulfilled?: ((value: T) => R1 | PromiseLike<R1>) | null,
    onrejected?: ((reason: unknown) => R2 | PromiseLike<R2>) | null,
  ): Promise<R1 | R2> {
    return this.#result.then(
      typeof onfulfilled === 'function' ? (result) => onfulfilled(result.data) : (dataOf as (result: ApiResponse<T>) => R1),
      onrejected,
    );
  }

  override catch<R = never>(onrejected?: ((reason: unknown) => R | PromiseLike<R>) | null): Promise<T | R> {
    return this.then(undefined, onrejected);
  }

  override finally(onfinally?: (() => void) | null): Promise<T> {
    return this.then(undefined, undefined).finally(onfinally);
  }
}

function pending(): void {}

function dataOf<T>(result: ApiResponse<T>): T {
  return result.data;
}
