// Endpoints in words for the history: what a call did, not the path it was sent to. The screening endpoints come
// first, in the order the pages are; the catalog and history reads after them.

/** Each metered endpoint and what to call it. */
export const ENDPOINT_LABELS = [
  { path: '/api/v2/search', label: 'Name screening' },
  { path: '/api/v2/bulk-search', label: 'Names screening (bulk)' },
  { path: '/api/v2/wallet-search', label: 'Wallet screening' },
  { path: '/api/v2/bulk-wallet-search', label: 'Wallets screening (bulk)' },
  { path: '/api/v2/adverse-media-search', label: 'Adverse media screening' },
  { path: '/api/v2/adverse-media-search-raw', label: 'Adverse media search (unscored)' },
  { path: '/api/v1/search', label: 'Name screening (v1)' },
  { path: '/api/v1/bulk-search', label: 'Names screening (v1 bulk)' },
  { path: '/api/v2/lists', label: 'List catalog read' },
  { path: '/api/v2/usage', label: 'History read' },
] as const;

const BY_PATH: ReadonlyMap<string, string> = new Map(ENDPOINT_LABELS.map((e) => [e.path, e.label]));

/** What a call to this endpoint did, in words; an endpoint not known here is shown as its path. */
export const endpointLabel = (path: string): string => BY_PATH.get(path) ?? path;

/** Which kind of thing an endpoint screens, for the words of its outcome; null when it screens nothing. */
export type ScreenedThing = 'names' | 'wallets' | 'adverse-media' | 'adverse-media-raw';

export function screenedThing(path: string): ScreenedThing | null {
  if (/^\/api\/v[12]\/(bulk-)?search$/.test(path)) return 'names';
  if (/^\/api\/v2\/(bulk-)?wallet-search$/.test(path)) return 'wallets';
  if (path === '/api/v2/adverse-media-search') return 'adverse-media';
  if (path === '/api/v2/adverse-media-search-raw') return 'adverse-media-raw';
  return null;
}
