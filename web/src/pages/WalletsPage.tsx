// Wallet screening, single or bulk, through bulk-wallet-search (the bearer path): the form and the call; the
// results (listed first, invalid addresses never clear) are WalletResults.
import { useState, type FormEvent } from 'react';
import type { BulkWalletResponse } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field } from '../components/Field.tsx';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useDraft } from '../hooks/use-draft.ts';
import { WalletResults } from './WalletResults.tsx';

const splitAddresses = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((a) => a.trim())
    .filter(Boolean);

export function WalletsPage() {
  useDocumentTitle('Screen wallets');
  const { api } = useApp();
  const [text, setText] = useDraft('wallets.text', '');
  const call = useApiCall();
  const [result, setResult] = useState<BulkWalletResponse | null>(null);
  const count = splitAddresses(text).length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (call.busy) return;
    const addresses = splitAddresses(text);
    if (addresses.length === 0) {
      call.fail(new Error('Enter at least one address.'));
      return;
    }
    void call.run(async (signal) => {
      // Newline-separated: the API accepts commas or newlines, and addresses never contain either.
      const res = await api.data(
        api.call.POST('/api/v2/bulk-wallet-search', { body: { addresses: addresses.join('\n') }, signal }),
      );
      setResult(res);
    });
  };

  return (
    <>
      <h1>Screen wallets</h1>
      <form className="panel" onSubmit={submit}>
        <Field
          id="addresses"
          label="Addresses"
          hint="One address, or many separated by new lines or commas. Send each exactly as published: some chains are case-sensitive."
          hintFirst
        >
          {(c) => (
            <textarea
              {...c}
              rows={5}
              className="mono"
              spellCheck={false}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
        <div className="actions">
          <span className="muted" aria-live="polite">
            {count} {count === 1 ? 'address' : 'addresses'}
          </span>
          {/* aria-disabled, not disabled: a disabled button drops keyboard focus to the page. */}
          <button type="submit" aria-disabled={call.busy || undefined}>
            {call.busy ? 'Checking…' : 'Check'}
          </button>
        </div>
      </form>
      <ErrorNotice error={call.error} />
      {result && <WalletResults result={result} />}
    </>
  );
}
