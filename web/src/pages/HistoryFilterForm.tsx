// The history's filters (endpoint, status, time) as a form whose draft becomes the address on "Apply filters",
// with Reset and the CSV export of everything the applied filters match.
import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../components/Field.tsx';
import { navigate } from '../router/use-location.ts';
import { ENDPOINT_LABELS } from './endpoint-labels.ts';
import { ALL_CALLS, filtersToSearch, STATUSES, type HistoryFilters } from './history-filters.ts';

interface Props {
  readonly applied: HistoryFilters;
  readonly exporting: boolean;
  /** Progress or outcome of the export, announced politely. */
  readonly exportStatus: string | null;
  readonly onExport: () => void;
}

export function HistoryFilterForm({ applied, exporting, exportStatus, onExport }: Props) {
  const [draft, setDraft] = useState<HistoryFilters>(applied);
  useEffect(() => setDraft(applied), [applied]);

  const set = (k: keyof HistoryFilters) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [k]: e.target.value });

  const apply = (e: FormEvent) => {
    e.preventDefault();
    navigate(`/history${filtersToSearch(draft)}`);
  };

  return (
    <form className="panel filters" onSubmit={apply} aria-label="Filters">
      <div className="row">
        <Field id="f-endpoint" label="Calls">
          {(c) => (
            <select {...c} value={draft.endpoint} onChange={set('endpoint')}>
              <option value="">All screening calls</option>
              <option value={ALL_CALLS}>Every call, list catalog reads too</option>
              {ENDPOINT_LABELS.map((e) => (
                <option key={e.path} value={e.path}>
                  {e.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="f-status" label="HTTP status">
          {(c) => (
            <select {...c} value={draft.status} onChange={set('status')}>
              <option value="">Any</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="f-from" label="From">
          {(c) => <input {...c} type="datetime-local" value={draft.from} onChange={set('from')} />}
        </Field>
        <Field id="f-to" label="Until">
          {(c) => <input {...c} type="datetime-local" value={draft.to} onChange={set('to')} />}
        </Field>
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
        <button type="button" className="secondary" onClick={onExport} disabled={exporting}>
          Export CSV
        </button>
        <button type="submit">Apply filters</button>
      </div>
      {exportStatus && (
        <p className="muted small" role="status">
          {exportStatus}
        </p>
      )}
    </form>
  );
}
