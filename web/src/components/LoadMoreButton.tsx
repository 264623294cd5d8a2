// The "Load more" button under a paged list (useCursorPages): shown while there is a next page, disabled and
// saying so while a page is being read.
import type { CursorPages } from '../hooks/use-cursor-pages.ts';

export function LoadMoreButton({ pages, label }: { pages: CursorPages<unknown>; label: string }) {
  if (!pages.next) return null;
  return (
    <button type="button" className="secondary" disabled={pages.busy} onClick={() => void pages.loadMore()}>
      {pages.busy ? 'Loading…' : label}
    </button>
  );
}
