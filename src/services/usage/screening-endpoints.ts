// The endpoints that screen something (names, wallets, news): what the history means by "screening calls", and
// the calls whose usage records carry an outcome and a subject. Catalog and history reads are not among them.

/** Every screening endpoint, as its route is declared. */
export const SCREENING_ENDPOINTS = [
  '/api/v2/search',
  '/api/v2/bulk-search',
  '/api/v2/wallet-search',
  '/api/v2/bulk-wallet-search',
  '/api/v2/adverse-media-search',
  '/api/v2/adverse-media-search-raw',
  '/api/v1/search',
  '/api/v1/bulk-search',
] as const;

export type ScreeningEndpoint = (typeof SCREENING_ENDPOINTS)[number];

const ENDPOINTS: ReadonlySet<string> = new Set(SCREENING_ENDPOINTS);

/** True for a screening endpoint's route. */
export const isScreeningEndpoint = (endpoint: string): endpoint is ScreeningEndpoint =>
  ENDPOINTS.has(endpoint);
