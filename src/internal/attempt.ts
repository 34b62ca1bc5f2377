import { TimeoutError as KyTimeoutError, type Input as KyInput } from 'ky';
import type { TransportConfig } from './call.js';

/**
 * What the SDK's `fetch` sends for each attempt of one call, and the attempt's timeout.
 *
 * ky runs the call (retries, backoff, `Retry-After`, hooks, errors) and calls this `fetch` once per
 * attempt; the attempt is sent from the call's own URL, headers and body, not from ky's `Request`. ky
 * would copy the headers into three `Headers` and its `Request` before fetch copies them once more; here
 * fetch builds its request from the plain object once. The headers object is the call's, so a new token
 * set on it by the retry hook goes out with the next attempt.
 *
 * The timeout replaces ky's (which races timers around fetch and again around the body read): each
 * attempt gets an abort signal (joined to the caller's with `AbortSignal.any`) and one timer, which runs
 * `timeout` ms for the response, then `timeout` ms again for its body, as ky's two timers did. When it
 * fires it aborts the attempt (fetch and body read stop) and rejects the step the call waits on with ky's
 * `TimeoutError`, so ky retries a timed-out attempt as before, even with a fetch that ignores the signal.
 * A `setTimeout`, not `AbortSignal.timeout()`: fake timers drive it, it is cleared when the call ends
 * instead of lingering until garbage collection, and Node restarts it in place (`refresh()`).
 */
export class Attempt {
  readonly #timeout: number;
  readonly #signal: AbortSignal | undefined;
  readonly #config: TransportConfig;
  readonly #url: string;
  readonly #method: string;
  readonly #headers: Record<string, string>;
  readonly #body: string | FormData | undefined;
  readonly #redirect: RequestRedirect | undefined;
  #controller: AbortController | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #request: Request | undefined;
  /** Rejects the step the call waits on (the response, then the body), when the timer fires. */
  #reject: ((error: unknown) => void) | undefined;
  #timedOut = false;

  constructor(
    config: TransportConfig,
    call: { url: string; method: string; headers: Record<string, string>; body: string | FormData | undefined; redirect?: RequestRedirect },
    timeout: number,
    signal: AbortSignal | undefined,
  ) {
    this.#config = config;
    this.#url = call.url;
    this.#method = call.method;
    this.#headers = call.headers;
    this.#body = call.body;
    this.#redirect = call.redirect;
    this.#timeout = timeout;
    this.#signal = signal;
  }

  /** ky's `fetch` for this call: one attempt, with a fresh signal and the timer started over. */
  readonly fetch = (input: KyInput, init?: RequestInit): Promise<Response> => {
    // ky passes the attempt's `Request` (kept for ky's `TimeoutError`) and any fetch-only options.
    this.#request = input as Request;
    this.#timedOut = false;
    const controller = (this.#controller = new AbortController());
    const attemptInit: RequestInit = {
      ...init,
      method: this.#method,
      headers: this.#headers,
      body: this.#body,
      signal: this.#signal ? AbortSignal.any([this.#signal, controller.signal]) : controller.signal,
    };
    if (this.#redirect) attemptInit.redirect = this.#redirect;
    // Looked up per attempt, so an msw server started after the client still intercepts it.
    const fetch = this.#config.fetch ?? globalThis.fetch;
    return new Promise<Response>((resolve, reject) => {
      this.#reject = reject;
      this.#start();
      fetch(this.#url, attemptInit).then((response) => {
        if (this.#timedOut) return;
        // The body gets its own `timeout`, from now.
        this.#reject = undefined;
        this.#start();
        resolve(response);
      }, reject);
    });
  };

  /** (Re)starts the timer: in place where the runtime can (Node's `refresh()`), else a new one. */
  #start(): void {
    const timer = this.#timer;
    if (typeof timer === 'object' && typeof timer.refresh === 'function') {
      timer.refresh();
    } else {
      clearTimeout(timer);
      this.#timer = setTimeout(expire, this.#timeout, this);
    }
  }

  /** `read` (of the last response's body), rejected with ky's `TimeoutError` if the timer fires first. */
  guard<T>(read: Promise<T>): Promise<T> {
    const timedOut = this.timeoutError();
    if (timedOut) {
      read.catch(() => undefined);
      return Promise.reject(timedOut);
    }
    return new Promise<T>((resolve, reject) => {
      this.#reject = reject;
      read.then(resolve, reject);
    });
  }

  /** Called by the timer. */
  expire(): void {
    this.#timer = undefined;
    this.#timedOut = true;
    this.#controller?.abort(new DOMException('The attempt timed out.', 'TimeoutError'));
    const reject = this.#reject;
    this.#reject = undefined;
    if (reject) reject(this.timeoutError());
  }

  /** ky's `TimeoutError` when the last attempt timed out (a failed body read is then its consequence). */
  timeoutError(): KyTimeoutError | undefined {
    return this.#timedOut && this.#request ? new KyTimeoutError(this.#request) : undefined;
  }

  /** The call is over: no timer is left behind. */
  end(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#reject = undefined;
  }
}

function expire(attempt: Attempt): void {
  attempt.expire();
}
