// The caller's screening history: usage records newest first, filtered by endpoint, time and status, each
// opening to the request and response it recorded, with a CSV export of everything that matches.
import { Fragment, useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import type { ApiKeyView, UsagePage, UsageRecord } from '../api/types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { downloadFile, stampedName } from '../csv/download-file.ts';
import { toCsv } from '../csv/to-csv.ts';
import { formatDateTime } from '../format.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { navigate, useLocation } from '../router/use-location.ts';
import {
  ENDPOINTS,
  filtersFromSearch,
  filtersToSearch,
  STATUSES,
  usageQuery,
  type HistoryFilters,
} from './history-filters.ts';

const PAGE_SIZE = 50;
const EXPORT_PAGE = 500;
// An export is paged through the API; past this many records the CLI or the API itself is the better tool.
const EXPORT_MAX = 10_000;

export function HistoryPage() {
  useDocumentTitle('History');
  const { api } = useApp();
  const { search } = useLocation();
  const applied = useMemo(() => filtersFromSearch(search), [search]);
  const [draft, setDraft] = useState<HistoryFilters>(applied);
  const [records, setRecords] = useState<UsageRecord[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [open, setOpen] = useState<Set<string>>(new Set());
  const [keyNames, setKeyNames] = useState<Map<string, string>>(new Map());
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [exporting, setExporting] = useState<string | null>(null);

  useEffect(() => setDraft(applied), [applied]);

  const load = useCallback(
    async (before?: string) => {
      setBusy(true);
      setError(null);
      try {
        const page = await api.request<UsagePage>('/api/v2/usage', {
          query: usageQuery(applied, PAGE_SIZE, before),
        });
        setRecords((prev) => (before && prev ? [...prev, ...page.records] : [...page.records]));
        setCursor(page.next_cursor);
      } catch (err) {
        setError(err);
      } finally {
        setBusy(false);
      }
    },
    [api, applied],
  );

  useEffect(() => {
    setOpen(new Set());
    void load();
  }, [load]);

  useEffect(() => {
    api.request<{ keys: ApiKeyView[] }>('/api/keys').then(
      (r) => setKeyNames(new Map(r.keys.map((k) => [k.id, `${k.name} (${k.prefix}…)`]))),
      // Key names only decorate the table; the ids are shown without them.
      () => undefined,
    );
  }, [api]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    navigate(`/history${filtersToSearch(draft)}`);
  };

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const exportCsv = async () => {
    setError(null);
    const all: UsageRecord[] = [];
    let before: string | undefined;
    try {
      do {
        setExporting(`Collecting records… ${all.length}`);
        const page = await api.request<UsagePage>('/api/v2/usage', {
          query: usageQuery(applied, EXPORT_PAGE, before),
        });
        all.push(...page.records);
        before = page.next_cursor ?? undefined;
      } while (before && all.length < EXPORT_MAX);
      downloadFile(
        stampedName('screening-history'),
        toCsv(
          [
            'id',
            'created_at',
            'endpoint',
            'method',
            'search_type',
            'status',
            'duration_ms',
            'api_key_id',
            'request_id',
            'additional_call_info',
            'request',
            'response',
          ],
          all.map((r) => [
            r.id,
            r.created_at,
            r.endpoint,
            r.method,
            r.search_type,
            r.status,
            r.duration_ms,
            r.api_key_id,
            r.request_id,
            r.additional_call_info,
            r.request,
            r.response,
          ]),
        ),
      );
      setExporting(
        before
          ? `Exported the newest ${all.length} records (the export stops at ${EXPORT_MAX}).`
          : `Exported ${all.length} records.`,
      );
    } catch (err) {
      setExporting(null);
      setError(err);
    }
  };

  const who = (r: UsageRecord) =>
    r.api_key_id === null ? 'Dashboard' : (keyNames.get(r.api_key_id) ?? `key ${r.api_key_id.slice(0, 8)}`);

  return (
    <>
      <h1>History</h1>
      <form className="panel filters" onSubmit={apply} aria-label="Filters">
        <div className="row">
          <div className="field">
            <label htmlFor="f-endpoint">Endpoint</label>
            <select
              id="f-endpoint"
              value={draft.endpoint}
              onChange={(e) => setDraft({ ...draft, endpoint: e.target.value })}
            >
              <option value="">All screening calls</option>
              {ENDPOINTS.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-status">Status</label>
            <select
              id="f-status"
              value={draft.status}
              onChange={(e) => setDraft({ ...draft, status: e.target.value })}
            >
              <option value="">Any</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="f-from">From</label>
            <input
              id="f-from"
              type="datetime-local"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="f-to">Until</label>
            <input
              id="f-to"
              type="datetime-local"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </div>
        </div>
        <div className="actions">
          <button
            type="button"
            className="secondary"
            onClick={() => navigate('/history')}
            disabled={!filtersToSearch(applied)}
          >
            Reset
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => void exportCsv()}
            disabled={exporting?.startsWith('Collecting')}
          >
            Export CSV
          </button>
          <button type="submit">Apply filters</button>
        </div>
        {exporting && (
          <p className="muted small" role="status">
            {exporting}
          </p>
        )}
      </form>
      <ErrorNotice error={error} />
      {records !== null && records.length === 0 && <p>No records match these filters.</p>}
      {records !== null && records.length > 0 && (
        <div className="table-wrap">
          <table className="history">
            <caption className="visually-hidden">Usage records, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Endpoint</th>
                <th scope="col">Search type</th>
                <th scope="col">Status</th>
                <th scope="col">Duration</th>
                <th scope="col">By</th>
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <Fragment key={r.id}>
                  <tr>
                    <td>{formatDateTime(r.created_at)}</td>
                    <td className="mono">{r.endpoint}</td>
                    <td>{r.search_type ?? <span className="muted">—</span>}</td>
                    <td>
                      <span className={`badge ${r.status < 400 ? 'ok' : r.status < 500 ? 'warn' : 'bad'}`}>
                        {r.status}
                      </span>
                    </td>
                    <td>{Math.round(r.duration_ms)} ms</td>
                    <td>{who(r)}</td>
                    <td>
                      <button
                        type="button"
                        className="secondary small"
                        aria-expanded={open.has(r.id)}
                        aria-controls={`rec-${r.id}`}
                        onClick={() => toggle(r.id)}
                      >
                        {open.has(r.id) ? 'Hide' : 'Details'}
                      </button>
                    </td>
                  </tr>
                  {open.has(r.id) && (
                    <tr id={`rec-${r.id}`} className="record-detail">
                      <td colSpan={7}>
                        <p className="muted small">
                          Usage record {r.id} · request id {r.request_id} · {r.method}
                        </p>
                        {r.additional_call_info !== null && r.additional_call_info !== undefined && (
                          <JsonBlock label="Your reference" value={r.additional_call_info} />
                        )}
                        <div className="json-pair">
                          <JsonBlock label="Request" value={r.request} />
                          <JsonBlock label="Response" value={r.response} />
                        </div>
                      </td>
                    </tr>
                  )}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {cursor && (
        <button type="button" className="secondary" disabled={busy} onClick={() => void load(cursor)}>
          {busy ? 'Loading…' : 'Load older records'}
        </button>
      )}
      {records === null && busy && <p aria-live="polite">Loading…</p>}
    </>
  );
}
