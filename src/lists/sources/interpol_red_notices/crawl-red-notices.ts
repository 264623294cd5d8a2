// Crawls INTERPOL's public Red Notices. Any query answers at most 160 notices, so the crawl partitions: the whole
// list when it fits, else one query per nationality, a partition over the cap split by sex (F, M, U) and then by
// age bands (halved down to single years). Notices with no nationality are reached by a second pass over the
// countries that issued the arrest warrant. Pages of a query are followed through `_links.next`; notices are
// de-duplicated by entity_id (a notice with two nationalities is found twice). Then each notice's detail object
// is fetched. Requests are spaced by a pause.
import type { PageFetcher, SaveFile } from '../../list-source.js';
import { checkNotices, halNotices, type RedNotice } from './read-red-notices.js';
import { detailId } from './red-notice-to-entry.js';

/** The nationality codes a full Red Notice crawl partitions by: ISO 3166-1 alpha-2 (INTERPOL's nationality ids),
 * plus XK (Kosovo), which INTERPOL uses although ISO has not assigned it. */
export const INTERPOL_COUNTRY_CODES: readonly string[] = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO ' +
  'FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE ' +
  'JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO ' +
  'MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW ' +
  'PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM ' +
  'TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW XK'
).split(' ');

export interface RedNoticeCrawlOptions {
  /** The list endpoint (…/notices/v1/red); detail objects are `<baseUrl>/<id>`. */
  readonly baseUrl: string;
  readonly pauseMs: number;
  /** Results any one query can reach (INTERPOL: 160). */
  readonly cap: number;
  readonly resultPerPage: number;
  /** Nationality / warrant-country codes to partition by. */
  readonly countries: readonly string[];
  /** Fetch each notice's detail object (arrest warrants, sex, place of birth...). */
  readonly details: boolean;
  readonly listFile: string;
  readonly detailsFile: string;
}

/** The crawl fails when fewer than this share of the unfiltered total was gathered. */
export const INTERPOL_MIN_GATHERED_SHARE = 0.9;
const SEXES = ['F', 'M', 'U'];
const AGE_MIN = 0;
const AGE_MAX = 120;

type Query = Readonly<Record<string, string>>;

/** Crawls everything into the list file (and the details file) — see the top of this file. */
export async function crawlRedNotices(
  http: PageFetcher,
  save: SaveFile,
  opts: RedNoticeCrawlOptions,
): Promise<void> {
  let requests = 0;
  const get = async (url: string): Promise<unknown> => {
    if (requests++ > 0) await http.pause(opts.pauseMs);
    return (await http.fetch(url, { headers: { accept: 'application/json' } })).json();
  };
  const found = new Map<string, RedNotice>();
  const add = (notices: readonly RedNotice[]) => {
    for (const n of notices) if (!found.has(n['entity_id'] as string)) found.set(n['entity_id'] as string, n);
  };

  interface Page {
    readonly total: number;
    readonly notices: RedNotice[];
    readonly next: string | null;
  }
  const fetchPage = async (url: string): Promise<Page> => {
    const body = await get(url);
    const list = halNotices(body);
    const total = (body as Record<string, unknown> | null)?.['total'];
    if (list === null || typeof total !== 'number')
      throw new Error(`${url}: no "total" and "_embedded.notices" in the answer (layout changed?)`);
    const next = (body as { _links?: { next?: { href?: unknown } } })._links?.next?.href;
    return {
      total,
      notices: checkNotices(list, url),
      next: typeof next === 'string' && next ? new URL(next, url).toString() : null,
    };
  };
  /** Page 1 of a query. */
  const firstPage = (q: Query): Promise<Page> => {
    const u = new URL(opts.baseUrl);
    for (const [k, v] of Object.entries(q)) u.searchParams.set(k, v);
    u.searchParams.set('resultPerPage', String(opts.resultPerPage));
    u.searchParams.set('page', '1');
    return fetchPage(u.toString());
  };
  /** Page 1 and the pages after it, through `_links.next`, up to what the query can reach. */
  const follow = async (first: Page): Promise<RedNotice[]> => {
    const notices = [...first.notices];
    const reachable = Math.min(first.total, opts.cap);
    let next = first.next;
    for (let page = 2; next !== null && notices.length < reachable && page <= opts.cap; page++) {
      const p = await fetchPage(next);
      if (p.notices.length === 0) break;
      notices.push(...p.notices);
      next = p.next;
    }
    return notices;
  };

  /** Gathers one partition, splitting it while it is over the cap. */
  const gather = async (
    q: Query,
    level: 'sex' | 'age' | 'none',
    ages: [number, number] = [AGE_MIN, AGE_MAX],
  ) => {
    const first = await firstPage(q);
    if (first.total <= opts.cap || level === 'none') {
      add(await follow(first)); // fits (or cannot be split further): read all its pages
      return;
    }
    if (level === 'sex') {
      for (const sexId of SEXES) await gather({ ...q, sexId }, 'age');
      return;
    }
    const [lo, hi] = ages;
    const mid = Math.floor((lo + hi) / 2);
    for (const [a, b] of [
      [lo, mid],
      [mid + 1, hi],
    ] as Array<[number, number]>) {
      await gather({ ...q, ageMin: String(a), ageMax: String(b) }, a === b ? 'none' : 'age', [a, b]);
    }
  };

  const all = await firstPage({});
  if (all.total > 0 && all.notices.length === 0)
    throw new Error(`${opts.baseUrl}: total ${all.total} but page 1 has no notices (layout changed?)`);
  if (all.total === 0) throw new Error(`${opts.baseUrl}: no red notices at all (layout changed?)`);
  if (all.total <= opts.cap) {
    add(await follow(all));
  } else {
    add(all.notices);
    for (const nationality of opts.countries) await gather({ nationality }, 'sex');
    // Notices stating no nationality are only reachable through the country that issued the warrant.
    if (found.size < all.total)
      for (const arrestWarrantCountryId of opts.countries) await gather({ arrestWarrantCountryId }, 'sex');
  }
  if (found.size < all.total * INTERPOL_MIN_GATHERED_SHARE)
    throw new Error(
      `interpol_red_notices: gathered ${found.size} notices but the unfiltered query declares ${all.total}`,
    );

  const notices = [...found.values()].sort((a, b) =>
    (a['entity_id'] as string).localeCompare(b['entity_id'] as string),
  );
  if (opts.details) {
    const details: RedNotice[] = [];
    for (const n of notices) {
      const url = `${opts.baseUrl.replace(/\/$/, '')}/${detailId(n['entity_id'] as string)}`;
      try {
        const body = await get(url);
        details.push(...checkNotices([body], url));
      } catch (err) {
        // A notice withdrawn between the search and its detail request: its list object still stands.
        if ((err as { httpStatus?: unknown }).httpStatus === 404) continue;
        throw err;
      }
    }
    await save(opts.detailsFile, JSON.stringify(details));
  }
  await save(opts.listFile, JSON.stringify(notices));
}
