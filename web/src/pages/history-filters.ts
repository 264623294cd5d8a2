// History filters live in the address (?endpoint=&status=&from=&to=) so a filtered view survives a reload and
// can be bookmarked; datetime-local values are the analyst's local time, sent to the API as ISO instants.
// No endpoint means every screening call (the API's kind=screening: no catalog or history reads); `all` means
// every call the API lists by default.
export interface HistoryFilters {
  readonly endpoint: string;
  readonly status: string;
  readonly from: string;
  readonly to: string;
}

/** The endpoint filter's value for every call, catalog reads included. */
export const ALL_CALLS = 'all';

export const STATUSES = ['200', '400', '401', '403', '404', '413', '415', '429', '500', '502', '503', '504'];

export function filtersFromSearch(search: string): HistoryFilters {
  const q = new URLSearchParams(search);
  return {
    endpoint: q.get('endpoint') ?? '',
    status: q.get('status') ?? '',
    from: q.get('from') ?? '',
    to: q.get('to') ?? '',
  };
}

export function filtersToSearch(f: HistoryFilters): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v) q.set(k, v);
  const s = q.toString();
  return s ? `?${s}` : '';
}

const toIso = (local: string) => {
  if (!local) return undefined;
  const d = new Date(local);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
};

/** The query of GET /api/v2/usage for these filters. */
export function usageQuery(f: HistoryFilters, limit: number, before?: string) {
  return {
    limit,
    before,
    kind: f.endpoint ? undefined : ('screening' as const),
    endpoint: f.endpoint && f.endpoint !== ALL_CALLS ? f.endpoint : undefined,
    status: f.status ? Number(f.status) : undefined,
    from: toIso(f.from),
    to: toIso(f.to),
  };
}
