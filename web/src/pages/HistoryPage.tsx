// The caller's screening history: usage records newest first (screening calls unless asked otherwise), each with
// what it screened and what it found, filtered by call, time and status, opening to the request and response it
// recorded, with a CSV export of everything that matches.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { UsageRecord } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { downloadFile, stampedName } from '../csv/download-file.ts';
import { toCsv } from '../csv/to-csv.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useLocation } from '../router/use-location.ts';
import { HistoryFilterForm } from './HistoryFilterForm.tsx';
import { collectUsage, exportSummary, HISTORY_CSV_HEADER, historyCsvRows } from './history-export.ts';
import { filtersFromSearch, usageQuery } from './history-filters.ts';
import { HistoryTable } from './HistoryTable.tsx';

const PAGE_SIZE = 50;
const EXPORT_PAGE = 500;
// Past this many records the CLI or the API itself is the better tool for an export.
const EXPORT_MAX = 10_000;

export function HistoryPage() {
  useDocumentTitle('History');
  const { api } = useApp();
  const { search } = useLocation();
  const applied = useMemo(() => filtersFromSearch(search), [search]);
  const [records, setRecords] = useState<UsageRecord[] | null>(null);
  const [cursor, setCursor] = useState<string | null>(null);
  const [keyNames, setKeyNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [exportStatus, setExportStatus] = useState<string | null>(null);
  const loading = useApiCall();
  const exporting = useApiCall();
  const { run } = loading;

  const load = useCallback(
    (before?: string) =>
      run(async (signal) => {
        const page = await api.data(
          api.call.GET('/api/v2/usage', {
            params: { query: usageQuery(applied, PAGE_SIZE, before) },
            signal,
          }),
        );
        setRecords((prev) => (before && prev ? [...prev, ...page.records] : [...page.records]));
        setCursor(page.next_cursor);
      }),
    [api, applied, run],
  );

  useEffect(() => {
    void load();
  }, [load]);

  useEffect(() => {
    api.data(api.call.GET('/api/keys')).then(
      (r) => setKeyNames(new Map(r.keys.map((k) => [k.id, `${k.name} (${k.prefix}…)`]))),
      // Key names only decorate the table; the ids are shown without them.
      () => undefined,
    );
  }, [api]);

  const exportCsv = () =>
    exporting.run(async (signal) => {
      try {
        const collected = await collectUsage(
          (before) =>
            api.data(
              api.call.GET('/api/v2/usage', {
                params: { query: usageQuery(applied, EXPORT_PAGE, before) },
                signal,
              }),
            ),
          EXPORT_MAX,
          (n) => setExportStatus(`Collecting records… ${n}`),
        );
        downloadFile(
          stampedName('screening-history'),
          toCsv(HISTORY_CSV_HEADER, historyCsvRows(collected.records)),
        );
        setExportStatus(exportSummary(collected, EXPORT_MAX));
      } catch (err) {
        setExportStatus(null);
        throw err;
      }
    });

  return (
    <>
      <h1>History</h1>
      <HistoryFilterForm
        applied={applied}
        exporting={exporting.busy}
        exportStatus={exportStatus}
        onExport={() => void exportCsv()}
      />
      <ErrorNotice error={loading.error ?? exporting.error} />
      {records !== null && records.length === 0 && <p>No records match these filters.</p>}
      {/* Keyed by the filters: applying others folds every opened record. */}
      {records !== null && records.length > 0 && (
        <HistoryTable key={search} records={records} keyNames={keyNames} />
      )}
      {cursor && (
        <button type="button" className="secondary" disabled={loading.busy} onClick={() => void load(cursor)}>
          {loading.busy ? 'Loading…' : 'Load older records'}
        </button>
      )}
      {records === null && loading.busy && <p aria-live="polite">Loading…</p>}
    </>
  );
}
