// The dashboard's pages: one table drives the navigation and the router, so they cannot disagree.
export const PAGES = [
  { path: '/screen/names', label: 'Names' },
  { path: '/screen/wallets', label: 'Wallets' },
  { path: '/screen/adverse-media', label: 'Adverse media' },
  { path: '/compare', label: 'Compare' },
  { path: '/customers', label: 'Customers' },
  { path: '/alerts', label: 'Alerts' },
  { path: '/history', label: 'History' },
  { path: '/lists', label: 'Lists' },
  { path: '/webhooks', label: 'Webhooks' },
  { path: '/effectiveness', label: 'Effectiveness' },
  { path: '/keys', label: 'API keys' },
] as const;

export type PagePath = (typeof PAGES)[number]['path'];

export const HOME: PagePath = '/screen/names';
export const SIGN_IN = '/sign-in';
export const SIGN_UP = '/sign-up';

// Pages reached from another page rather than the navigation: a usage record's printable evidence (History).
export const EVIDENCE_PATH = '/history/evidence';
/** The evidence page of one usage record. */
export const evidenceHref = (id: string): string => `${EVIDENCE_PATH}?id=${encodeURIComponent(id)}`;
