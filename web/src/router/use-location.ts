// A tiny history-API router: the dashboard has a handful of flat pages, which does not justify a routing library.
import { useSyncExternalStore } from 'react';

const EVENT = 'screening:navigate';

export function navigate(to: string, opts: { replace?: boolean } = {}): void {
  if (to === window.location.pathname + window.location.search) return;
  if (opts.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(EVENT));
}

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  window.addEventListener(EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(EVENT, onChange);
  };
};
// A string snapshot, so React compares by value; the store re-reads it after subscribing, which catches a
// navigation made by a child's effect before this hook's subscription existed.
const snapshot = () => window.location.pathname + window.location.search;

/** The current path and search, re-rendering on navigation and on the browser's back and forward. */
export function useLocation(): { path: string; search: string } {
  const href = useSyncExternalStore(subscribe, snapshot);
  const q = href.indexOf('?');
  return q < 0 ? { path: href, search: '' } : { path: href.slice(0, q), search: href.slice(q) };
}
