// Usage records newest first, one row each: when, what was screened, what it found, which call and who made it,
// opening in place to the request and response the record holds. On a phone each record is a card, what was
// screened and its outcome first.
import { Fragment, useState } from 'react';
import type { UsageRecord } from '../api/api-types.ts';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { formatDateTime } from '../format.ts';
import { Link } from '../router/Link.tsx';
import { evidenceHref } from '../routes.ts';
import { endpointLabel, screenedThing } from './endpoint-labels.ts';
import { outcomeWords, subjectWords } from './outcome-words.ts';

interface Props {
  readonly records: readonly UsageRecord[];
  /** Key ids to "name (prefix…)"; a key missing here is shown by its id. */
  readonly keyNames: ReadonlyMap<string, string>;
}

export function HistoryTable({ records, keyNames }: Props) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());

  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const who = (r: UsageRecord) =>
    r.api_key_id === null ? 'Dashboard' : (keyNames.get(r.api_key_id) ?? `key ${r.api_key_id.slice(0, 8)}`);

  return (
    <ScrollBox label="Usage records">
      <table className="history stack">
        <caption className="visually-hidden">Usage records, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Screened</th>
            <th scope="col">Outcome</th>
            <th scope="col">Call</th>
            <th scope="col">By</th>
            <th scope="col">
              <span className="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => {
            const outcome = outcomeWords(r);
            const subject = subjectWords(r.subject);
            return (
              <Fragment key={r.id}>
                <tr>
                  <td data-label="Time">{formatDateTime(r.created_at)}</td>
                  <td data-label="Screened" className="first">
                    {subject ? (
                      <>
                        <span className={screenedThing(r.endpoint) === 'wallets' ? 'mono break' : undefined}>
                          {subject.text}
                        </span>
                        {subject.more && <span className="muted small"> {subject.more}</span>}
                      </>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                  <td data-label="Outcome" className="second">
                    <span className={`badge ${outcome.tone}`}>{outcome.label}</span>
                  </td>
                  <td data-label="Call">
                    {endpointLabel(r.endpoint)}
                    {/* The search type says something for names; for wallets and news it repeats the call. */}
                    {r.search_type && screenedThing(r.endpoint) === 'names' && (
                      <div className="muted small">{r.search_type.replace(/_/g, ' ')}</div>
                    )}
                  </td>
                  <td data-label="By">{who(r)}</td>
                  <td>
                    <Link
                      href={evidenceHref(r.id)}
                      className="small"
                      aria-label={`Evidence of the call at ${formatDateTime(r.created_at)}`}
                    >
                      Evidence
                    </Link>{' '}
                    <button
                      type="button"
                      className="secondary small"
                      aria-expanded={open.has(r.id)}
                      aria-controls={`rec-${r.id}`}
                      onClick={() => toggle(r.id)}
                    >
                      {open.has(r.id) ? 'Hide' : 'Details'}
                    </button>
                  </td>
                </tr>
                {open.has(r.id) && (
                  <tr id={`rec-${r.id}`} className="record-detail">
                    <td colSpan={6}>
                      <p className="muted small">
                        {r.method} <span className="mono">{r.endpoint}</span> · HTTP {r.status} ·{' '}
                        {Math.round(r.duration_ms)} ms · usage record {r.id} · request id {r.request_id}
                      </p>
                      {r.additional_call_info !== null && r.additional_call_info !== undefined && (
                        <JsonBlock label="Your reference" value={r.additional_call_info} />
                      )}
                      <div className="json-pair">
                        <JsonBlock label="Request" value={r.request} />
                        <JsonBlock label="Response" value={r.response} />
                      </div>
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </ScrollBox>
  );
}
