import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { html } from './html.js';

export interface Loaded<T> {
  data: T | undefined;
  error: string | undefined;
  reload: () => Promise<void>;
}

/**
 * `load()`'s result, loaded when `deps` change and again every `everyMs` when given (the live views poll:
 * MOCK-37); a failure keeps the last data and says why.
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], everyMs?: number): Loaded<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const latest = useRef(load);
  latest.current = load;
  // Bumped when the deps change: an answer to an older request, arriving late, is dropped.
  const generation = useRef(0);
  const reload = useCallback(async () => {
    const asked = generation.current;
    try {
      const answer = await latest.current();
      if (asked !== generation.current) return;
      setData(answer);
      setError(undefined);
    } catch (failure) {
      if (asked === generation.current) setError((failure as Error).message);
    }
  }, []);
  useEffect(() => {
    // New deps (another module, another filter): the old answer is not shown as theirs.
    generation.current++;
    setData(undefined);
    void reload();
    if (everyMs === undefined) return;
    const timer = setInterval(() => void reload(), everyMs);
    return () => clearInterval(timer);
  }, deps);
  return { data, error, reload };
}

/** An action's button state: runs `act`, then `after`, and shows a failure beside the button. */
export function useAction(after?: () => unknown): {
  busy: boolean;
  error: string | undefined;
  run: (act: () => Promise<unknown>) => Promise<void>;
} {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  const run = async (act: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await act();
      setError(undefined);
      await after?.();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** A failure, read out by screen readers as it appears. */
export const ErrorLine = ({ error }: { error: string | undefined }) => (error ? html`<p class="error" role="alert">${error}</p>` : null);

/** JSON as the page shows it: indented, in a scrollable block. */
export const Json = ({ value, label }: { value: unknown; label: string }) =>
  html`<pre class="json" tabindex="0" aria-label=${label}>${JSON.stringify(value, null, 2)}</pre>`;

/** The hash's path after `#/` as segments (`#/books/ledger/acc_1` -> books, ledger, acc_1), kept up to date. */
export function useHashPath(): string[] {
  const read = () => location.hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeURIComponent);
  const [path, setPath] = useState(read);
  useEffect(() => {
    const onHash = () => setPath(read());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  return path;
}
