// The search providers by configuration name; the composition root picks one, nothing else switches on the name.
import { BraveSearch } from './brave-search.js';
import { ExaSearch } from './exa-search.js';
import type { SearchProvider, SearchProviderOptions } from './search-provider.js';
import { TavilySearch } from './tavily-search.js';

export const SEARCH_PROVIDERS = {
  tavily: (o: SearchProviderOptions) => new TavilySearch(o),
  brave: (o: SearchProviderOptions) => new BraveSearch(o),
  exa: (o: SearchProviderOptions) => new ExaSearch(o),
} as const satisfies Readonly<Record<string, (o: SearchProviderOptions) => SearchProvider>>;

export type SearchProviderName = keyof typeof SEARCH_PROVIDERS;

/** The configured provider. */
export function createSearchProvider(name: SearchProviderName, opts: SearchProviderOptions): SearchProvider {
  return SEARCH_PROVIDERS[name](opts);
}
