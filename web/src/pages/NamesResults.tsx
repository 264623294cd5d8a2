// The results of a names screening: the counts, "only names with matches", the CSV download, any names sent
// reordered, then one group per screened name, a hundred at a time. Each new result takes focus at its heading.
import { useRef, useState } from 'react';
import { downloadFile, stampedName } from '../csv/download-file.ts';
import { toCsv } from '../csv/to-csv.ts';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import { NameGroupView } from './NameGroupView.tsx';
import { describeQualifiers } from './qualifier-fields.ts';
import {
  countStatuses,
  NAMES_CSV_HEADER,
  namesCsvRows,
  type NameGroup,
  type NamesResult,
} from './names-results.ts';

// Rendering thousands of groups at once makes the page sluggish; more are shown on request.
const PAGE = 100;

export function NamesResults({ result }: { result: NamesResult }) {
  const [onlyHits, setOnlyHits] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useFocusOnChange(headingRef, result);
  const { groups } = result;
  const withHits = groups.filter((g) => g.totalMatches > 0 && g.error === null);
  const counts = countStatuses(groups);

  return (
    <section aria-labelledby="names-results">
      <div className="results-head">
        <h2 id="names-results" tabIndex={-1} ref={headingRef}>
          Results
        </h2>
        <p className="summary-line" role="status">
          {groups.length} {groups.length === 1 ? 'name' : 'names'} ·{' '}
          <strong>{counts.hit} with matches</strong> · {counts.clear} clear
          {counts['not-screened'] > 0 && (
            <>
              {' '}
              · <strong>{counts['not-screened']} not screened</strong>
            </>
          )}{' '}
          <span className="muted">({result.type.replace(/_/g, ' ')})</span>
        </p>
        <div className="actions">
          <label className="check">
            <input type="checkbox" checked={onlyHits} onChange={(e) => setOnlyHits(e.target.checked)} /> Only
            names with matches
          </label>
          <button
            type="button"
            className="secondary"
            onClick={() =>
              downloadFile(stampedName('name-screening'), toCsv(NAMES_CSV_HEADER, namesCsvRows(groups)))
            }
          >
            Download CSV
          </button>
        </div>
        <p className="muted small">Usage record {result.usageId}</p>
      </div>
      {(result.qualifiers || result.fileQualifiers) && (
        <div className="notice info" role="note">
          {result.qualifiers &&
            `Qualifiers applied to every name: ${describeQualifiers(result.qualifiers)}${result.fileQualifiers ? ', where its row of the file does not give its own' : ''}. `}
          {result.fileQualifiers &&
            `${result.fileQualifiers.names} ${result.fileQualifiers.names === 1 ? 'name' : 'names'} screened with qualifiers from ${result.fileQualifiers.fileName}. `}
          Scores are lowered where a list&rsquo;s published facts contradict them, and matches falling under
          the threshold are left out.{' '}
          {result.explained
            ? 'Each explanation shows every check and its effect.'
            : 'Tick “Explain each match” to see every check and its effect.'}
        </div>
      )}
      {result.rewritten.length > 0 && (
        <div className="notice info" role="note">
          Commas split names in bulk screening, so these were sent reordered:{' '}
          {result.rewritten.map((r) => `“${r.from}” as “${r.to}”`).join('; ')}.
        </div>
      )}
      {/* Keyed by the call: a new screening starts again at the first hundred. */}
      <PagedGroups key={result.usageId} groups={onlyHits ? withHits : groups} />
    </section>
  );
}

function PagedGroups({ groups }: { groups: readonly NameGroup[] }) {
  const [shown, setShown] = useState(PAGE);
  const hidden = groups.length - Math.min(shown, groups.length);
  return (
    <>
      {groups.slice(0, shown).map((g) => (
        <NameGroupView key={g.index} group={g} />
      ))}
      {hidden > 0 && (
        <button type="button" className="secondary" onClick={() => setShown((n) => n + PAGE)}>
          Show {Math.min(PAGE, hidden)} more of {hidden}
        </button>
      )}
    </>
  );
}
