// Why a name matched, from `explain: true`: the listed name compared, token pairs with their similarity, and
// what was left unmatched. The engine's shape (src/matching/name-index.ts) is read defensively: an unknown
// shape is shown as JSON rather than hidden. The listed party's facts and the query's qualifier checks are shown
// when the explanation carries them.
import { factLabel, listedFacts, outcomeText, qualifierSummary } from './explanation-facts.ts';
import { ScrollBox } from './ScrollBox.tsx';

interface Pair {
  readonly query: string;
  readonly listed: string;
  readonly similarity: number;
  readonly weight: number;
}

interface KnownExplanation {
  readonly matched_name?: string;
  readonly pairs?: readonly Pair[];
  readonly unmatched_query?: readonly string[];
  readonly unmatched_listed?: readonly string[];
  readonly search_type?: string;
  readonly threshold?: number;
}

const pct = (n: number) => `${Math.round(n * 100)}%`;

export function Explanation({ value }: { value: unknown }) {
  if (value === null || value === undefined) return null;
  const e = value as KnownExplanation;
  if (typeof value !== 'object' || !Array.isArray(e.pairs))
    return <pre className="explain-raw">{JSON.stringify(value, null, 2)}</pre>;
  const facts = listedFacts(value);
  const qualifiers = qualifierSummary(value);
  return (
    <div className="explain">
      {e.matched_name && (
        <p>
          Compared with the listed name <strong>{e.matched_name}</strong>
          {e.search_type && (
            <>
              {' '}
              using {e.search_type.replace(/_/g, ' ')}
              {typeof e.threshold === 'number' && <> (threshold {e.threshold})</>}
            </>
          )}
          .
        </p>
      )}
      {e.pairs.length > 0 && (
        <ScrollBox label="Token pairs" className="plain">
          <table className="compact">
            <caption className="visually-hidden">Token pairs</caption>
            <thead>
              <tr>
                <th scope="col">Searched</th>
                <th scope="col">Listed</th>
                <th scope="col">Similarity</th>
                <th scope="col">Weight</th>
              </tr>
            </thead>
            <tbody>
              {e.pairs.map((p, i) => (
                <tr key={i}>
                  <td>{p.query}</td>
                  <td>{p.listed}</td>
                  <td>{pct(p.similarity)}</td>
                  <td>{p.weight.toFixed(2)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {e.pairs.length > 0 && (
        <p className="small muted">
          Similarity: how alike the two words are (100% is the same word). Weight: how much the word counts
          towards the score; rare words weigh more than common ones, and particles or legal forms (al, de,
          LLC) least.
        </p>
      )}
      {(e.unmatched_query?.length ?? 0) > 0 && (
        <p>Searched words not found: {e.unmatched_query!.join(', ')}</p>
      )}
      {(e.unmatched_listed?.length ?? 0) > 0 && (
        <p>Listed words not searched: {e.unmatched_listed!.join(', ')}</p>
      )}
      {facts.length > 0 && (
        <dl className="facts">
          {facts.map(([label, v]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {qualifiers && (
        <>
          <p>
            Qualifiers checked: name score {qualifiers.nameScore ?? '?'}
            {qualifiers.adjustment !== 0 ? `, ${qualifiers.adjustment} points` : ', no change'}.
          </p>
          {qualifiers.checks.length > 0 && (
            <ScrollBox label="Qualifier checks" className="plain">
              <table className="compact">
                <caption className="visually-hidden">Qualifier checks</caption>
                <thead>
                  <tr>
                    <th scope="col">Qualifier</th>
                    <th scope="col">Outcome</th>
                    <th scope="col">Detail</th>
                  </tr>
                </thead>
                <tbody>
                  {qualifiers.checks.map((c, i) => (
                    <tr key={i}>
                      <td>{factLabel(c.fact)}</td>
                      <td>{outcomeText(c)}</td>
                      <td>{c.detail}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
        </>
      )}
    </div>
  );
}
