// Crawls the Ukraine GUR "War & Sanctions" shadow-fleet pages: the paged list of ships (links to
// /en/transport/shadow-fleet/<id>), then each ship's page, whose label/value rows give the vessel's name, IMO,
// flag and the companies behind it, each written "Name (IMO / Country / Date)" under a role label. The ships are
// saved as one JSON file.
import * as cheerio from 'cheerio';
import type { PageFetcher, SaveFile } from '../../list-source.js';
import { crawlPages } from '../../formats/crawl-pages.js';
import { clean } from '../../formats/text.js';

/** A company as linked to one vessel. */
export interface GurShipCompany {
  readonly role: string;
  /** The role label as shown (`Commercial ship manager`). */
  readonly role_label: string;
  readonly name: string;
  readonly company_imo: string | null;
  readonly country: string | null;
  /** `YYYY-MM-DD` when the date reads DD.MM.YYYY, else as shown. */
  readonly since: string | null;
}

/** One ship page, as saved by the crawl. */
export interface GurShip {
  readonly ship_id: string;
  readonly detail_url: string;
  readonly name: string | null;
  readonly imo: string | null;
  readonly flag: string | null;
  readonly companies: GurShipCompany[];
}

/** The list page: ship links and the next page. */
export interface GurListPage {
  readonly ships: string[];
  readonly next: string | null;
}

const SHIP_LINK = /\/transport\/shadow-fleet\/(\d+)\/?$/;

export function readGurListPage(html: string, pageUrl: string): GurListPage {
  const $ = cheerio.load(html);
  const ships = new Set<string>();
  $('a[href]').each((_, a) => {
    const href = $(a).attr('href')!;
    try {
      const u = new URL(href, pageUrl);
      if (SHIP_LINK.test(u.pathname)) ships.add(`${u.origin}${u.pathname.replace(/\/$/, '')}`);
    } catch {
      // not a URL: ignore
    }
  });
  const nextHref =
    $('a[rel="next"]').first().attr('href') ??
    $('.pagination li.next a, .pagination .next a').first().attr('href');
  return { ships: [...ships], next: nextHref ? new URL(nextHref, pageUrl).toString() : null };
}

/** Role labels the site uses, to our role names. */
const ROLES: ReadonlyArray<[RegExp, string]> = [
  [/^(ship\s*owner|shipowner|registered\s+owner|owner)\b/i, 'owner'],
  [/^beneficial\s+owner/i, 'beneficial_owner'],
  [/^commercial\s+(ship\s+)?manager/i, 'commercial_manager'],
  [/(safety\s+management|ism)\b.*manager|^ism\b/i, 'ism_manager'],
  [/^technical\s+manager/i, 'technical_manager'],
  [/^(ship\s+)?operator/i, 'operator'],
];

/** Our role for a row label; null for rows that are not companies. */
export function gurRole(label: string): string | null {
  for (const [re, role] of ROLES) if (re.test(label.trim())) return role;
  return null;
}

/** `12.03.2023` → `2023-03-12`; other text kept; empty → null. */
function date(s: string | null): string | null {
  const t = clean(s);
  if (t === null || t === '-') return null;
  const m = /^(?:since\s+)?(\d{2})\.(\d{2})\.(\d{4})$/i.exec(t);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : t;
}

const orNull = (s: string | undefined): string | null => {
  const t = clean(s);
  return t === null || /^[-–—]$|^n\/?a$|^unknown$/i.test(t) ? null : t;
};

/** `Test Shipping Ltd (5551234 / Seychelles / 12.03.2023)` → its parts; a bare name has null parts. */
export function parseGurCompany(text: string, role: string, roleLabel: string): GurShipCompany | null {
  const t = clean(text);
  if (t === null || /^[-–—]$/.test(t)) return null;
  const m = /^(.*?)\s*\(([^()]*\/[^()]*)\)\s*$/.exec(t);
  if (!m) return { role, role_label: roleLabel, name: t, company_imo: null, country: null, since: null };
  const [imo, country, since] = m[2]!.split('/').map((p) => p.trim());
  const imoDigits = (imo ?? '').replace(/\D/g, '');
  return {
    role,
    role_label: roleLabel,
    name: m[1]!.trim(),
    company_imo: /^\d{7}$/.test(imoDigits) ? imoDigits : orNull(imo),
    country: orNull(country),
    since: date(since ?? null),
  };
}

