// Tavily (the default provider): POST {base}/search with a Bearer key; results[] carry title, url, content, score, published_date.
import { endpoint, fetchProviderJson, fraction, isoDay, resultArray, str } from './fetch-provider-json.js';
import type { SearchHit, SearchProvider, SearchProviderOptions, SearchRequest } from './search-provider.js';

export const TAVILY_BASE_URL = 'https://api.tavily.com';

// Tavily's own codes: 432 = plan credits spent, 433 = pay-as-you-go limit reached. Both clear with time or money,
// so they read as "busy" (503) like 429, not as a broken gateway.
const TAVILY_STATUSES = { busy: [432, 433] } as const;

/** The Tavily search API. */
export class TavilySearch implements SearchProvider {
  readonly #opts: SearchProviderOptions;

  constructor(opts: SearchProviderOptions) {
    this.#opts = Object.freeze({ ...opts });
  }

  /** The documented request body for a neutral request (exported for its test). */
  static body(req: SearchRequest): Record<string, unknown> {
    const body: Record<string, unknown> = {
      query: req.query,
      topic: req.topic ?? 'general',
      search_depth: req.depth,
      max_results: req.maxResults,
      include_answer: false,
      include_raw_content: false,
      include_images: false,
    };
    if (req.timeRange) body.time_range = req.timeRange;
    if (req.startDate) body.start_date = req.startDate;
    if (req.endDate) body.end_date = req.endDate;
    // Tavily accepts country only with the general topic (the request validation enforces the same rule).
    if (req.country && (req.topic ?? 'general') === 'general') body.country = req.country.toLowerCase();
    if (req.includeDomains.length > 0) body.include_domains = [...req.includeDomains];
    if (req.excludeDomains.length > 0) body.exclude_domains = [...req.excludeDomains];
    return body;
  }

  async search(req: SearchRequest): Promise<readonly SearchHit[]> {
    const answer = await fetchProviderJson({
      url: endpoint(this.#opts.baseUrl ?? TAVILY_BASE_URL, '/search'),
      method: 'POST',
      headers: { authorization: `Bearer ${this.#opts.apiKey}`, 'content-type': 'application/json' },
      body: TavilySearch.body(req),
      timeoutMs: this.#opts.timeoutMs,
      statuses: TAVILY_STATUSES,
    });
    return resultArray(answer, 'results').map((r) => ({
      title: str(r, 'title'),
      url: str(r, 'url'),
      snippet: str(r, 'content'),
      publishedAt: isoDay(str(r, 'published_date')),
      relevance: fraction(r.score),
    }));
  }
}
