// What makes two search results the same story or the same publication: canonical URL, normalised title,
// word shingles, and the registrable domain (Public Suffix List via tldts).
import { getDomain, getHostname } from 'tldts';
import { foldText } from '../../matching/index.js';

// Query parameters that track the reader, not the page.
const TRACKING =
  /^(utm_\w+|fbclid|gclid|dclid|msclkid|mc_cid|mc_eid|igshid|ref|ref_src|cmpid|ocid|smid|partner|src)$/i;
// Mobile, AMP and print copies of a page.
const MOBILE_HOST = /^(www\d*|m|mobile|amp)\./;
const AMP_PATH = /\/(amp|print)\/?$|\.amp$|\/amp(?=\/)/;

/** The URL with the differences that never change the page removed; null when it is not an http(s) URL. */
export function canonicalUrl(raw: string | null): string | null {
  if (!raw) return null;
  let u: URL;
  try {
    u = new URL(raw.trim());
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  let host = u.hostname.toLowerCase();
  while (MOBILE_HOST.test(host)) host = host.replace(MOBILE_HOST, '');
  const params = [...u.searchParams.entries()]
    .filter(([k]) => !TRACKING.test(k) && k.toLowerCase() !== 'amp')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = params.length > 0 ? `?${new URLSearchParams(params).toString()}` : '';
  const path =
    u.pathname
      .replace(AMP_PATH, '')
      .replace(/\/+$/, '')
      .replace(/\/index\.html?$/, '') || '/';
  // Scheme and port are dropped: http and https copies of a page are the same page.
  return `${host}${path}${query}`;
}

/** The host shown as an article's `domain` (lower case, without `www.`). */
export function displayDomain(url: string | null): string | null {
  if (!url) return null;
  const host = getHostname(url);
  return host ? host.toLowerCase().replace(/^www\d*\./, '') : null;
}

/** The publication an article belongs to: its registrable domain (news.bbc.co.uk and m.bbc.co.uk: bbc.co.uk). */
export function publicationOf(url: string | null): string | null {
  if (!url) return null;
  return getDomain(url, { allowPrivateDomains: true })?.toLowerCase() ?? displayDomain(url);
}

/** Folded words of a text (any script to ASCII, lower case, punctuation dropped). */
export function words(text: string): string[] {
  return foldText(text)
    .replace(/['\u2019]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

// A trailing " - Outlet" / " | Outlet" is the publication's byline in the title, not the headline.
const TITLE_SUFFIX = /\s+[-|–—:]\s+[^-|–—:]{1,40}$/;

/** The headline folded for comparison, the outlet suffix removed; null when too short to identify a story. */
export function normalisedTitle(title: string | null): string | null {
  if (!title) return null;
  const headline = title.replace(TITLE_SUFFIX, '');
  const w = words(headline);
  // Four words or fewer ("Fraud trial", "Latest news") are too generic to say two articles are one story.
  return w.length > 4 ? w.join(' ') : null;
}

/** Word 3-shingles of a text (single words when the text is shorter than a shingle). */
export function shingles(text: string): Set<string> {
  const w = words(text);
  const out = new Set<string>();
  if (w.length < 3) {
    for (const x of w) out.add(x);
    return out;
  }
  for (let i = 0; i + 3 <= w.length; i++) out.add(`${w[i]} ${w[i + 1]} ${w[i + 2]}`);
  return out;
}

/** |A ∩ B| / |A ∪ B|; 0 for two empty sets (nothing to compare is not a duplicate). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const x of small) if (large.has(x)) common++;
  return common / (a.size + b.size - common);
}