/** Label/value rows: table rows, dt/dd pairs, and `.info-row`-like divs of a label and a value. */
function rows($: cheerio.CheerioAPI): Array<{ label: string; value: cheerio.Cheerio<never> }> {
  const out: Array<{ label: string; value: cheerio.Cheerio<never> }> = [];
  const label = (el: cheerio.Cheerio<never>) => (clean(el.text()) ?? '').replace(/\s*:$/, '');
  $('tr').each((_, tr) => {
    const cells = $(tr).children('th, td');
    if (cells.length >= 2) out.push({ label: label(cells.eq(0) as never), value: cells.eq(1) as never });
  });
  $('dt').each((_, dt) => {
    out.push({ label: label($(dt) as never), value: $(dt).next('dd') as never });
  });
  $('.info-row, .tools-spec__row, .ship-info__row').each((_, row) => {
    const kids = $(row).children();
    if (kids.length >= 2) out.push({ label: label(kids.eq(0) as never), value: kids.eq(1) as never });
  });
  return out;
}

/** Reads a ship page; throws when it has neither a vessel name nor an IMO (layout changed). */
export function readGurShipPage(html: string, detailUrl: string): GurShip {
  const $ = cheerio.load(html);
  const pairs = rows($);
  const value = (re: RegExp) => {
    const row = pairs.find((p) => re.test(p.label));
    return row ? orNull(row.value.text()) : null;
  };
  const imoText = value(/^IMO\b/i);
  const imo = imoText ? (/\b(\d{7})\b/.exec(imoText)?.[1] ?? imoText) : null;
  const name = value(/^(vessel|ship)\s+name$|^name$/i) ?? orNull($('h1').first().text());
  if (imo === null && name === null)
    throw new Error(`${detailUrl}: no vessel name or IMO row (layout changed?)`);
  const companies: GurShipCompany[] = [];
  for (const p of pairs) {
    const role = gurRole(p.label);
    if (role === null) continue;
    // A cell may list several companies (list items or line breaks).
    const items = p.value.find('li');
    const texts =
      items.length > 0
        ? items.map((_, li) => $(li).text()).get()
        : (p.value.html() ?? '').split(/<br\s*\/?>/i).map((h) => cheerio.load(`<p>${h}</p>`)('p').text());
    for (const text of texts) {
      const c = parseGurCompany(text, role, p.label);
      if (c) companies.push(c);
    }
  }
  return {
    ship_id: SHIP_LINK.exec(new URL(detailUrl).pathname)?.[1] ?? detailUrl,
    detail_url: detailUrl,
    name,
    imo,
    flag: value(/^flag/i),
    companies,
  };
}

/** How the crawl is run (tests point it at a loopback server with no pause). */
export interface GurCrawl {
  readonly first: string;
  readonly file: string;
  readonly pauseMs: number;
  readonly maxPages: number;
}

/** Crawls the list pages, then every ship page; throws when the layout changed. */
export async function crawlGurShadowFleet(http: PageFetcher, save: SaveFile, crawl: GurCrawl): Promise<void> {
  const shipUrls: string[] = [];
  for await (const { url, number, page } of crawlPages(http, {
    first: crawl.first,
    maxPages: crawl.maxPages,
    pauseMs: crawl.pauseMs,
    read: (res, pageUrl) => readGurListPage(res.text(), pageUrl),
  })) {
    if (page.ships.length === 0) {
      if (number === 1) throw new Error(`${url}: the list links no ship page (layout changed?)`);
      break;
    }
    for (const s of page.ships) if (!shipUrls.includes(s)) shipUrls.push(s);
  }
  const ships: GurShip[] = [];
  for (const shipUrl of shipUrls) {
    await http.pause(crawl.pauseMs);
    ships.push(readGurShipPage((await http.fetch(shipUrl)).text(), shipUrl));
  }
  if (!ships.some((s) => s.companies.length > 0))
    throw new Error(`${crawl.first}: no ship page lists an owner or manager (layout changed?)`);
  await save(crawl.file, `${JSON.stringify({ source: crawl.first, ships }, null, 2)}\n`);
}
