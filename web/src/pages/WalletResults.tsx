// Wallet screening results: the counts (invalid addresses apart, never counted clear), the CSV download, then one
// row per address, listed first, with why it is flagged and the party behind it (which opens entry details). On a
// phone each address is a card, its status and entity first. Each new result takes focus at its heading.
import { useRef } from 'react';
import type { BulkWalletResponse } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { downloadFile, stampedName } from '../csv/download-file.ts';
import { toCsv } from '../csv/to-csv.ts';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import {
  sortWalletResults,
  WALLETS_CSV_HEADER,
  walletsCsvRows,
  walletStatus,
  type WalletStatus,
} from './wallet-results.ts';

const BADGE: Record<WalletStatus, { className: string; label: string }> = {
  listed: { className: 'hit', label: 'Listed' },
  invalid: { className: 'error', label: 'Invalid' },
  clear: { className: 'ok', label: 'Clear' },
};

export function WalletResults({ result }: { result: BulkWalletResponse }) {
  const { openEntry } = useApp();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(headingRef, result);
  const rows = sortWalletResults(result.results);
  const invalid = result.summary.invalid ?? rows.filter((r) => walletStatus(r) === 'invalid').length;

  return (
    <section aria-labelledby="wallet-results">
      <div className="results-head">
        <h2 id="wallet-results" tabIndex={-1} ref={headingRef}>
          Results
        </h2>
        <p className="summary-line" role="status">
          {result.summary.screened} screened · <strong>{result.summary.listed} listed</strong> ·{' '}
          {result.summary.clear} clear
          {invalid > 0 && (
            <>
              {' '}
              · <strong>{invalid} invalid (not screened)</strong>
            </>
          )}
        </p>
        <div className="actions">
          <button
            type="button"
            className="secondary"
            onClick={() =>
              downloadFile(stampedName('wallet-screening'), toCsv(WALLETS_CSV_HEADER, walletsCsvRows(rows)))
            }
          >
            Download CSV
          </button>
        </div>
        <p className="muted small">Usage record {result.api_usage_id}</p>
      </div>
      <ScrollBox label="Wallet results">
        <table className="stack">
          <caption className="visually-hidden">Wallet results, listed first</caption>
          <thead>
            <tr>
              <th scope="col">Status</th>
              <th scope="col">Address</th>
              <th scope="col">Entity</th>
              <th scope="col">Why flagged</th>
              <th scope="col">Network</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => {
              const status = walletStatus(r);
              return (
                <tr
                  key={`${r.address}-${i}`}
                  className={status === 'clear' ? undefined : `row-${status === 'listed' ? 'hit' : status}`}
                >
                  <td data-label="Status">
                    <span className={`badge ${BADGE[status].className}`}>{BADGE[status].label}</span>
                  </td>
                  <td data-label="Address" className="mono break">
                    {r.address}
                  </td>
                  <td data-label="Entity">
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
                  <td data-label={status === 'invalid' ? 'Why invalid' : 'Why flagged'}>
                    {r.info ?? <span className="muted">—</span>}
                  </td>
                  <td data-label="Network">{r.network ?? <span className="muted">—</span>}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
