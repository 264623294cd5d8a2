// A scored adverse media screening: the risk block first, then a plain notice when the analysis was partial or
// did not run, then the articles with their judgements.
import { useRef } from 'react';
import type { AdverseMediaResponse } from '../api/api-types.ts';
import { ArticleCard } from '../components/ArticleCard.tsx';
import { RiskBlock } from '../components/RiskBlock.tsx';
import { useFocusOnChange } from '../hooks/use-focus-on-change.ts';
import { analysisProblem } from './adverse-media-unavailable.ts';

export function AdverseMediaResults({ result }: { result: AdverseMediaResponse }) {
  const boxRef = useRef<HTMLDivElement>(null);
  // Each new result takes focus, so keyboard and screen reader users land on the verdict.
  useFocusOnChange(boxRef, result);
  const articles = result['adverse media results'];
  const status = result.screening.analysis_status;
  const problem = analysisProblem(result.screening.analysis_error);
  return (
    <div ref={boxRef} tabIndex={-1} className="am-results">
      <RiskBlock risk={result.risk} />
      {status !== 'ok' && (
        <div className="notice warn" role="status">
          <strong>
            {status === 'unavailable'
              ? 'The articles could not be assessed.'
              : 'Some articles were not assessed.'}
          </strong>{' '}
          Analysis status: {status}. {problem} Unjudged articles are marked “Not judged”; read them yourself
          before relying on the score.
        </div>
      )}
      <h2>Articles</h2>
      <p className="summary-line">
        {result.summary.returned} returned · {result.summary.name_verified} name the subject
        <span className="muted small"> · usage record {result.api_usage_id}</span>
      </p>
      {articles.length === 0 && <p>No articles were found.</p>}
      {articles.map((a, i) => (
        <ArticleCard key={`${a.url ?? ''}-${i}`} article={a} />
      ))}
    </div>
  );
}
