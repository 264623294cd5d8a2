// Exa: POST {base}/search with x-api-key; results[] carry title, url, publishedDate, score and the page text asked for.
import { endpoint, fetchProviderJson, fraction, isoDay, resultArray, str } from './fetch-provider-json.js';
import type { SearchHit, SearchProvider, SearchProviderOptions, SearchRequest } from './search-provider.js';

export const EXA_BASE_URL = 'https://api.exa.ai';

const DAYS = { day: 1, week: 7, month: 31, year: 365 } as const;
const TYPE = { basic: 'auto', advanced: 'deep', fast: 'fast', 'ultra-fast': 'fast' } as const;
// Enough text for the analyst to judge and quote from, small enough to keep prompts cheap.
const TEXT_CHARS = 1500;

/** The Exa search API. */
export class ExaSearch implements SearchProvider {
  readonly #opts: SearchProviderOptions;

  constructor(opts: SearchProviderOptions) {
    this.#opts = Object.freeze({ ...opts });
  }

  /** The request body for a neutral request (exported for its test); `now` fixes relative time ranges. */
  static body(req: SearchRequest, now = new Date()): Record<string, unknown> {
    const body: Record<string, unknown> = {
      query: req.query,
      numResults: req.maxResults,
      type: TYPE[req.depth],
      contents: { text: { maxCharacters: TEXT_CHARS } },
    };
    if (req.topic === 'news' || req.topic === 'finance') body.category = 'news';
    if (req.timeRange)
      body.startPublishedDate = new Date(now.getTime() - DAYS[req.timeRange] * 86_400_000).toISOString();
    if (req.startDate) body.startPublishedDate = `${req.startDate}T00:00:00.000Z`;
    if (req.endDate) body.endPublishedDate = `${req.endDate}T23:59:59.999Z`;
    if (req.country && /^[a-z]{2}$/i.test(req.country)) body.userLocation = req.country.toUpperCase();
    if (req.includeDomains.length > 0) body.includeDomains = [...req.includeDomains];
    if (req.excludeDomains.length > 0) body.excludeDomains = [...req.excludeDomains];
    return body;
  }

  async search(req: SearchRequest): Promise<readonly SearchHit[]> {
    const answer = await fetchProviderJson({
      url: endpoint(this.#opts.baseUrl ?? EXA_BASE_URL, '/search'),
      method: 'POST',
      headers: { 'x-api-key': this.#opts.apiKey, 'content-type': 'application/json' },
      body: ExaSearch.body(req),
      timeoutMs: this.#opts.timeoutMs,
    });
    return resultArray(answer, 'results').map((r) => {
      const highlights = Array.isArray(r.highlights)
        ? r.highlights.filter((s): s is string => typeof s === 'string').join(' ')
        : '';
      return {
        title: str(r, 'title'),
        url: str(r, 'url'),
        snippet: str(r, 'text') ?? (highlights || null),
        publishedAt: isoDay(str(r, 'publishedDate')),
        relevance: fraction(r.score),
      };
    });
  }
}
