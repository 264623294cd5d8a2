// Reads an RSS 2.0 feed leniently: SEC titles carry bare "&" ("Morgan Stanley & Co. LLC") and HTML entities
// (&nbsp;) that a strict XML parser rejects, so the feed is read with cheerio's forgiving XML mode and the text
// then decoded as HTML. A document that is not RSS 2.0 (no <rss><channel>) throws: the publisher changed it;
// one that does not end with </rss> throws too: it was cut short.
import * as cheerio from 'cheerio';

/** One <item> as published, text decoded and trimmed (null when absent or empty). */
export interface RssItem {
  readonly title: string | null;
  readonly link: string | null;
  /** The description as plain text (its HTML markup removed, paragraphs kept as line breaks). */
  readonly description: string | null;
  readonly pubDate: string | null;
  readonly guid: string | null;
  readonly categories: readonly string[];
  readonly creator: string | null;
}

/** A parsed feed: the channel's own dates and its items in feed order. */
export interface RssFeed {
  readonly title: string | null;
  readonly lastBuildDate: string | null;
  readonly pubDate: string | null;
  readonly items: readonly RssItem[];
}

/** Decodes HTML entities (&nbsp;, &rsquo;) left after XML decoding; text only, never markup. */
export function decodeHtmlText(s: string): string {
  return cheerio.load(s.replace(/</g, '&lt;'), null, false).root().text();
}

/** HTML (an escaped description) to plain text with paragraph breaks; null when empty. */
export function htmlToText(html: string | null): string | null {
  if (!html) return null;
  const $ = cheerio.load(html, null, false);
  $('br').replaceWith('\n');
  $('p, div, li, h1, h2, h3, h4, tr').each((_, el) => {
    $(el).append('\n');
  });
  const text = $.root()
    .text()
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text || null;
}

const one = (s: string | undefined): string | null => {
  const t = decodeHtmlText(s ?? '')
    .replace(/[\s\u00a0]+/g, ' ')
    .trim();
  return t || null;
};

/** Parses the feed text; `file` names it in errors. */
export function readRss(text: string, file: string): RssFeed {
  const $ = cheerio.load(text, { xml: true });
  const channel = $('rss > channel').first();
  if ($('rss').length === 0 || channel.length === 0) {
    const root = $.root().children().first().prop('tagName') ?? 'nothing';
    throw new Error(
      `${file}: not an RSS 2.0 feed (root element <${String(root).toLowerCase()}>, expected <rss><channel>)`,
    );
  }
  // The forgiving parser closes what a cut file left open: a feed missing its end tag lost its last items.
  if (!/<\/rss>\s*$/i.test(text)) throw new Error(`${file}: the feed does not end with </rss>: cut short`);
  const items: RssItem[] = [];
  channel.children('item').each((_, el) => {
    const item = $(el);
    const child = (name: string) => item.children(name).first();
    const description = child('description').length ? child('description').text() : null;
    items.push({
      title: one(child('title').text()),
      link: one(child('link').text()),
      description: htmlToText(description),
      pubDate: one(child('pubDate').text()),
      guid: one(child('guid').text()),
      categories: item
        .children('category')
        .map((_, c) => one($(c).text()))
        .get()
        .filter((c): c is string => c !== null),
      creator: one(item.children('dc\\:creator').first().text()),
    });
  });
  return {
    title: one(channel.children('title').first().text()),
    lastBuildDate: one(channel.children('lastBuildDate').first().text()),
    pubDate: one(channel.children('pubDate').first().text()),
    items,
  };
}
