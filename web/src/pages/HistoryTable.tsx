// Usage records newest first, one row each, opening in place to the request and response the record holds.
import { Fragment, useState } from 'react';
import type { UsageRecord } from '../api/types.ts';
import { JsonBlock } from '../components/JsonBlock.tsx';
import { formatDateTime } from '../format.ts';

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
    <div className="table-wrap">
      <table className="history">
        <caption className="visually-hidden">Usage records, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Endpoint</th>
            <th scope="col">Search type</th>
            <th scope="col">Status</th>
            <th scope="col">Duration</th>
            <th scope="col">By</th>
            <th scope="col">
              <span className="visually-hidden">Details</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {records.map((r) => (
            <Fragment key={r.id}>
              <tr>
                <td>{formatDateTime(r.created_at)}</td>
                <td className="mono">{r.endpoint}</td>
                <td>{r.search_type ?? <span className="muted">—</span>}</td>
                <td>
                  <span className={`badge ${r.status < 400 ? 'ok' : r.status < 500 ? 'warn' : 'bad'}`}>
                    {r.status}
                  </span>
                </td>
                <td>{Math.round(r.duration_ms)} ms</td>
                <td>{who(r)}</td>
                <td>
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
                  <td colSpan={7}>
                    <p className="muted small">
                      Usage record {r.id} · request id {r.request_id} · {r.method}
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
          ))}
        </tbody>
      </table>
    </div>
  );
}
