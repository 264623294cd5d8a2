// Folds near-duplicate articles into stories: same canonical URL, same normalised title, or word-shingle
// overlap (Jaccard >= 0.5). A syndicated story is one story, represented by its earliest copy.
import { canonicalUrl, jaccard, normalisedTitle, shingles } from './article-identity.js';

/** The fields de-duplication reads. */
export interface StoryArticle {
  readonly url: string | null;
  readonly title: string | null;
  readonly snippet: string | null;
  /** YYYY-MM-DD or null. */
  readonly published_date: string | null;
}

export const NEAR_DUPLICATE_JACCARD = 0.5;

/**
 * For each article, the index of the article representing its story (itself when it is the earliest copy).
 * Earliest = lowest publication date; undated copies come after dated ones; ties go to the search order.
 */
export function storyRepresentatives(articles: readonly StoryArticle[]): number[] {
  const n = articles.length;
  const parent = Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]!]!;
    return i;
  };
  const union = (a: number, b: number) => {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
  };
  const keys = articles.map((a) => ({
    url: canonicalUrl(a.url),
    title: normalisedTitle(a.title),
    shingles: shingles(`${a.title ?? ''} ${a.snippet ?? ''}`),
  }));
  // Twenty articles at most: all pairs is 190 comparisons, simpler and cheaper than any index.
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = keys[i]!;
      const b = keys[j]!;
      if (
        (a.url !== null && a.url === b.url) ||
        (a.title !== null && a.title === b.title) ||
        jaccard(a.shingles, b.shingles) >= NEAR_DUPLICATE_JACCARD
      )
        union(i, j);
    }
  }
  const earliest = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const root = find(i);
    const best = earliest.get(root);
    if (best === undefined || earlier(articles[i]!, articles[best]!)) earliest.set(root, i);
  }
  return articles.map((_, i) => earliest.get(find(i))!);
}

function earlier(a: StoryArticle, b: StoryArticle): boolean {
  if (a.published_date === null) return false;
  if (b.published_date === null) return true;
  return a.published_date < b.published_date;
}
