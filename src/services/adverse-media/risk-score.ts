// The risk block, computed from the article labels alone (DESIGN.md section 5): the single most serious
// implicating article, raised for corroboration by independent publications; never a sum, never the model's say.
import type { Category, Severity } from '../../adverse-media/assessment-labels.js';
import { publicationOf } from './article-identity.js';
import { implicates, type Assessment } from './check-finding.js';
import type { Band, RiskBlock } from './risk-block.js';
import { riskSummary } from './risk-summary.js';
import { storyRepresentatives, type StoryArticle } from './story-clusters.js';

export const ARTICLE_VALUE: Readonly<Record<Exclude<Severity, 'none'>, number>> = {
  high: 80,
  medium: 55,
  low: 30,
};
/** An associate's finding counts this fraction of an accused's. */
export const ASSOCIATE_FACTOR = 0.5;
export const CORROBORATION_STEP = 8;
export const CORROBORATION_CAP = 20;

/** What scoring reads of an article: its identity for de-duplication and its assessment (null = unjudged). */
export interface LabelledArticle extends StoryArticle {
  readonly assessment: Assessment | null;
}

const SEVERITY_RANK: Readonly<Record<Severity, number>> = { none: 0, low: 1, medium: 2, high: 3 };

export function bandOf(score: number | null): Band {
  if (score === null) return 'unknown';
  if (score === 0) return 'none';
  if (score < 35) return 'low';
  if (score < 65) return 'medium';
  return 'high';
}

/** The value one implicating article gives on its own. */
export function articleValue(a: Assessment): number {
  if (!implicates(a)) return 0;
  const base = ARTICLE_VALUE[a.severity as Exclude<Severity, 'none'>];
  return a.role === 'associate' ? base * ASSOCIATE_FACTOR : base;
}

/** Distinct publications among the implicating stories, each story counted by its earliest copy. */
export function corroboratingSources(articles: readonly LabelledArticle[]): number {
  const implicating = articles.filter((a) => implicates(a.assessment));
  const representatives = storyRepresentatives(implicating);
  const publications = new Set<string>();
  representatives.forEach((rep, i) => {
    if (rep !== i) return;
    const a = implicating[i]!;
    // An article without a usable URL is still a source; it counts as its own publication.
    publications.add(publicationOf(a.url) ?? `#${i}`);
  });
  return publications.size;
}

/** The risk block for a screening's articles. Same labels (and articles), same block. */
export function computeRisk(articles: readonly LabelledArticle[]): RiskBlock {
  const assessed = articles.filter((a) => a.assessment !== null && a.assessment.role !== 'unclear');
  const implicating = articles.filter((a) => implicates(a.assessment)).map((a) => a.assessment!);
  const unassessed = articles.length - assessed.length;
  if (articles.length > 0 && assessed.length === 0) {
    const block = {
      score: null,
      band: 'unknown' as const,
      categories: [],
      highest_severity: null,
      implicating_articles: 0,
      corroborating_sources: 0,
    };
    return { ...block, summary: riskSummary(block, { returned: articles.length, unassessed }) };
  }
  let top = 0;
  let worst: Severity | null = null;
  const categories = new Set<Category>();
  for (const a of implicating) {
    top = Math.max(top, articleValue(a));
    if (worst === null || SEVERITY_RANK[a.severity] > SEVERITY_RANK[worst]) worst = a.severity;
    for (const c of a.categories) categories.add(c);
  }
  const sources = corroboratingSources(articles);
  const bonus = Math.min(CORROBORATION_CAP, CORROBORATION_STEP * Math.max(0, sources - 1));
  const score = implicating.length === 0 ? 0 : Math.min(100, Math.round(top + bonus));
  const block = {
    score,
    band: bandOf(score),
    categories: [...categories].sort(),
    highest_severity: worst,
    implicating_articles: implicating.length,
    corroborating_sources: sources,
  };
  return { ...block, summary: riskSummary(block, { returned: articles.length, unassessed }) };
}
