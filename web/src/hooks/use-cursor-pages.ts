// A list a page reads from the API a page at a time (alerts, customers, deliveries; keys and endpoints in one page):
// the first page on mount and again whenever `fetchPage` changes (new filters), "Load more" appending the page after
// the cursor, a reload after a change starting again from the first page. The list shown stays until the new first
// page arrives, and the busy / error / abort rules are useApiCall's, so a late answer never lands on the page.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApiCall } from './use-api-call.ts';

/** One page of a list as the API answers it: its items, and the cursor of the next page (null on the last). */
export interface CursorPage<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

/** Reads the page after `cursor` (the first page when undefined), passing `signal` on to the API client. */
export type FetchPage<T> = (cursor: string | undefined, signal: AbortSignal) => Promise<CursorPage<T>>;

/** The list read so far and how the page asks for more. */
export interface CursorPages<T> {
  /** Every item read so far, in the API's order; null until the first page arrives. */
  readonly items: T[] | null;
  /** The cursor of the next page; null when the last page has been read. */
  readonly next: string | null;
  readonly busy: boolean;
  readonly error: unknown;
  /** Reads the first page again, replacing the list when it arrives. */
  readonly reload: () => Promise<void>;
  /** Appends the next page; does nothing after the last. */
  readonly loadMore: () => Promise<void>;
}

/** `fetchPage` should be memoised (useCallback): each new function reads the list again from its first page. */
export function useCursorPages<T>(fetchPage: FetchPage<T>): CursorPages<T> {
  const [items, setItems] = useState<T[] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const call = useApiCall();
  const { run, busy, error } = call;

  const load = useCallback(
    (after?: string) =>
      run(async (signal) => {
        const page = await fetchPage(after, signal);
        // A superseded read that answered anyway (a fetcher that ignores the signal) never lands on the page.
        if (signal.aborted) return;
        setItems((prev) => (after && prev ? [...prev, ...page.items] : [...page.items]));
        setNext(page.next);
      }),
    [fetchPage, run],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const reload = useCallback(() => load(), [load]);
  const loadMore = useCallback(() => (next ? load(next) : Promise.resolve()), [load, next]);
  return useMemo(
    () => ({ items, next, busy, error, reload, loadMore }),
    [items, next, busy, error, reload, loadMore],
  );
}
