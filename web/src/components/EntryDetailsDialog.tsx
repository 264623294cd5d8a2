// Entry details for an exact listed name, in a modal dialog: every list that holds the name (by its title, the
// slug beside it), each record with that list's own fields labelled in words, internal bookkeeping left out.
// A native <dialog> gives focus containment and Escape to close for free.
import { useEffect, useRef, useState } from 'react';
import type { EntryDetailsResponse } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { fieldLabel, visibleFields } from './entry-fields.ts';
import { ErrorNotice } from './ErrorNotice.tsx';
import { FieldValue } from './FieldValue.tsx';

export function EntryDetailsDialog({ name, onClose }: { name: string; onClose: () => void }) {
  const { api, listTitles } = useApp();
  const ref = useRef<HTMLDialogElement>(null);
  const [data, setData] = useState<EntryDetailsResponse | null>(null);
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(new Map());
  const { error, run } = useApiCall();

  useEffect(() => {
    let live = true;
    listTitles().then(
      (t) => live && setTitles(t),
      // Titles only decorate the dialog; the slugs are shown without them.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [listTitles]);

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
      setData(await api.data(api.call.POST('/api/entry-details', { body: { name }, signal })));
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
        <section key={list} className="entry-list" aria-label={`${titles.get(list) ?? list} records`}>
          <h3>
            {titles.get(list) ?? list}{' '}
            <span className="muted">
              (<span className="mono">{list}</span>, {records.length}{' '}
              {records.length === 1 ? 'record' : 'records'})
            </span>
          </h3>
          {records.map((rec, i) => (
            <dl key={i} className="record">
              {visibleFields(rec).map(([field, value]) => (
                <div key={field}>
                  <dt title={field}>{fieldLabel(field)}</dt>
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
