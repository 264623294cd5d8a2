// The search port: one provider-neutral request in, normalised hits out, failures as typed errors.
import type { AmDepth, AmTimeRange, AmTopic } from '../../domain/adverse-media.js';

/** What adverse media screening asks of any search provider. */
export interface SearchRequest {
  /** The full query (name, risk vocabulary, context), built by the service. */
  readonly query: string;
  readonly maxResults: number;
  readonly topic: AmTopic | null;
  readonly depth: AmDepth;
  readonly timeRange: AmTimeRange | null;
  /** YYYY-MM-DD, inclusive. */
  readonly startDate: string | null;
  readonly endDate: string | null;
  readonly country: string | null;
  readonly includeDomains: readonly string[];
  readonly excludeDomains: readonly string[];
}

/** One search result, whatever provider found it. */
export interface SearchHit {
  readonly title: string | null;
  readonly url: string | null;
  /** The text the provider returned for the article (its snippet or extract). */
  readonly snippet: string | null;
  /** YYYY-MM-DD when the provider knows it. */
  readonly publishedAt: string | null;
  /** Provider relevance in [0, 1], not risk. */
  readonly relevance: number | null;
}

/**
 * A search back end. `search` throws only SearchUnavailableError (unreachable, busy, timeout), never an error
 * that names the provider.
 */
export interface SearchProvider {
  search(req: SearchRequest): Promise<readonly SearchHit[]>;
}

/** Settings every provider adapter takes. */
export interface SearchProviderOptions {
  readonly apiKey: string;
  /** The provider's address; null for its public one. */
  readonly baseUrl: string | null;
  readonly timeoutMs: number;
}
