// One screening's evidence, laid out to print: what was screened (the request), what was found (the response),
// against what (list versions, engine) and where the record sits in the tamper-evident usage chain.
import { useEffect, useState } from 'react';
import type { UsageEvidence } from '../api/api-types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { formatDateTime } from '../format.ts';
import { useApiCall } from '../hooks/use-api-call.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { Link } from '../router/Link.tsx';
import { useLocation } from '../router/use-location.ts';
import { endpointLabel } from './endpoint-labels.ts';
import { basisWords, chainWords, evidenceId, versionRow } from './evidence-view.ts';
import { outcomeWords } from './outcome-words.ts';

export function EvidencePage() {
  useDocumentTitle('Screening evidence');
  const { api } = useApp();
  const { search } = useLocation();
  const id = evidenceId(search);
  const [evidence, setEvidence] = useState<UsageEvidence | null>(null);
  const call = useApiCall();
  const { run } = call;

  useEffect(() => {
    setEvidence(null);
    if (id === null) return;
    void run(async (signal) => {
      setEvidence(
        await api.data(api.call.GET('/api/v2/usage/{id}/evidence', { params: { path: { id } }, signal })),
      );
    });
  }, [api, run, id]);

  const r = evidence?.record;
  const chain = evidence ? chainWords(evidence.chain) : null;
  return (
    <article className="evidence">
      <div className="page-head no-print">
        <Link href="/history">← History</Link>
        <button type="button" onClick={() => window.print()} disabled={!evidence}>
          Print
        </button>
      </div>
      <h1>Screening evidence</h1>
      {id === null && <p role="alert">This address names no usage record; open one from the History page.</p>}
      <ErrorNotice error={call.error} />
      {call.busy && <p role="status">Loading the record…</p>}
      {r && evidence && chain && (
        <>
          <dl className="facts">
            <div>
              <dt>Usage record</dt>
              <dd className="mono break">{r.id}</dd>
            </div>
            <div>
              <dt>Time</dt>
              <dd>{formatDateTime(r.created_at)}</dd>
            </div>
            <div>
              <dt>Call</dt>
              <dd>
                {endpointLabel(r.endpoint)} · HTTP {r.status}
              </dd>
            </div>
            <div>
              <dt>Outcome</dt>
              <dd>{outcomeWords(r).label}</dd>
            </div>
            <div>
              <dt>Engine version</dt>
              <dd className="mono">{r.engine_version ?? '—'}</dd>
            </div>
          </dl>

          <h2>Against what</h2>
          <p>{basisWords(r)}</p>
          {r.list_versions && r.list_versions.length > 0 && (
            <ScrollBox label="List versions">
              <table>
                <caption className="visually-hidden">List versions this screening ran against</caption>
                <thead>
                  <tr>
                    <th scope="col">List</th>
                    <th scope="col">Version</th>
                    <th scope="col">Data date</th>
                  </tr>
                </thead>
                <tbody>
                  {r.list_versions.map(versionRow).map((v) => (
                    <tr key={v.list}>
                      <td>{v.list}</td>
                      <td className="mono break">{v.version}</td>
                      <td>{v.dataDate}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}

          <h2>Usage chain</h2>
          <p>
            <span className={`badge ${chain.tone}`}>{chain.tone === 'ok' ? 'Intact' : 'Broken'}</span>{' '}
            {chain.text}
          </p>
          {evidence.chain && (
            <dl className="facts chain">
              <div>
                <dt>Batch</dt>
                <dd>
                  {evidence.chain.seq} ({evidence.chain.record_count}{' '}
                  {evidence.chain.record_count === 1 ? 'record' : 'records'}, committed{' '}
                  {formatDateTime(evidence.chain.committed_at)})
                </dd>
              </div>
              <div>
                <dt>Hash ({evidence.chain.form})</dt>
                <dd className="mono break">{evidence.chain.hash}</dd>
              </div>
              <div>
                <dt>Previous hash</dt>
                <dd className="mono break">{evidence.chain.prev_hash}</dd>
              </div>
            </dl>
          )}

          <h2>What was screened and found</h2>
          <div className="json-pair">
            <JsonBlock label="Request" value={r.request} />
            <JsonBlock label="Response" value={r.response} />
          </div>
        </>
      )}
    </article>
  );
}
