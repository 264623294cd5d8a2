// Webhook endpoints: add one (its signing secret shown this once, with a copy button), the list with the events
// each takes, deleting behind a confirmation, and one endpoint's deliveries with their attempts and Retry.
import { useCallback, useRef, useState } from 'react';
import type { CreatedWebhook, WebhookView } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { formatDateTime } from '../format.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useCursorPages, type FetchPage } from '../hooks/use-cursor-pages.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import { WebhookDeliveries } from './WebhookDeliveries.tsx';
import { WebhookForm } from './WebhookForm.tsx';

export function WebhooksPage() {
  useDocumentTitle('Webhooks');
  const { api } = useApp();
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [shown, setShown] = useState<WebhookView | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [status, setStatus] = useState('');
  const deletion = useApiCall();
  const createdRef = useRef<HTMLDivElement>(null);
  // The secret takes focus as soon as it is shown, so it can be copied straight away.
  useFocusOnChange(createdRef, created);
  // At most 20 endpoints per account: one page holds them all.
  const fetchPage = useCallback<FetchPage<WebhookView>>(
    async (_after, signal) => {
      const r = await api.data(
        api.call.GET('/api/v2/webhooks', { params: { query: { limit: 100 } }, signal }),
      );
      return { items: r.webhooks, next: null };
    },
    [api],
  );
  const listing = useCursorPages(fetchPage);
  const webhooks = listing.items;

  const remove = (w: WebhookView) => {
    setDeleting(null);
    void deletion.run(async () => {
      await api.data(api.call.DELETE('/api/v2/webhooks/{id}', { params: { path: { id: w.id } } }));
      setStatus(`Endpoint ${w.url} deleted.`);
      if (shown?.id === w.id) setShown(null);
      if (created?.id === w.id) setCreated(null);
      await listing.reload();
    });
  };

  return (
    <>
      <h1>Webhooks</h1>
      <p className="lead">
        Your systems can be told of new and reopened alerts and list updates as they happen. Each delivery is
        signed with the endpoint’s secret and retried for 24 hours until it is accepted.
      </p>
      <WebhookForm
        onCreated={(w) => {
          setCreated(w);
          void listing.reload();
        }}
      />
      <ErrorNotice error={listing.error ?? deletion.error} />
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {created && (
        <div
          className="panel created-key"
          ref={createdRef}
          tabIndex={-1}
          role="region"
          aria-labelledby="created-webhook-title"
        >
          <h2 id="created-webhook-title">Endpoint added: its signing secret</h2>
          <p>
            <strong>Copy the secret now: you will not see it again.</strong> Your endpoint checks each
            delivery’s <code>Screening-Signature</code> header with it.
          </p>
          <div className="copy-row">
            <label htmlFor="created-secret" className="visually-hidden">
              Signing secret
            </label>
            <input
              id="created-secret"
              className="mono"
              readOnly
              value={created.secret}
              onFocus={(e) => e.target.select()}
            />
            <CopyButton text={created.secret} targetId="created-secret" what="Secret" />
          </div>
          <button type="button" className="secondary" onClick={() => setCreated(null)}>
            I have stored it
          </button>
        </div>
      )}
      <section aria-labelledby="webhooks-title">
        <h2 id="webhooks-title">Your endpoints</h2>
        {webhooks === null && !listing.error && <p>Loading…</p>}
        {webhooks !== null && webhooks.length === 0 && <p>No endpoints yet.</p>}
        {webhooks !== null && webhooks.length > 0 && (
          <ScrollBox label="Your endpoints">
            <table className="stack">
              <caption className="visually-hidden">Your endpoints</caption>
              <thead>
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col">Events</th>
                  <th scope="col">Added</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {webhooks.map((w) => (
                  <tr key={w.id}>
                    <td data-label="Address" className="first mono break">
                      {w.url}
                    </td>
                    <td data-label="Events" className="mono small">
                      {w.events.join(', ')}
                    </td>
                    <td data-label="Added">{formatDateTime(w.created_at)}</td>
                    <td className="nowrap">
                      <button
                        type="button"
                        className="secondary small"
                        aria-pressed={shown?.id === w.id}
                        onClick={() => setShown(shown?.id === w.id ? null : w)}
                        aria-label={`Deliveries to ${w.url}`}
                      >
                        Deliveries
                      </button>{' '}
                      <button
                        type="button"
                        className="danger small"
                        onClick={() => setDeleting(w)}
                        aria-label={`Delete ${w.url}`}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </section>
      {/* Keyed by the endpoint: another one starts from its own first page. */}
      {shown && <WebhookDeliveries key={shown.id} webhook={shown} />}
      {deleting && (
        <ConfirmDialog
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>
            Nothing more will be sent to <span className="mono break">{deleting.url}</span>, including
            deliveries still waiting to retry. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
