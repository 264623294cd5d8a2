// The alert list: filters (status, open by default; list) as a form applied to the address, then one row per
// alert, those waiting on a decision first: status in words, the customer, the listed name and its list, the
// score, when raised. Each opens the alert to review. On a phone each alert is a card, the customer first.
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { ALERT_STATUSES, type AlertStatus, type AlertView } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field } from '../components/Field.tsx';
import { LoadMoreButton } from '../components/LoadMoreButton.tsx';
import { ScoreBar } from '../components/ScoreBar.tsx';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { formatDateTime } from '../format.ts';
import { useCursorPages, type FetchPage } from '../hooks/use-cursor-pages.ts';
import { Link } from '../router/Link.tsx';
import { navigate } from '../router/use-location.ts';
import {
  alertsHref,
  alertsQuery,
  ANY_STATUS,
  DEFAULT_ALERT_FILTERS,
  type AlertFilters,
} from './alert-filters.ts';
import { inboxOrder, statusLabel, statusTone } from './alert-words.ts';

const PAGE_SIZE = 100;

export function AlertInbox({ filters }: { filters: AlertFilters }) {
  const { api, listTitles } = useApp();
  const [draft, setDraft] = useState(filters);
  useEffect(() => setDraft(filters), [filters]);
  const [titles, setTitles] = useState<ReadonlyMap<string, string>>(new Map());

  useEffect(() => {
    let live = true;
    listTitles().then(
      (t) => live && setTitles(t),
      // Titles only decorate the filter and the rows; slugs are shown without them.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [listTitles]);

  const fetchPage = useCallback<FetchPage<AlertView>>(
    async (after, signal) => {
      const page = await api.data(
        api.call.GET('/api/v2/alerts', {
          params: { query: alertsQuery(filters, PAGE_SIZE, after) },
          signal,
        }),
      );
      return { items: page.alerts, next: page.next_cursor };
    },
    [api, filters],
  );
  const loading = useCursorPages(fetchPage);
  // Those waiting on a decision first, across every page read (the sort is stable).
  const alerts = useMemo(() => loading.items && inboxOrder(loading.items), [loading.items]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    navigate(alertsHref(draft));
  };
  const listName = (slug: string) => titles.get(slug) ?? slug;
  const what =
    filters.status === ANY_STATUS ? 'alerts' : `${statusLabel(filters.status).toLowerCase()} alerts`;

  return (
    <>
      <h1>Alerts</h1>
      <p className="lead">
        Each alert is a customer whose name matched a listed entry. Review it, then clear, confirm or escalate
        it with a reason.
      </p>
      <form className="panel filters" onSubmit={apply} aria-label="Filters">
        <div className="row">
          <Field id="alert-status" label="Status">
            {(c) => (
              <select
                {...c}
                value={draft.status}
                onChange={(e) =>
                  setDraft({ ...draft, status: e.target.value as AlertStatus | typeof ANY_STATUS })
                }
              >
                {ALERT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                    {s === DEFAULT_ALERT_FILTERS.status ? ' (to review)' : ''}
                  </option>
                ))}
                <option value={ANY_STATUS}>Any status (open first)</option>
              </select>
            )}
          </Field>
          <Field id="alert-list" label="List">
            {(c) => (
              <select
                {...c}
                value={draft.list}
                onChange={(e) => setDraft({ ...draft, list: e.target.value })}
              >
                <option value="">Every list</option>
                {[...titles].map(([slug, title]) => (
                  <option key={slug} value={slug}>
                    {title}
                  </option>
                ))}
                {draft.list && !titles.has(draft.list) && <option value={draft.list}>{draft.list}</option>}
              </select>
            )}
          </Field>
        </div>
        <div className="actions">
          <button
            type="button"
            className="secondary"
            disabled={alertsHref(filters) === alertsHref(DEFAULT_ALERT_FILTERS)}
            onClick={() => navigate(alertsHref(DEFAULT_ALERT_FILTERS))}
          >
            Reset
          </button>
          <button type="submit">Apply filters</button>
        </div>
      </form>
      <ErrorNotice error={loading.error} />
      {alerts === null && loading.busy && <p aria-live="polite">Loading…</p>}
      {alerts !== null && (
        <p className="summary-line" role="status">
          {alerts.length === 0
            ? `No ${what}${filters.list ? ` on ${listName(filters.list)}` : ''}.`
            : `${alerts.length.toLocaleString('en')}${loading.next ? '+' : ''} ${what}${filters.list ? ` on ${listName(filters.list)}` : ''}`}
        </p>
      )}
      {alerts !== null && alerts.length > 0 && (
        <ScrollBox label="Alerts">
          <table className="stack alerts">
            <caption className="visually-hidden">Alerts, those waiting on a decision first</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Customer</th>
                <th scope="col">Listed name</th>
                <th scope="col">Score</th>
                <th scope="col">Raised</th>
                <th scope="col">
                  <span className="visually-hidden">Review</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {alerts.map((a) => (
                <tr key={a.id} className={a.status === 'open' ? 'row-hit' : undefined}>
                  <td data-label="Status" className="second">
                    <span className={`badge ${statusTone(a.status)}`}>{statusLabel(a.status)}</span>
                  </td>
                  <td data-label="Customer" className="first">
                    <div>{a.subject.name || <span className="muted">(customer removed)</span>}</div>
                    {a.subject.reference && <div className="muted small mono">{a.subject.reference}</div>}
                  </td>
                  <td data-label="Listed name">
                    <div>{a.match.name}</div>
                    <div className="muted small">{listName(a.match.list)}</div>
                  </td>
                  <td data-label="Score">
                    <ScoreBar score={a.match.match_score} />
                  </td>
                  <td data-label="Raised">{formatDateTime(a.created_at)}</td>
                  <td>
                    <Link
                      className="button-link"
                      href={alertsHref(filters, a.id)}
                      aria-label={`Review ${a.subject.name} against ${a.match.name}`}
                    >
                      Review
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <LoadMoreButton pages={loading} label="Load more alerts" />
    </>
  );
}
