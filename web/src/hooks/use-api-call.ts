// The busy / error / try-again state of a page's API call, kept one way everywhere: a new run clears the last
// error and supersedes (aborts) the run before it, so a late answer to an old request never lands on the page.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** One kind of call a page makes (load, create, screen…), with what the page shows about it. */
export interface ApiCall {
  /** A run is in flight. */
  readonly busy: boolean;
  /** What the latest run (or `fail`) left to show, null when nothing went wrong. */
  readonly error: unknown;
  /**
   * Runs `work`, handing it a signal to pass on to the API client. It aborts when a newer run starts or the page
   * goes away; what an aborted run throws is dropped, anything else thrown becomes `error`.
   */
  readonly run: (work: (signal: AbortSignal) => Promise<void>) => Promise<void>;
  /** Shows a problem found before calling (an empty form, an unreadable file). */
  readonly fail: (error: unknown) => void;
}

export function useApiCall(): ApiCall {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const current = useRef<AbortController | null>(null);

  useEffect(() => () => current.current?.abort(), []);

  const run = useCallback(async (work: (signal: AbortSignal) => Promise<void>) => {
    current.current?.abort();
    const ctrl = new AbortController();
    current.current = ctrl;
    setBusy(true);
    setError(null);
    try {
      await work(ctrl.signal);
    } catch (err) {
      if (!ctrl.signal.aborted) setError(err);
    } finally {
      // A superseded run leaves busy to the run that replaced it.
      if (current.current === ctrl) {
        current.current = null;
        setBusy(false);
      }
    }
  }, []);

  const fail = useCallback((err: unknown) => setError(err), []);

  return useMemo(() => ({ busy, error, run, fail }), [busy, error, run, fail]);
}
