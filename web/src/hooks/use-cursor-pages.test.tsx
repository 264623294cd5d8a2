// useCursorPages rendered in a component (happy-dom) over a fake paged API: the first page on mount, "Load more"
// appending the page after the cursor until the last, a reload starting again, new filters reading from the first
// page with the older request's late answer kept off the page, and a failure shown.
// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useCursorPages, type CursorPage, type CursorPages, type FetchPage } from './use-cursor-pages.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A request the fake API has been asked, answered by the test. */
interface Asked {
  readonly filter: string;
  readonly cursor: string | undefined;
  readonly signal: AbortSignal;
  readonly answer: (page: CursorPage<string>) => void;
  readonly fail: (err: unknown) => void;
}

/** Renders the hook with a fetchPage made per filter; every request waits in `asked` for the test to answer. */
async function renderPages(filter: string) {
  const asked: Asked[] = [];
  const fetchers = new Map<string, FetchPage<string>>();
  const fetcherFor = (f: string) => {
    let fetch = fetchers.get(f);
    if (!fetch) {
      fetch = (cursor, signal) =>
        new Promise<CursorPage<string>>((answer, fail) =>
          asked.push({ filter: f, cursor, signal, answer, fail }),
        );
      fetchers.set(f, fetch);
    }
    return fetch;
  };
  const root = createRoot(document.createElement('div'));
  let latest: CursorPages<string> | null = null;
  function Probe({ f }: { f: string }) {
    latest = useCursorPages(fetcherFor(f));
    return null;
  }
  await act(async () => root.render(<Probe f={filter} />));
  return {
    asked,
    get pages(): CursorPages<string> {
      return latest!;
    },
    setFilter: (f: string) => act(async () => root.render(<Probe f={f} />)),
    /** Answers the latest request and lets React apply it. */
    answer: (page: CursorPage<string>) => act(async () => asked.at(-1)!.answer(page)),
  };
}

describe('useCursorPages', () => {
  it('reads the first page on mount and appends each next page until the last', async () => {
    const h = await renderPages('open');
    expect(h.asked.map((a) => a.cursor)).toEqual([undefined]);
    expect(h.pages).toMatchObject({ items: null, busy: true });

    await h.answer({ items: ['a1', 'a2'], next: 'c2' });
    expect(h.pages).toMatchObject({ items: ['a1', 'a2'], next: 'c2', busy: false });

    await act(async () => void h.pages.loadMore());
    expect(h.asked.map((a) => a.cursor)).toEqual([undefined, 'c2']);
    // The rows read so far stay while the next page is read.
    expect(h.pages).toMatchObject({ items: ['a1', 'a2'], busy: true });
    await h.answer({ items: ['a3'], next: null });
    expect(h.pages).toMatchObject({ items: ['a1', 'a2', 'a3'], next: null, busy: false });

    // After the last page there is nothing more to ask for.
    await act(async () => h.pages.loadMore());
    expect(h.asked).toHaveLength(2);
  });

  it('reloads from the first page, replacing the list when the answer comes', async () => {
    const h = await renderPages('open');
    await h.answer({ items: ['a1'], next: 'c2' });
    await act(async () => void h.pages.loadMore());
    await h.answer({ items: ['a2'], next: null });

    let done: Promise<void> = Promise.resolve();
    await act(async () => {
      done = h.pages.reload();
    });
    expect(h.asked.at(-1)!.cursor).toBeUndefined();
    expect(h.pages.items).toEqual(['a1', 'a2']);
    await act(async () => {
      h.asked.at(-1)!.answer({ items: ['a0', 'a1'], next: 'c3' });
      await done;
    });
    expect(h.pages).toMatchObject({ items: ['a0', 'a1'], next: 'c3', busy: false });
  });

  it('reads new filters from the first page, and keeps the older request’s late answer off the page', async () => {
    const h = await renderPages('open');
    const older = h.asked[0]!;
    await h.setFilter('cleared');
    expect(older.signal.aborted).toBe(true);
    const newer = h.asked.at(-1)!;
    expect(newer).toMatchObject({ filter: 'cleared', cursor: undefined });

    await act(async () => older.answer({ items: ['stale'], next: 'x' }));
    expect(h.pages.items).toBeNull();
    await act(async () => newer.answer({ items: ['c1'], next: null }));
    expect(h.pages).toMatchObject({ items: ['c1'], next: null, busy: false });
  });

  it('shows a failure, keeping what was read, until the next read clears it', async () => {
    const h = await renderPages('open');
    await h.answer({ items: ['a1'], next: 'c2' });
    await act(async () => void h.pages.loadMore());
    const failure = new Error('503 Service Unavailable');
    await act(async () => h.asked.at(-1)!.fail(failure));
    expect(h.pages).toMatchObject({ items: ['a1'], next: 'c2', busy: false, error: failure });

    await act(async () => void h.pages.loadMore());
    expect(h.pages.error).toBeNull();
    expect(h.asked.at(-1)!.cursor).toBe('c2');
  });
});
