// Adverse media screening: search (failure fails the call), name test, analysis (failure degrades the call),
// checks on every label, then the deterministic risk block.
import type { ArticleForAnalysis, Analyst } from '../../adverse-media/llm/analyst.js';
import type { SearchHit, SearchProvider } from '../../adverse-media/search/search-provider.js';
import { analyseArticles } from './analyse-articles.js';
import { displayDomain } from './article-identity.js';
import { checkFinding } from './check-finding.js';
import type {
  AdverseMediaRequest,
  AdverseMediaScreener,
  ArticleResult,
  RawScreening,
  ScoredScreening,
} from './adverse-media-request.js';
import { subjectName, textNamesSubject, type SubjectName } from './name-in-text.js';
import { computeRisk } from './risk-score.js';
import { toSearchRequest } from './search-query.js';

export interface AdverseMediaServiceOptions {
  readonly search: SearchProvider;
  /** Null when no model is configured: articles come back unjudged, analysis_status `unavailable`. */
  readonly analyst: Analyst | null;
  /** Analysis batches in flight at once per screening. */
  readonly concurrency: number;
  /** Pause before retrying a failed batch. */
  readonly retryDelayMs?: number;
}

interface FoundArticle {
  readonly result: ArticleResult;
  /** Title and snippet: what the analyst reads and what its quotes are checked against. */
  readonly text: string;
}

export class AdverseMediaService implements AdverseMediaScreener {
  readonly #opts: Required<AdverseMediaServiceOptions>;

  constructor(opts: AdverseMediaServiceOptions) {
    this.#opts = Object.freeze({ retryDelayMs: 200, ...opts });
  }

  async raw(req: AdverseMediaRequest): Promise<RawScreening> {
    const subject = subjectName(req.name);
    const found = await this.#find(req, subject);
    const results = found.map((f) => f.result);
    return { 'adverse media results': results, summary: summaryOf(results) };
  }

  async screen(req: AdverseMediaRequest): Promise<ScoredScreening> {
    const subject = subjectName(req.name);
    const found = await this.#find(req, subject);
    const forAnalysis: ArticleForAnalysis[] = found.map((f, i) => ({
      id: `a${i + 1}`,
      title: f.result.title,
      domain: f.result.domain,
      publishedDate: f.result.published_date,
      text: f.text,
    }));
    const analysis = await analyseArticles(
      this.#opts.analyst,
      { name: req.name, context: req.context },
      forAnalysis,
      { concurrency: this.#opts.concurrency, retryDelayMs: this.#opts.retryDelayMs },
    );
    const results: ArticleResult[] = found.map((f, i) => {
      const label = analysis.labels[i] ?? null;
      return { ...f.result, assessment: label ? checkFinding(label, f.text, subject) : null };
    });
    const screening: ScoredScreening['screening'] = {
      classified: analysis.status !== 'unavailable',
      analysis_status: analysis.status,
    };
    if (analysis.error) screening.analysis_error = analysis.error;
    return {
      risk: computeRisk(results.map((r) => ({ ...r, assessment: r.assessment ?? null }))),
      'adverse media results': results,
      summary: summaryOf(results),
      screening,
    };
  }

  async #find(req: AdverseMediaRequest, subject: SubjectName): Promise<FoundArticle[]> {
    const hits = await this.#opts.search.search(toSearchRequest(req));
    return hits.slice(0, req.maxResults).map((h) => toFound(h, subject));
  }
}

function toFound(h: SearchHit, subject: SubjectName): FoundArticle {
  const text = [h.title, h.snippet].filter((x): x is string => !!x).join('\n');
  return {
    text,
    result: {
      title: h.title,
      url: h.url,
      domain: displayDomain(h.url),
      snippet: h.snippet,
      score: h.relevance,
      published_date: h.publishedAt,
      name_match: textNamesSubject(subject, text),
    },
  };
}

function summaryOf(results: readonly ArticleResult[]): { returned: number; name_verified: number } {
  return { returned: results.length, name_verified: results.filter((r) => r.name_match).length };
}
