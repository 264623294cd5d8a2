// Crawls the FCA Warning List (a paged Drupal search listing; no bulk file is published): every page's warnings
// (`li.search-item`, each a link to /news/warnings/<slug>, a "Published:" date and a summary), the declared
// result total and the next-page link. The warnings are saved as one JSON file.
import * as cheerio from 'cheerio';
import type { PageFetcher, SaveFile } from '../../list-source.js';
import { crawlPages } from '../../formats/crawl-pages.js';
import { clean } from '../../formats/text.js';

/** One warning as gathered by the crawl (saved as JSON; parse derives name/clone from the title). */
export interface FcaListedWarning {
  readonly title: string;
  readonly detail_url: string;
  /** As shown: `06/05/2025` or `6 May 2025`. */
  readonly published: string | null;
  readonly summary: string | null;
}

/** What one listing page says. */
export interface FcaListingPage {
  readonly items: FcaListedWarning[];
  /** "Showing 1 - 10 of 5,432 results" → 5432; null when the page states no total. */
  readonly total: number | null;
  readonly next: string | null;
}

const absolute = (href: string | undefined, base: string): string | null => {
  const h = href?.trim();
  if (!h || h.startsWith('#')) return null;
  try {
    return new URL(h, base).toString();
  } catch {
    return null;
  }
};

/** Parses one page; throws when the result list is missing (layout changed). */
export function readFcaListingPage(html: string, pageUrl: string): FcaListingPage {
  const $ = cheerio.load(html);
  const list = $('.search-list, ol.search-results, ul.search-results').first();
  if (list.length === 0) throw new Error(`${pageUrl}: no .search-list result list (layout changed?)`);
  const items: FcaListedWarning[] = [];
  list.find('li.search-item').each((i, li) => {
    const item = $(li);
    const link = item.find('a[href*="/news/warnings/"]').first();
    const a = link.length > 0 ? link : item.find('.search-item__title a, h3 a, h2 a, a').first();
    const title = clean(a.text());
    const detail = absolute(a.attr('href'), pageUrl);
    if (!title || !detail)
      throw new Error(`${pageUrl}: result ${i + 1} has no titled link (layout changed?)`);
    const text = clean(item.text()) ?? '';
    const published =
      /(?:first\s+)?published:?\s*(\d{1,2}\/\d{1,2}\/\d{4}|\d{1,2}\s+[A-Za-z]+\s+\d{4})/i.exec(text)?.[1] ??
      clean(item.find('time').first().attr('datetime')) ??
      null;
    const summary = clean(
      item.find('.search-item__body, .search-item__summary, p:not(.meta-item)').first().text(),
    );
    items.push({ title, detail_url: detail, published, summary });
  });
  const totalText = clean($('.search-results-count, .search-count, .results-count').first().text()) ?? '';
  const totalMatch = /of\s+([\d,]+)\s+results?/i.exec(totalText) ?? /([\d,]+)\s+results?/i.exec(totalText);
  const nextHref =
    $('a[rel="next"]').first().attr('href') ??
    $('.pager__item--next a, li.next a, .pagination .next a, a.next').first().attr('href');
  return {
    items,
    total: totalMatch ? Number(totalMatch[1]!.replace(/,/g, '')) : null,
    next: absolute(nextHref, pageUrl),
  };
}

/** How the crawl is run (tests point it at a loopback server with no pause). */
export interface FcaCrawl {
  readonly first: string;
  readonly file: string;
  readonly pauseMs: number;
  readonly maxPages: number;
}

/** Crawls every listing page; throws on a layout change, an empty first page or a total far from what was read. */
export async function crawlFcaListing(http: PageFetcher, save: SaveFile, crawl: FcaCrawl): Promise<void> {
  const items: FcaListedWarning[] = [];
  let total: number | null = null;
  for await (const { url, number, page } of crawlPages(http, {
    first: crawl.first,
    maxPages: crawl.maxPages,
    pauseMs: crawl.pauseMs,
    read: (res, pageUrl) => readFcaListingPage(res.text(), pageUrl),
  })) {
    if (page.items.length === 0) {
      if (number === 1) throw new Error(`${url}: the first page lists no warnings (layout changed?)`);
      break; // past the last page
    }
    total ??= page.total;
    items.push(...page.items);
  }
  // Warnings published while crawling shift the pages: the same warning may be read twice.
  // The total counts listing rows: compare it with the rows read, before dropping those repeats.
  if (total !== null && (items.length < total * 0.9 || items.length > total * 1.1 + 10))
    throw new Error(`${crawl.first}: the site declares ${total} warnings but ${items.length} were read`);
  const unique = [...new Map(items.map((i) => [i.detail_url, i])).values()];
  await save(crawl.file, `${JSON.stringify({ source: crawl.first, total, items: unique }, null, 2)}\n`);
}
