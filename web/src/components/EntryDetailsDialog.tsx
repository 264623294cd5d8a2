// Entry details for an exact listed name, in a modal dialog: every list that holds the name, each record with
// that list's own fields. A native <dialog> gives focus containment and Escape to close for free.
import { useEffect, useRef, useState } from 'react';
import type { EntryDetailsResponse } from '../api/types.ts';
import { useApp } from '../app-context.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { ErrorNotice } from './ErrorNotice.tsx';
import { FieldValue } from './FieldValue.tsx';

export function EntryDetailsDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const { api } = useApp();
  const ref = useRef<HTMLDialogElement>(null);
  const [data, setData] = useState<EntryDetailsResponse | null>(null);
  const { error, run } = useApiCall();

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    // Focus returns to whatever opened the dialog when it closes.
    const opener = document.activeElement as HTMLElement | null;
    return () => opener?.focus?.();
  }, []);

  useEffect(() => {
    setData(null);
    void run(async (signal) => {
      setData(await api.request<EntryDetailsResponse>('/api/entry-details', { body: { name }, signal }));
    });
  }, [api, name, run]);

  const lists = data ? Object.entries(data.entryData) : [];
  return (
    <dialog ref={ref} className="entry-dialog" aria-labelledby="entry-title" onClose={onClose}>
      <div className="dialog-head">
        <h2 id="entry-title">{name}</h2>
        <button type="button" className="secondary" onClick={() => ref.current?.close()} autoFocus>
          Close
        </button>
      </div>
      <ErrorNotice error={error} />
      {!data && !error && <p aria-live="polite">Loading entry details…</p>}
      {data && lists.length === 0 && <p>No list holds this exact name any more.</p>}
      {data && lists.length > 0 && (
        <p className="muted">
          Held by {lists.length} {lists.length === 1 ? 'list' : 'lists'}, read from each source list directly.
        </p>
      )}
      {lists.map(([list, records]) => (
        <section key={list} className="entry-list" aria-label={`${list} records`}>
          <h3>
            {list}{' '}
            <span className="muted">
              ({records.length} {records.length === 1 ? 'record' : 'records'})
            </span>
          </h3>
          {records.map((rec, i) => (
            <dl key={i} className="record">
              {Object.entries(rec).map(([field, value]) => (
                <div key={field}>
                  <dt>{field}</dt>
                  <dd>
                    <FieldValue value={value} />
                  </dd>
                </div>
              ))}
            </dl>
          ))}
        </section>
      ))}
    </dialog>
  );
}
