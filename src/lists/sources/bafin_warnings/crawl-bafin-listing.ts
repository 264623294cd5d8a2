// Crawls BaFin's list of consumer notices (Verbrauchermitteilungen; a Government Site Builder search listing):
// each result links to a notice under /SharedDocs/Veroeffentlichungen/DE/Verbrauchermitteilung/..., with a date
// (DD.MM.YYYY) and sometimes a teaser; paging is a "weiter"/forward link in the navIndex. The notices on
// unauthorised business (under /Verbrauchermitteilung/unerlaubte/) are saved as one JSON file.
import * as cheerio from 'cheerio';
import type { PageFetcher, SaveFile } from '../../list-source.js';
import { crawlPages } from '../../formats/crawl-pages.js';
import { clean } from '../../formats/text.js';

/** One notice as listed (saved as JSON; parse derives the warned name from the title). */
export interface BafinListedNotice {
  readonly title: string;
  readonly detail_url: string;
  /** As shown, e.g. `06.05.2024`. */
  readonly date: string | null;
  readonly teaser: string | null;
}

/** What one listing page says. */
export interface BafinListingPage {
  readonly items: BafinListedNotice[];
  /** "Suchergebnisse 1 bis 10 von 1.234" → 1234; null when not stated. */
  readonly total: number | null;
  readonly next: string | null;
}

const NOTICE_LINK =
  'a[href*="/Verbrauchermitteilung/"], a[href^="SharedDocs/Veroeffentlichungen/DE/Verbrauchermitteilung/"]';

/** Drops the session id GSB writes into links (`;jsessionid=...`) and the navigation query (`?nn=...`). */
export function canonicalNoticeUrl(url: string): string {
  const u = new URL(url);
  u.pathname = u.pathname.replace(/;jsessionid=[^/]*$/i, '');
  u.search = '';
  u.hash = '';
  return u.toString();
}

export function readBafinListingPage(html: string, pageUrl: string): BafinListingPage {
  const $ = cheerio.load(html);
  // GSB pages declare <base href="https://www.bafin.de/">: relative links resolve against it.
  const base = new URL($('base').attr('href') ?? pageUrl, pageUrl).toString();
  const abs = (href: string | undefined): string | null => {
    if (!href?.trim()) return null;
    try {
      return new URL(href.trim(), base).toString();
    } catch {
      return null;
    }
  };
  const results = $('.search-result, .searchresult > li, #searchResult li, .result-list > li, .teaser');
  const items: BafinListedNotice[] = [];
  const holders = results.length > 0 ? results.toArray() : [];
  for (const el of holders) {
    const box = $(el);
    const a = box.find(NOTICE_LINK).first();
    if (a.length === 0) continue;
    const href = abs(a.attr('href'));
    const title = clean(a.text());
    if (!href || !title)
      throw new Error(`${pageUrl}: a result has a notice link without title (layout changed?)`);
    const text = clean(box.text()) ?? '';
    const date =
      clean(box.find('.date, time').first().text()) ?? /\b(\d{2}\.\d{2}\.\d{4})\b/.exec(text)?.[1] ?? null;
    const teaser = clean(
      box
        .find('p')
        .not('.metadata, .date')
        .filter((_, p) => $(p).find(NOTICE_LINK).length === 0)
        .first()
        .text(),
    );
    items.push({ title, detail_url: canonicalNoticeUrl(href), date, teaser });
  }
  const countText = clean($('.search-result-count, .resultCount, .navIndex, .pagination, h2').text()) ?? '';
  const total =
    /von\s+([\d.]+)/i.exec(countText)?.[1] ?? /([\d.]+)\s+(?:Treffer|Ergebnisse)/i.exec(countText)?.[1];
  const forward =
    $('a[rel="next"]').first().attr('href') ??
    $('.navIndex .forward a, li.forward a, .pagination .next a').first().attr('href') ??
    $('a')
      .filter((_, x) => /^(weiter|nächste seite|next)$/i.test(clean($(x).text()) ?? ''))
      .first()
      .attr('href');
  return {
    items,
    total: total ? Number(total.replace(/\./g, '')) : null,
    next: abs(forward),
  };
}

const UNERLAUBTE = /\/Verbrauchermitteilung\/unerlaubte\//i;

/** How the crawl is run (tests point it at a loopback server with no pause). */
export interface BafinCrawl {
  readonly first: string;
  readonly file: string;
  readonly pauseMs: number;
  readonly maxPages: number;
}

/** Crawls every listing page; throws on a layout change, an empty page or a total far from what was read. */
export async function crawlBafinListing(http: PageFetcher, save: SaveFile, crawl: BafinCrawl): Promise<void> {
  const all: BafinListedNotice[] = [];
  let total: number | null = null;
  for await (const { url, number, page } of crawlPages(http, {
    first: crawl.first,
    maxPages: crawl.maxPages,
    pauseMs: crawl.pauseMs,
    read: (res, pageUrl) => readBafinListingPage(res.text(), pageUrl),
  })) {
    if (page.items.length === 0) {
      if (number === 1)
        throw new Error(`${url}: the first page links no Verbrauchermitteilung notice (layout changed?)`);
      throw new Error(`${url}: page ${number} links no notice although the previous page led to it`);
    }
    total ??= page.total;
    all.push(...page.items);
  }
  // The declared total counts listing rows: compare it with the rows read, before dropping the repeats that
  // paging drift causes (a notice published during the crawl pushes one row onto the next page).
  if (total !== null && (all.length < total * 0.9 || all.length > total * 1.1 + 10))
    throw new Error(`${crawl.first}: the listing declares ${total} notices but ${all.length} were read`);
  const unique = [...new Map(all.map((i) => [i.detail_url, i])).values()];
  const items = unique.filter((i) => UNERLAUBTE.test(i.detail_url));
  if (items.length === 0)
    throw new Error(`${crawl.first}: no notice under /Verbrauchermitteilung/unerlaubte/`);
  await save(crawl.file, `${JSON.stringify({ source: crawl.first, total, items }, null, 2)}\n`);
}
