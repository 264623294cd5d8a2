// One article of an adverse media screening with its judgement: role, severity, whether it names the subject
// (computed without a model, so present even when analysis did not run) and the analyst's note.
import type { Article } from '../api/api-types.ts';

const SCORING_ROLES = new Set(['accused', 'associate']);

export function ArticleCard({ article }: { article: Article }) {
  const a = article.assessment ?? null;
  const unjudged = a === null || a.role === 'unclear';
  return (
    <article className={`article ${a && SCORING_ROLES.has(a.role) ? 'implicates' : ''}`}>
      <h3>
        {article.url ? (
          <a href={article.url} target="_blank" rel="noreferrer noopener">
            {article.title ?? article.url}
          </a>
        ) : (
          (article.title ?? 'Untitled article')
        )}
      </h3>
      <p className="muted small">
        {article.domain ?? 'unknown source'}
        {article.published_date && <> · {article.published_date}</>}
        {article.score !== null && <> · relevance {article.score.toFixed(2)}</>}
      </p>
      <ul className="tags" aria-label="Assessment">
        <li className={`badge ${article.name_match ? 'ok' : 'neutral'}`}>
          {article.name_match ? 'Names the subject' : 'Does not name the subject'}
        </li>
        {a && <li className={`badge role-${a.role}`}>Role: {a.role}</li>}
        {a && <li className={`badge sev-${a.severity}`}>Severity: {a.severity}</li>}
        {a && !a.about_subject && <li className="badge neutral">Not about the subject</li>}
        {unjudged && <li className="badge neutral">Not judged</li>}
        {a?.categories.map((c) => (
          <li key={c} className="badge neutral">
            {c.replace(/_/g, ' ')}
          </li>
        ))}
      </ul>
      {a?.note && <p className="note">{a.note}</p>}
      {article.snippet && <p className="snippet">{article.snippet}</p>}
    </article>
  );
}
