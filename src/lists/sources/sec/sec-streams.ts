// The five SEC streams behind the one `sec` source: their published files and where they are published.

/** A stream's `sec_list` value; entries are listed as `sec_<stream>`. */
export type SecStream =
  'litigation_releases' | 'administrative_proceedings' | 'trading_suspensions' | 'pause' | 'receiverships';

export const SEC_OFFICIAL_BASE = 'https://www.sec.gov';

/** The three RSS streams, in parse order. */
export const SEC_RSS_STREAMS = [
  'litigation_releases',
  'administrative_proceedings',
  'trading_suspensions',
] as const;

/** File name (as saved by the crawl and read in local mode) and path under the SEC site of each stream. */
export const SEC_FILES: Readonly<Record<SecStream, { readonly file: string; readonly path: string }>> = {
  litigation_releases: {
    file: 'litigation-releases.xml',
    path: '/enforcement-litigation/litigation-releases/rss',
  },
  administrative_proceedings: {
    file: 'administrative-proceedings.xml',
    path: '/enforcement-litigation/administrative-proceedings/rss',
  },
  trading_suspensions: {
    file: 'trading-suspensions.xml',
    path: '/enforcement-litigation/trading-suspensions/rss',
  },
  pause: {
    file: 'pause.html',
    path: '/enforcement-litigation/public-alerts-unregistered-soliciting-entities',
  },
  // No official list found: this address is the SEC enforcement index, not a receiverships file (see docs).
  receiverships: { file: 'receiverships.html', path: '/enforcement-litigation' },
};

/** The screening list slug of a stream. */
export const secListSlug = (stream: SecStream) => `sec_${stream}`;
