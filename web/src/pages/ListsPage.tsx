// The list catalog: every carried list with its record count and freshness, said as two things (when we last
// refreshed it, and the date the publisher put on the data). Lists that are stale, failed, never loaded or hold a
// version for review come first and stand out, because screening against them is incomplete or refused, or waits
// on an admin.
import { useCallback, useEffect, useState } from 'react';
import type { ListView } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { formatAge, formatDateTime } from '../format.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { catalogFreshness, listFreshness } from './list-freshness.ts';

// `fresh` means the last refresh worked, not that the data is new: the label says the former only.
const STATUS_LABEL: Record<string, string> = {
  fresh: 'Refreshed',
  stale: 'Stale',
  failed: 'Failed',
  never_loaded: 'Never loaded',
  held_for_review: 'Held for review',
  not_carried: 'Not carried',
};
const STATUS_ORDER: Record<string, number> = {
  failed: 0,
  never_loaded: 1,
  held_for_review: 2,
  stale: 3,
  fresh: 4,
  not_carried: 5,
};
// A "fresh" list whose last good refresh is older than this is worth a glance (refreshes run every few hours).
const OLD_AFTER_MS = 3 * 24 * 3600_000;

// A list this deployment does not carry is listed last with the reason; screening does not wait for it.
const carried = (l: ListView) => l.status !== 'not_carried';
const needsAttention = (l: ListView) => carried(l) && l.status !== 'fresh';

export function ListsPage() {
  useDocumentTitle('Lists');
  const { api } = useApp();
  const [lists, setLists] = useState<ListView[] | null>(null);
  const [loadedAt, setLoadedAt] = useState<number>(Date.now());
  const call = useApiCall();
  const { run } = call;

  const load = useCallback(
    () =>
      run(async (signal) => {
        const r = await api.data(api.call.GET('/api/v2/lists', { signal }));
        // Stable sort: problems first, otherwise the catalog's own order.
        setLists([...r.lists].sort((a, b) => (STATUS_ORDER[a.status] ?? 9) - (STATUS_ORDER[b.status] ?? 9)));
        setLoadedAt(Date.now());
      }),
    [api, run],
  );
  useEffect(() => {
    void load();
  }, [load]);

  const attention = lists?.filter(needsAttention) ?? [];
  const carriedLists = lists?.filter(carried) ?? [];
  const notCarried = (lists?.length ?? 0) - carriedLists.length;
  const total = carriedLists.reduce((n, l) => n + (l.record_count ?? 0), 0);

  return (
    <>
      <div className="page-head">
        <h1>Lists</h1>
        {/* It reads the catalog again; refreshing the lists themselves is the server's schedule. */}
        <button type="button" className="secondary" onClick={() => void load()}>
          Reload catalog
        </button>
      </div>
      <ErrorNotice error={call.error} />
      {lists && (
        <p className="summary-line" role="status">
          {carriedLists.length} lists · {total.toLocaleString()} records ·{' '}
          {attention.length === 0 ? (
            <span>all {catalogFreshness(carriedLists, loadedAt)}</span>
          ) : (
            <strong className="attention">
              {attention.length} {attention.length === 1 ? 'needs' : 'need'} attention
            </strong>
          )}
          <span className="muted small"> · catalog read {formatAge(new Date(loadedAt).toISOString())}</span>
          {notCarried > 0 && (
            <span className="muted small"> · {notCarried} registered lists not carried</span>
          )}
        </p>
      )}
      {attention.some((l) => l.status === 'failed' || l.status === 'never_loaded') && (
        <div className="notice warn" role="note">
          Name screening answers 503 until every carried list has loaded: a missing list is never reported as
          clear.
        </div>
      )}
      {lists && (
        <ScrollBox label="List catalog">
          <table className="lists stack">
            <caption className="visually-hidden">List catalog</caption>
            <thead>
              <tr>
                <th scope="col">List</th>
                <th scope="col">Status</th>
                <th scope="col">Refreshed and data date</th>
                <th scope="col" className="num">
                  Records
                </th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {lists.map((l) => {
                const old =
                  l.status === 'fresh' &&
                  l.last_success_at !== null &&
                  loadedAt - Date.parse(l.last_success_at) > OLD_AFTER_MS;
                return (
                  <tr key={l.slug} className={needsAttention(l) ? `row-${l.status}` : undefined}>
                    <td data-label="List">
                      <div className="list-title">{l.title}</div>
                      <div className="muted small">
                        <span className="mono">{l.slug}</span> · {l.publisher}
                        {l.legacy && ' · v1'}
                      </div>
                    </td>
                    <td data-label="Status">
                      <span className={`badge status-${l.status}`}>{STATUS_LABEL[l.status] ?? l.status}</span>
                    </td>
                    <td data-label="Freshness">
                      <span title={l.last_success_at ? formatDateTime(l.last_success_at) : undefined}>
                        {listFreshness(l, loadedAt)}
                      </span>
                      {old && <div className="small attention">Not refreshed for a while</div>}
                    </td>
                    <td data-label="Records" className="num">
                      {l.record_count === null ? '—' : l.record_count.toLocaleString()}
                    </td>
                    <td data-label="Notes">
                      {l.reason ? (
                        <span className="muted small">{l.reason}</span>
                      ) : l.last_error ? (
                        <span className="error-text">{l.last_error}</span>
                      ) : (
                        <span className="muted small">{l.cadence}</span>
                      )}
                      {l.held_version && (
                        <div className="small">
                          A new version ({l.held_version.record_count.toLocaleString()} records: −
                          {l.held_version.removed.toLocaleString()} +{l.held_version.added.toLocaleString()} ~
                          {l.held_version.changed.toLocaleString()}) is held for review:{' '}
                          {l.held_version.reason}. The previous version keeps serving until an admin accepts
                          or rejects version <span className="mono">{l.held_version.id}</span>.
                        </div>
                      )}
                      {l.status === 'stale' && (
                        <div className="small">
                          Serving the previous version (fetched {formatAge(l.fetched_at, loadedAt)}).
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {!lists && !call.error && <p aria-live="polite">Loading…</p>}
    </>
  );
}
