// API keys: create (name, optional per-minute limit), the new key shown once with a copy button, the list,
// and revocation behind a confirmation.
import type { RequestBody } from '@screening/client';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { ApiKeyView, CreatedKey } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { CopyButton } from '../components/CopyButton.tsx';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field } from '../components/Field.tsx';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { formatDateTime } from '../format.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useCursorPages, type FetchPage } from '../hooks/use-cursor-pages.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';

export function KeysPage() {
  useDocumentTitle('API keys');
  const { api } = useApp();
  const [name, setName] = useState('');
  const [limit, setLimit] = useState('');
  const [created, setCreated] = useState<CreatedKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [status, setStatus] = useState('');
  const creating = useApiCall();
  const revocation = useApiCall();
  const createdRef = useRef<HTMLDivElement>(null);
  // The new key takes focus as soon as it is shown, so it can be copied straight away.
  useFocusOnChange(createdRef, created);
  // Every key in one answer: a single page.
  const fetchPage = useCallback<FetchPage<ApiKeyView>>(
    async (_after, signal) => ({
      items: (await api.data(api.call.GET('/api/keys', { signal }))).keys,
      next: null,
    }),
    [api],
  );
  const listing = useCursorPages(fetchPage);
  const keys = listing.items;

  const create = (e: FormEvent) => {
    e.preventDefault();
    if (creating.busy) return;
    // Changes are not given the call's signal: once asked for, a key is created or revoked even if another
    // revocation follows at once or the analyst leaves the page.
    void creating.run(async () => {
      const body: RequestBody<'createApiKey'> = { name: name.trim() };
      if (limit.trim()) body.rate_limit_per_minute = Number(limit);
      const k = await api.data(api.call.POST('/api/keys', { body }));
      setCreated(k);
      setName('');
      setLimit('');
      await listing.reload();
    });
  };

  const revoke = (k: ApiKeyView) => {
    setRevoking(null);
    void revocation.run(async () => {
      await api.data(api.call.DELETE('/api/keys/{id}', { params: { path: { id: k.id } } }));
      setStatus(`Key “${k.name}” revoked.`);
      if (created?.id === k.id) setCreated(null);
      await listing.reload();
    });
  };

  const error = listing.error ?? creating.error ?? revocation.error;
  const active = keys?.filter((k) => !k.revoked_at) ?? [];
  const revoked = keys?.filter((k) => k.revoked_at) ?? [];

  return (
    <>
      <h1>API keys</h1>
      <p className="lead">
        Programs send a key in the <code>x-api-key</code> header. Each key has its own per-minute budget.
      </p>
      <form className="panel" onSubmit={create} aria-labelledby="new-key-title">
        <h2 id="new-key-title">New key</h2>
        <div className="row">
          <Field id="key-name" label="Name">
            {(c) => (
              <input
                {...c}
                required
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
                placeholder="Onboarding service"
              />
            )}
          </Field>
          <Field
            id="key-limit"
            label="Requests per minute (optional)"
            hint="Leave empty for the server’s default. You may set any limit up to the default; only administrators may set one above it."
          >
            {(c) => (
              <input
                {...c}
                type="number"
                min={1}
                inputMode="numeric"
                value={limit}
                onChange={(e) => setLimit(e.target.value)}
              />
            )}
          </Field>
        </div>
        <div className="actions">
          {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */}
          <button type="submit" aria-disabled={creating.busy || undefined}>
            {creating.busy ? 'Creating…' : 'Create key'}
          </button>
        </div>
      </form>
      <ErrorNotice error={error} />
      <p className="visually-hidden" role="status">
        {status}
      </p>
      {created && (
        <div
          className="panel created-key"
          ref={createdRef}
          tabIndex={-1}
          role="region"
          aria-labelledby="created-key-title"
        >
          <h2 id="created-key-title">Key “{created.name}” created</h2>
          <p>
            <strong>Copy it now: it will not be shown again.</strong> Only its prefix is kept on the server.
          </p>
          <div className="copy-row">
            <label htmlFor="created-key" className="visually-hidden">
              New API key
            </label>
            <input
              id="created-key"
              className="mono"
              readOnly
              value={created.key}
              onFocus={(e) => e.target.select()}
            />
            <CopyButton text={created.key} targetId="created-key" />
          </div>
          <button type="button" className="secondary" onClick={() => setCreated(null)}>
            I have stored it
          </button>
        </div>
      )}
      <section aria-labelledby="keys-title">
        <h2 id="keys-title">Your keys</h2>
        {keys === null && !error && <p>Loading…</p>}
        {keys !== null && active.length === 0 && <p>No active keys yet.</p>}
        {active.length > 0 && <KeysTable label="Your keys" keys={active} onRevoke={setRevoking} />}
        {revoked.length > 0 && (
          <details>
            <summary>Revoked keys ({revoked.length})</summary>
            <KeysTable label="Revoked keys" keys={revoked} />
          </details>
        )}
      </section>
      {revoking && (
        <ConfirmDialog
          title={`Revoke “${revoking.name}”?`}
          confirmLabel="Revoke key"
          onConfirm={() => revoke(revoking)}
          onCancel={() => setRevoking(null)}
        >
          <p>
            Programs using the key beginning <code>{revoking.prefix}</code> will be refused at once. This
            cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}

interface KeysTableProps {
  readonly label: string;
  readonly keys: ApiKeyView[];
  /** Given for active keys: each row gets a Revoke button. */
  readonly onRevoke?: (k: ApiKeyView) => void;
}

/** Keys one per row; on a phone one card per key, its Revoke button inside the card. */
function KeysTable({ label, keys, onRevoke }: KeysTableProps) {
  return (
    <ScrollBox label={label}>
      <table className="stack">
        <caption className="visually-hidden">{label}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Prefix</th>
            <th scope="col">Created</th>
            <th scope="col">Last used</th>
            <th scope="col">Limit per minute</th>
            <th scope="col">{onRevoke ? <span className="visually-hidden">Actions</span> : 'Revoked'}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k.id}>
              <td data-label="Name">{k.name}</td>
              <td data-label="Prefix" className="mono">
                {k.prefix}…
              </td>
              <td data-label="Created">{formatDateTime(k.created_at)}</td>
              <td data-label="Last used">
                {k.last_used_at ? formatDateTime(k.last_used_at) : <span className="muted">Never</span>}
              </td>
              <td data-label="Per minute">
                {k.rate_limit_per_minute ?? <span className="muted">Default</span>}
              </td>
              {onRevoke ? (
                <td>
                  <button
                    type="button"
                    className="danger small"
                    onClick={() => onRevoke(k)}
                    aria-label={`Revoke ${k.name}`}
                  >
                    Revoke
                  </button>
                </td>
              ) : (
                <td data-label="Revoked">{formatDateTime(k.revoked_at)}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
