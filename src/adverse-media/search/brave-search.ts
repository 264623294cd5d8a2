// Brave news search: GET {base}/res/v1/news/search with X-Subscription-Token; results[] carry title, url, description, page_age.
import { endpoint, fetchProviderJson, isoDay, resultArray, str } from './fetch-provider-json.js';
import type { SearchHit, SearchProvider, SearchProviderOptions, SearchRequest } from './search-provider.js';

export const BRAVE_BASE_URL = 'https://api.search.brave.com';

const FRESHNESS = { day: 'pd', week: 'pw', month: 'pm', year: 'py' } as const;
// Brave highlights matches with <strong>; the snippet is plain text everywhere else.
const TAGS = /<[^>]+>/g;
const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** The Brave news search API. Always the news index: adverse media is news; depth has no Brave equivalent. */
export class BraveSearch implements SearchProvider {
  readonly #opts: SearchProviderOptions;

  constructor(opts: SearchProviderOptions) {
    this.#opts = Object.freeze({ ...opts });
  }

  /** The query-string parameters for a neutral request (exported for its test). */
  static params(req: SearchRequest): URLSearchParams {
    // Brave has no domain filter parameters; its documented site: operators do the same job.
    const sites = req.includeDomains.map((d) => `site:${d}`).join(' OR ');
    const excluded = req.excludeDomains.map((d) => `-site:${d}`).join(' ');
    const q = [req.query, sites && `(${sites})`, excluded].filter(Boolean).join(' ');
    const p = new URLSearchParams({ q, count: String(req.maxResults), safesearch: 'off' });
    if (req.timeRange) p.set('freshness', FRESHNESS[req.timeRange]);
    else if (req.startDate || req.endDate)
      p.set(
        'freshness',
        `${req.startDate ?? '1970-01-01'}to${req.endDate ?? new Date().toISOString().slice(0, 10)}`,
      );
    // Brave takes two-letter country codes only; a country name is left to the query.
    if (req.country && /^[a-z]{2}$/i.test(req.country)) p.set('country', req.country.toUpperCase());
    return p;
  }

  async search(req: SearchRequest): Promise<readonly SearchHit[]> {
    const url = `${endpoint(this.#opts.baseUrl ?? BRAVE_BASE_URL, '/res/v1/news/search')}?${BraveSearch.params(req)}`;
    const answer = await fetchProviderJson({
      url,
      method: 'GET',
      headers: { 'x-subscription-token': this.#opts.apiKey },
      timeoutMs: this.#opts.timeoutMs,
    });
    return resultArray(answer, 'results')
      .slice(0, req.maxResults)
      .map((r) => {
        const extra = Array.isArray(r.extra_snippets)
          ? r.extra_snippets.filter((s): s is string => typeof s === 'string')
          : [];
        const snippet = [str(r, 'description'), ...extra].filter(Boolean).join(' ');
        return {
          title: plain(str(r, 'title')),
          url: str(r, 'url'),
          snippet: plain(snippet || null),
          publishedAt: isoDay(str(r, 'page_age')),
          relevance: null,
        };
      });
  }
}

function plain(s: string | null): string | null {
  if (s === null) return null;
  return s.replace(TAGS, '').replace(/&(?:amp|quot|#39|lt|gt);/g, (e) => ENTITIES[e] ?? e);
}
