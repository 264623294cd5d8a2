// One field of a published record, whatever its shape: lists become lists, nested objects become nested
// definition lists labelled in words, yes/no for flags, so every list's own fields read naturally without a
// per-list component.
import { fieldLabel, visibleFields } from './entry-fields.ts';

export function FieldValue({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="muted">—</span>;
  if (typeof value === 'boolean') return <span>{value ? 'yes' : 'no'}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="muted">none</span>;
    if (value.every((v) => typeof v !== 'object' || v === null))
      return <span>{value.map((v) => String(v)).join('; ')}</span>;
    return (
      <ul className="plain">
        {value.map((v, i) => (
          <li key={i}>
            <FieldValue value={v} />
          </li>
        ))}
      </ul>
    );
  }
  if (typeof value === 'object') {
    const entries = visibleFields(value as Record<string, unknown>).filter(
      ([, v]) => v !== null && v !== undefined && v !== '',
    );
    return (
      <dl className="nested">
        {entries.map(([k, v]) => (
          <div key={k}>
            <dt title={k}>{fieldLabel(k)}</dt>
            <dd>
              <FieldValue value={v} />
            </dd>
          </div>
        ))}
      </dl>
    );
  }
  if (typeof value === 'string' && /^https?:\/\//.test(value))
    return (
      <a href={value} target="_blank" rel="noreferrer noopener">
        {value}
      </a>
    );
  return <span>{String(value)}</span>;
}
