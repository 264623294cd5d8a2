// The deliveries to one endpoint, newest first: the event, where it stands in words, every attempt (the status
// code or why no answer came, and how long it took), the next retry, and a Retry button that sends it now.
import { useCallback, useState } from 'react';
import type { WebhookDelivery, WebhookView } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { LoadMoreButton } from '../components/LoadMoreButton.tsx';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { formatDateTime } from '../format.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useCursorPages, type FetchPage } from '../hooks/use-cursor-pages.ts';
import { attemptWords, deliveryStatus } from './webhook-words.ts';

const PAGE_SIZE = 50;

export function WebhookDeliveries({ webhook }: { webhook: WebhookView }) {
  const { api } = useApp();
  const [status, setStatus] = useState('');
  const retrying = useApiCall();
  const fetchPage = useCallback<FetchPage<WebhookDelivery>>(
    async (after, signal) => {
      const page = await api.data(
        api.call.GET('/api/v2/webhooks/{id}/deliveries', {
          params: { path: { id: webhook.id }, query: { limit: PAGE_SIZE, cursor: after } },
          signal,
        }),
      );
      return { items: page.deliveries, next: page.next_cursor };
    },
    [api, webhook.id],
  );
  const loading = useCursorPages(fetchPage);
  const deliveries = loading.items;

  const retry = (d: WebhookDelivery) =>
    void retrying.run(async () => {
      await api.data(
        api.call.POST('/api/v2/webhooks/{id}/deliveries/{deliveryId}/retry', {
          params: { path: { id: webhook.id, deliveryId: d.id } },
        }),
      );
      setStatus(`The ${d.type} delivery is being sent again. Reload to see the attempt.`);
      await loading.reload();
    });

  return (
    <section className="deliveries" aria-labelledby="deliveries-title">
      <div className="page-head">
        <h2 id="deliveries-title">
          Deliveries to <span className="mono break">{webhook.url}</span>
        </h2>
        <button
          type="button"
          className="secondary"
          onClick={() => void loading.reload()}
          aria-disabled={loading.busy || undefined}
        >
          Reload deliveries
        </button>
      </div>
      <ErrorNotice error={loading.error ?? retrying.error} />
      <p className="muted small" role="status">
        {status}
      </p>
      {deliveries !== null && deliveries.length === 0 && (
        <p>Nothing has been sent to this endpoint yet. Events are delivered as they happen.</p>
      )}
      {deliveries !== null && deliveries.length > 0 && (
        <ScrollBox label="Deliveries">
          <table className="stack">
            <caption className="visually-hidden">Deliveries, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">Next retry</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((d) => {
                const s = deliveryStatus(d);
                return (
                  <tr key={d.id} className={d.status === 'failed' ? 'row-failed' : undefined}>
                    <td data-label="Event" className="first">
                      <div className="mono">{d.type}</div>
                      <div className="muted small">queued {formatDateTime(d.created_at)}</div>
                    </td>
                    <td data-label="Status" className="second">
                      <span className={`badge ${s.tone}`}>{s.label}</span>
                      {d.delivered_at && <div className="muted small">{formatDateTime(d.delivered_at)}</div>}
                    </td>
                    <td data-label="Attempts" className="wide">
                      {d.attempts.length === 0 ? (
                        <span className="muted">None yet</span>
                      ) : (
                        <ol className="attempts">
                          {d.attempts.map((a, i) => (
                            <li key={i}>
                              <span
                                className={
                                  a.status_code !== null && a.status_code < 300 ? 'ok-text' : 'error-text'
                                }
                              >
                                {attemptWords(a)}
                              </span>{' '}
                              <span className="muted small">{formatDateTime(a.at)}</span>
                            </li>
                          ))}
                        </ol>
                      )}
                    </td>
                    <td data-label="Next retry">
                      {d.status === 'pending' && d.next_attempt_at ? (
                        formatDateTime(d.next_attempt_at)
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                    <td>
                      <button
                        type="button"
                        className="secondary small"
                        aria-disabled={retrying.busy || undefined}
                        onClick={() => !retrying.busy && retry(d)}
                        aria-label={`Retry now: ${d.type}, queued ${formatDateTime(d.created_at)}`}
                      >
                        Retry now
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <LoadMoreButton pages={loading} label="Load older deliveries" />
    </section>
  );
}
