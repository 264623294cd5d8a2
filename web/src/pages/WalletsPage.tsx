// Wallet screening, single or bulk, through bulk-wallet-search (the bearer path). Listed addresses come first,
// with why they are flagged and the party behind them, which opens in entry details.
import { useRef, useState, type FormEvent } from 'react';
import type { BulkWalletResponse, WalletResult } from '../api/types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Field } from '../components/Field.tsx';
import { downloadFile, stampedName } from '../csv/download-file.ts';
import { toCsv } from '../csv/to-csv.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useDraft } from '../hooks/use-draft.ts';

const splitAddresses = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((a) => a.trim())
    .filter(Boolean);

export function WalletsPage() {
  useDocumentTitle('Screen wallets');
  const { api, openEntry } = useApp();
  const [text, setText] = useDraft('wallets.text', '');
  const call = useApiCall();
  const [result, setResult] = useState<BulkWalletResponse | null>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);
  const count = splitAddresses(text).length;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const addresses = splitAddresses(text);
    if (addresses.length === 0) {
      call.fail(new Error('Enter at least one address.'));
      return;
    }
    void call.run(async (signal) => {
      // Newline-separated: the API accepts commas or newlines, and addresses never contain either.
      const res = await api.request<BulkWalletResponse>('/api/v2/bulk-wallet-search', {
        body: { addresses: addresses.join('\n') },
        signal,
      });
      setResult(res);
      requestAnimationFrame(() => resultsRef.current?.focus());
    });
  };

  // Listed first; within each group the order submitted (the API keeps it).
  const rows: WalletResult[] = result
    ? [...result.results.filter((r) => r.listed), ...result.results.filter((r) => !r.listed)]
    : [];

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
          <button type="submit" disabled={call.busy}>
            {call.busy ? 'Checking…' : 'Check'}
          </button>
        </div>
      </form>
      <ErrorNotice error={call.error} />
      {result && (
        <section aria-labelledby="wallet-results">
          <div className="results-head">
            <h2 id="wallet-results" tabIndex={-1} ref={resultsRef}>
              Results
            </h2>
            <p className="summary-line" role="status">
              {result.summary.screened} screened · <strong>{result.summary.listed} listed</strong> ·{' '}
              {result.summary.clear} clear
            </p>
            <div className="actions">
              <button
                type="button"
                className="secondary"
                onClick={() =>
                  downloadFile(
                    stampedName('wallet-screening'),
                    toCsv(
                      [
                        'address',
                        'listed',
                        'network',
                        'info',
                        'entity_uid',
                        'entity_id',
                        'entity_name',
                        'entity_list',
                      ],
                      rows.map((r) => [
                        r.address,
                        r.listed,
                        r.network,
                        r.info,
                        r.entity_uid,
                        r.entity?.id,
                        r.entity?.name,
                        r.entity?.list,
                      ]),
                    ),
                  )
                }
              >
                Download CSV
              </button>
            </div>
            <p className="muted small">Usage record {result.api_usage_id}</p>
          </div>
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Wallet results, listed first</caption>
              <thead>
                <tr>
                  <th scope="col">Address</th>
                  <th scope="col">Status</th>
                  <th scope="col">Network</th>
                  <th scope="col">Why flagged</th>
                  <th scope="col">Entity</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={`${r.address}-${i}`} className={r.listed ? 'row-hit' : undefined}>
                    <td className="mono break">{r.address}</td>
                    <td>
                      <span className={`badge ${r.listed ? 'warn' : 'ok'}`}>
                        {r.listed ? 'Listed' : 'Clear'}
                      </span>
                    </td>
                    <td>{r.network ?? <span className="muted">—</span>}</td>
                    <td>{r.info ?? <span className="muted">—</span>}</td>
                    <td>
                      {r.entity ? (
                        <>
                          <button type="button" className="link" onClick={() => openEntry(r.entity!.name)}>
                            {r.entity.name}
                          </button>
                          <div className="muted small">
                            {r.entity.list} · {r.entity.source_uid}
                          </div>
                        </>
                      ) : r.listed ? (
                        <span className="muted">Listed on its own (no named party)</span>
                      ) : (
                        <span className="muted">—</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </>
  );
}
