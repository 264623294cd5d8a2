// One screened name: its summary (Clear, Not screened with the reason, or how many matches) and, when matched,
// each listed name with its score, list and explanation; a listed name opens its entry details. On a phone each
// match is a card, the listed name and score first.
import { useApp } from '../app-context.ts';
import { Explanation } from '../components/Explanation.tsx';
import { ScoreBar } from '../components/ScoreBar.tsx';
import { ScrollBox } from '../components/ScrollBox.tsx';
import { nameStatus, type NameGroup } from './names-results.ts';

export function NameGroupView({ group }: { group: NameGroup }) {
  const { openEntry } = useApp();
  const status = nameStatus(group);
  const headingId = `name-group-${group.index}`;
  return (
    <article className={`name-group ${status}`} aria-labelledby={headingId}>
      <header className="summary-row">
        <h3 id={headingId}>{group.searchTerm}</h3>
        {status === 'clear' && <span className="badge ok">Clear</span>}
        {status === 'not-screened' && <span className="badge error">Not screened</span>}
        {status === 'hit' && (
          <span className="badge hit">
            {group.totalMatches} {group.totalMatches === 1 ? 'match' : 'matches'}
          </span>
        )}
      </header>
      {group.error !== null && (
        <p className="small">
          This name was not screened: {group.error}. It is not a clear result; check how it was written.
        </p>
      )}
      {status === 'hit' && (
        <ScrollBox label={`Matches for ${group.searchTerm}`}>
          <table className="stack">
            <caption className="visually-hidden">Matches for {group.searchTerm}</caption>
            <thead>
              <tr>
                <th scope="col">Listed name</th>
                <th scope="col">Score</th>
                <th scope="col">List</th>
                <th scope="col">Source id</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {group.matches.map((m, i) => (
                <tr key={`${m.id ?? ''}-${i}`}>
                  <td data-label="Listed name">
                    <button type="button" className="link" onClick={() => openEntry(m.name ?? '')}>
                      {m.name}
                    </button>
                  </td>
                  <td data-label="Score">
                    <ScoreBar score={m.match_score ?? 0} />
                  </td>
                  <td data-label="List">{m.list}</td>
                  <td data-label="Source id" className="mono">
                    {m.source_uid}
                  </td>
                  <td data-label="Why" className="wide">
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
        </ScrollBox>
      )}
    </article>
  );
}
