import { AbortError } from './errors.js';

/** Waits `ms`, or rejects with an `AbortError` as soon as `signal` aborts; `what` names the wait in its message. */
export function pause(ms: number, signal: AbortSignal | undefined, what: string): Promise<void> {
  const aborted = () =>
    new AbortError({ code: 'ABORTED', message: `waiting for ${what} was aborted by its signal`, cause: signal!.reason });
  if (signal?.aborted) return Promise.reject(aborted());
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
