// Name screening: one name, a pasted list or a CSV upload, sent through bulk-search (the bearer path), with
// results grouped by name, a score bar and the explanation per match, entry details on click, and CSV export.
import { useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { BULK_SEARCH_TYPES, type BulkSearchResponse, type BulkSearchType } from '../api/types.ts';
import { useApp } from '../app-context.ts';
import { ErrorNotice } from '../components/ErrorNotice.tsx';
import { Explanation } from '../components/Explanation.tsx';
import { ScoreBar } from '../components/ScoreBar.tsx';
import { downloadFile, stampedName } from '../csv/download-file.ts';
import { prepareNames } from '../csv/names-to-request.ts';
import { readNamesCsv } from '../csv/read-names-csv.ts';
import { toCsv } from '../csv/to-csv.ts';
import { useDocumentTitle } from '../hooks/use-document-title.ts';
import { useDraft } from '../hooks/use-draft.ts';
import { groupRows, NAMES_CSV_HEADER, namesCsvRows, type NameGroup } from './names-results.ts';

const TYPE_HELP: Record<BulkSearchType, string> = {
  permissive_match: 'Permissive: wide matching, more candidates (default).',
  standard_match: 'Standard: a balance of recall and noise.',
  strict_match: 'Strict: fewest false positives; may miss spelling variants.',
};
// Rendering thousands of groups at once makes the page sluggish; more are shown on request.
const PAGE = 100;

export function NamesPage() {
  useDocumentTitle('Screen names');
  const { api } = useApp();
  const [text, setText] = useDraft('names.text', '');
  const [searchType, setSearchType] = useDraft<BulkSearchType>('names.type', 'permissive_match');
  const [explain, setExplain] = useDraft('names.explain', true);
  const [reference, setReference] = useDraft('names.reference', '');
  const [result, setResult] = useState<{ groups: NameGroup[]; usageId: string; type: string } | null>(null);
  const [rewritten, setRewritten] = useState<{ from: string; to: string }[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [onlyHits, setOnlyHits] = useState(false);
  const [shown, setShown] = useState(PAGE);
  const [fileNote, setFileNote] = useState<string | null>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const prepared = useMemo(() => prepareNames(text), [text]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (prepared.names.length === 0) {
      setError(new Error('Enter at least one name.'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const body: Record<string, unknown> = {
        names: prepared.names.join(', '),
        search_type: searchType,
        explain,
      };
      if (reference.trim()) body.additional_call_info = { reference: reference.trim() };
      const res = await api.request<BulkSearchResponse>('/api/v2/bulk-search', { body });
      setResult({ groups: groupRows(res.results), usageId: res.api_usage_id, type: res.param });
      setRewritten(prepared.rewritten);
      setShown(PAGE);
      // Move focus to the results so keyboard and screen reader users land on what they asked for.
      requestAnimationFrame(() => resultsRef.current?.focus());
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      const names = await readNamesCsv(file);
      // One name per line; a name holding a comma stays one line (see names-to-request.ts).
      setText(names.join('\n'));
      setFileNote(`${names.length} ${names.length === 1 ? 'name' : 'names'} read from ${file.name}.`);
    } catch (err) {
      setError(err);
    }
  };

  const groups = result?.groups ?? [];
  const withHits = groups.filter((g) => g.totalMatches > 0).length;
  const visible = (onlyHits ? groups.filter((g) => g.totalMatches > 0) : groups).slice(0, shown);
  const total = onlyHits ? withHits : groups.length;

  return (
    <>
      <h1>Screen names</h1>
      <form className="panel" onSubmit={(e) => void submit(e)}>
        <label htmlFor="names">Names</label>
        <p className="hint" id="names-hint">
          One name per line, or a single line separated by commas. Up to 10,000 names.
        </p>
        <textarea
          id="names"
          rows={6}
          aria-describedby="names-hint"
          value={text}
          onChange={(e) => setText(e.target.value)}
          placeholder={'Jane Doe\nAcme Trading LLC'}
        />
        <div className="row">
          <div className="field">
            <label htmlFor="names-file">Or upload a CSV</label>
            <input
              id="names-file"
              type="file"
              accept=".csv,.txt,text/csv,text/plain"
              onChange={(e) => void upload(e)}
            />
            <p className="hint">Uses the “name” column if there is one, else the first column.</p>
          </div>
          <div className="field">
            <label htmlFor="search-type">Search type</label>
            <select
              id="search-type"
              value={searchType}
              onChange={(e) => setSearchType(e.target.value as BulkSearchType)}
              aria-describedby="search-type-hint"
            >
              {BULK_SEARCH_TYPES.map((t) => (
                <option key={t} value={t}>
                  {t.replace(/_/g, ' ')}
                </option>
              ))}
            </select>
            <p className="hint" id="search-type-hint">
              {TYPE_HELP[searchType]}
            </p>
          </div>
          <div className="field">
            <label htmlFor="names-ref">Your reference (optional)</label>
            <input
              id="names-ref"
              value={reference}
              onChange={(e) => setReference(e.target.value)}
              placeholder="Case or customer id"
            />
            <p className="hint">Stored with the usage record.</p>
          </div>
        </div>
        <div className="actions">
          <label className="check">
            <input type="checkbox" checked={explain} onChange={(e) => setExplain(e.target.checked)} /> Explain
            each match
          </label>
          <span className="muted" aria-live="polite">
            {prepared.names.length} {prepared.names.length === 1 ? 'name' : 'names'}
            {fileNote ? ` · ${fileNote}` : ''}
          </span>
          <button type="submit" disabled={busy}>
            {busy ? 'Screening…' : 'Screen'}
          </button>
        </div>
      </form>
      <ErrorNotice error={error} />
      {result && (
        <section aria-labelledby="names-results">
          <div className="results-head">
            <h2 id="names-results" tabIndex={-1} ref={resultsRef}>
              Results
            </h2>
            <p className="summary-line" role="status">
              {groups.length} screened · <strong>{withHits} with matches</strong> · {groups.length - withHits}{' '}
              clear <span className="muted">({result.type.replace(/_/g, ' ')})</span>
            </p>
            <div className="actions">
              <label className="check">
                <input type="checkbox" checked={onlyHits} onChange={(e) => setOnlyHits(e.target.checked)} />{' '}
                Only names with matches
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
          {rewritten.length > 0 && (
            <div className="notice info" role="note">
              Commas split names in bulk screening, so these were sent reordered:{' '}
              {rewritten.map((r) => `“${r.from}” as “${r.to}”`).join('; ')}.
            </div>
          )}
          {visible.map((g) => (
            <NameGroupView key={g.index} group={g} />
          ))}
          {total > visible.length && (
            <button type="button" className="secondary" onClick={() => setShown((n) => n + PAGE)}>
              Show {Math.min(PAGE, total - visible.length)} more of {total - visible.length}
            </button>
          )}
        </section>
      )}
    </>
  );
}

function NameGroupView({ group }: { group: NameGroup }) {
  const { openEntry } = useApp();
  const clear = group.totalMatches === 0;
  const headingId = `name-group-${group.index}`;
  return (
    <article className={`name-group ${clear ? 'clear' : 'hit'}`} aria-labelledby={headingId}>
      <header className="summary-row">
        <h3 id={headingId}>{group.searchTerm}</h3>
        <span className={`badge ${clear ? 'ok' : 'warn'}`}>
          {clear ? 'Clear' : `${group.totalMatches} ${group.totalMatches === 1 ? 'match' : 'matches'}`}
        </span>
      </header>
      {!clear && (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Matches for {group.searchTerm}</caption>
            <thead>
              <tr>
                <th scope="col">Listed name</th>
                <th scope="col">List</th>
                <th scope="col">Source id</th>
                <th scope="col">Score</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {group.matches.map((m, i) => (
                <tr key={`${m.id ?? ''}-${i}`}>
                  <td>
                    <button type="button" className="link" onClick={() => openEntry(m.name ?? '')}>
                      {m.name}
                    </button>
                  </td>
                  <td>{m.list}</td>
                  <td className="mono">{m.source_uid}</td>
                  <td>
                    <ScoreBar score={m.match_score ?? 0} />
                  </td>
                  <td>
                    {m.explanation !== undefined ? (
                      <details>
                        <summary>Explain</summary>
                        <Explanation value={m.explanation} />
                      </details>
                    ) : (
                      <span className="muted">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
