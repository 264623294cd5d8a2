// One screened name: its summary (Clear, or how many matches) and, when matched, each listed name with its list,
// score and explanation; a listed name opens its entry details.
import { useApp } from '../app-context.ts';
import { Explanation } from '../components/Explanation.tsx';
import { ScoreBar } from '../components/ScoreBar.tsx';
import type { NameGroup } from './names-results.ts';

export function NameGroupView({ group }: { group: NameGroup }) {
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
