// Crawls the NCA Most Wanted page: one Joomla blog grid (`div.most-wanted-grid`) whose items each link to a
// person page (`a[itemprop=url]`, else the heading link), with a photo and usually a line of intro text. The
// persons are saved as one JSON file.
import * as cheerio from 'cheerio';
import type { PageFetcher, SaveFile } from '../../list-source.js';
import { clean } from '../../formats/text.js';

/** One person as gathered by the crawl (saved as JSON; parse reads these). */
export interface NcaWantedItem {
  readonly name: string;
  readonly description: string | null;
  readonly detail_url: string;
  readonly image_url: string | null;
}

const absolute = (href: string | undefined, base: string): string | null => {
  const h = href?.trim();
  if (!h) return null;
  try {
    return new URL(h, base).toString();
  } catch {
    return null;
  }
};

/** The grid's items; throws when the grid is missing or holds no linked person (layout change). */
export function readNcaGrid(html: string, pageUrl: string): NcaWantedItem[] {
  const $ = cheerio.load(html);
  const grid = $('div.most-wanted-grid').first();
  if (grid.length === 0) throw new Error(`${pageUrl}: no div.most-wanted-grid (layout changed?)`);
  const items: NcaWantedItem[] = [];
  const seen = new Set<string>();
  // Each person is an element holding a link to /most-wanted/<slug>; rows and columns wrap them.
  grid.find('a[itemprop="url"], h2 a, h3 a, .page-header a').each((_, a) => {
    const link = $(a);
    const detail = absolute(link.attr('href'), pageUrl);
    const name = clean(link.text());
    if (!detail || !name || seen.has(detail)) return;
    seen.add(detail);
    const item = link.closest('[itemprop="blogPost"], .item, [class*="column-"]');
    const box = item.length > 0 ? item : link.parent().parent();
    const img = box.find('img').first();
    const intro = clean(
      box
        .find('p, [itemprop="description"], .intro')
        .map((__, p) => $(p).text())
        .get()
        .join(' '),
    );
    items.push({
      name,
      description: intro,
      detail_url: detail,
      image_url: absolute(img.attr('src') ?? img.attr('data-src'), pageUrl),
    });
  });
  if (items.length === 0)
    throw new Error(`${pageUrl}: div.most-wanted-grid holds no linked person (layout changed?)`);
  return items;
}

/** The first paragraph of a person page's article body (the appeal text); null when there is none. */
export function readNcaPersonDescription(html: string): string | null {
  const $ = cheerio.load(html);
  const body = $('[itemprop="articleBody"]').first();
  if (body.length === 0) return null;
  const first = body
    .find('p')
    .map((_, p) => clean($(p).text()))
    .get()
    .find((t) => t !== null);
  return first ?? clean(body.text());
}

/** Reads the grid, fetching a person's page only when the grid gives no intro text, and saves the persons. */
export async function crawlNcaMostWanted(
  http: PageFetcher,
  save: SaveFile,
  crawl: { readonly pageUrl: string; readonly file: string; readonly pauseMs: number },
): Promise<void> {
  const { pageUrl, pauseMs } = crawl;
  const items = readNcaGrid((await http.fetch(pageUrl)).text(), pageUrl);
  const out: NcaWantedItem[] = [];
  for (const item of items) {
    if (item.description !== null) {
      out.push(item);
      continue;
    }
    await http.pause(pauseMs);
    out.push({ ...item, description: readNcaPersonDescription((await http.fetch(item.detail_url)).text()) });
  }
  await save(crawl.file, `${JSON.stringify({ source: pageUrl, items: out }, null, 2)}\n`);
}
