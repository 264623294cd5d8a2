// The query sent to the search provider. Mode `adverse` pairs the quoted name with risk vocabulary; `general`
// searches the bare name. Context is appended as plain words: it ranks matching articles higher but, not
// being quoted or required, does not exclude the ones that lack it.
import type { SearchRequest } from '../../adverse-media/search/search-provider.js';
import type { AdverseMediaRequest } from './adverse-media-request.js';

/** Risk vocabulary of mode `adverse`, OR-ed (providers that ignore operators still read the words). */
export const RISK_TERMS = [
  'fraud',
  '"money laundering"',
  'bribery',
  'corruption',
  'sanctions',
  'arrested',
  'charged',
  'convicted',
  'investigation',
  'lawsuit',
] as const;

// Providers cap queries at a few hundred characters; the name and the risk terms matter more than long context.
const MAX_CONTEXT_CHARS = 150;

export function searchQuery(req: Pick<AdverseMediaRequest, 'name' | 'context' | 'mode'>): string {
  const name = `"${req.name.replace(/"/g, '')}"`;
  const context = req.context ? req.context.replace(/"/g, '').slice(0, MAX_CONTEXT_CHARS).trim() : '';
  const parts = [name];
  if (context) parts.push(context);
  if (req.mode === 'adverse') parts.push(`(${RISK_TERMS.join(' OR ')})`);
  return parts.join(' ');
}

/** The provider-neutral search for a validated request. */
export function toSearchRequest(req: AdverseMediaRequest): SearchRequest {
  return {
    query: searchQuery(req),
    maxResults: req.maxResults,
    topic: req.topic,
    depth: req.searchDepth,
    timeRange: req.timeRange,
    startDate: req.startDate,
    endDate: req.endDate,
    country: req.country,
    includeDomains: req.includeDomains,
    excludeDomains: req.excludeDomains,
  };
}
