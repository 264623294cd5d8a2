// One alert to review: the customer and the listed record side by side (stacked on a phone), why they matched
// (the score against the threshold, the token pairs), the decision buttons with the reason, and the history as a
// timeline. The alert answered by a decision replaces the one shown, so the new status and line appear at once.
import { useEffect, useRef, useState } from 'react';
import type { AlertDetail, Me } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Explanation } from '../components/Explanation.tsx';
import { fieldLabel, visibleFields } from '../components/entry-fields.ts';
import { FieldValue } from '../components/FieldValue.tsx';
import { ScoreBar } from '../components/ScoreBar.tsx';
import { formatDateTime } from '../format.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import { Link } from '../router/Link.tsx';
import { AlertDecisionForm } from './AlertDecisionForm.tsx';
import { alertsHref, type AlertFilters } from './alert-filters.ts';
import { AlertHistory } from './AlertHistory.tsx';
import { scoreWords, statusLabel, statusTone } from './alert-words.ts';

export function AlertDetailView({ id, filters }: { id: string; filters: AlertFilters }) {
  const { api, listTitles } = useApp();
  const [alert, setAlert] = useState<AlertDetail | null>(null);
  const [me, setMe] = useState<Me | null>(null);
  const [listTitle, setListTitle] = useState<string | null>(null);
  const [decided, setDecided] = useState<AlertDetail | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const loading = useApiCall();
  const { run } = loading;
  // Opening an alert puts focus on its heading, so a screen reader starts at what was opened.
  useFocusOnChange(headingRef, alert?.id ?? null);

  useEffect(() => {
    void run(async (signal) => {
      setAlert(await api.data(api.call.GET('/api/v2/alerts/{id}', { params: { path: { id } }, signal })));
    });
  }, [api, id, run]);

  useEffect(() => {
    // Who is signed in names "you" in the history; without it users are shown by id.
    api.data(api.call.GET('/api/auth/me')).then(setMe, () => undefined);
  }, [api]);

  useEffect(() => {
    if (!alert) return;
    let live = true;
    listTitles().then(
      (t) => live && setListTitle(t.get(alert.match.list) ?? null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [alert, listTitles]);

  const back = (
    <p>
      <Link href={alertsHref(filters)}>← Back to the alerts</Link>
    </p>
  );
  if (!alert)
    return (
      <>
        {back}
        <h1>Alert</h1>
        <ErrorNotice error={loading.error} />
        {loading.busy && <p aria-live="polite">Loading the alert…</p>}
      </>
    );

  const { subject, match, record } = alert;
  const listName = listTitle ?? match.list;
  return (
    <>
      {back}
      <div className="alert-head">
        <h1 tabIndex={-1} ref={headingRef}>
          {subject.name || 'A removed customer'} <span className="muted">and</span> {match.name}
        </h1>
        <span className={`badge large ${statusTone(alert.status)}`}>{statusLabel(alert.status)}</span>
      </div>
      <p className="muted small">
        Raised {formatDateTime(alert.created_at)} · last changed {formatDateTime(alert.updated_at)} · alert{' '}
        <span className="mono">{alert.id}</span>
      </p>
      <div className="compare">
        <section className="panel" aria-labelledby="compare-customer">
          <h2 id="compare-customer">Your customer</h2>
          <dl className="record">
            <div>
              <dt>Name</dt>
              <dd className="compared-name">{subject.name || <span className="muted">removed</span>}</dd>
            </div>
            <div>
              <dt>Reference</dt>
              <dd className="mono">{subject.reference ?? <span className="muted">—</span>}</dd>
            </div>
            <div>
              <dt>Customer id</dt>
              <dd className="mono">{subject.id}</dd>
            </div>
          </dl>
        </section>
        <section className="panel" aria-labelledby="compare-listed">
          <h2 id="compare-listed">Listed record</h2>
          <p className="muted small">
            {listName} (<span className="mono">{match.list}</span>), entry{' '}
            <span className="mono">{match.source_uid}</span>
          </p>
          {record === null ? (
            <div className="notice warn" role="note">
              This entry is no longer on the list. The alert is kept with its history.
            </div>
          ) : (
            <dl className="record">
              <div>
                <dt>Matched name</dt>
                <dd className="compared-name">{match.name}</dd>
              </div>
              {visibleFields(record).map(([field, value]) => (
                <div key={field}>
                  <dt title={field}>{fieldLabel(field)}</dt>
                  <dd>
                    <FieldValue value={value} />
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </section>
      </div>
      <section className="panel" aria-labelledby="why-title">
        <h2 id="why-title">Why it matched</h2>
        <p className="score-line">
          <ScoreBar score={match.match_score} />{' '}
          <span>{scoreWords(match.match_score, match.explanation)}</span>
        </p>
        {match.explanation === undefined || match.explanation === null ? (
          <p className="muted">No explanation was kept for this match.</p>
        ) : (
          <Explanation value={match.explanation} />
        )}
      </section>
      <AlertDecisionForm
        alert={alert}
        onDecided={(a) => {
          setAlert(a);
          setDecided(a);
        }}
      />
      <AlertHistory history={alert.history} me={me} decided={decided} />
    </>
  );
}
