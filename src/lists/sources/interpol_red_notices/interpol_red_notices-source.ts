// INTERPOL public Red Notices: the HAL JSON API at ws-public.interpol.int. Crawled by partitioned queries (any
// query answers at most 160 notices) into red_notices.json (list objects) and red_notices_details.json (detail
// objects); parse joins them by entity_id.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { crawlRedNotices, INTERPOL_COUNTRY_CODES } from './crawl-red-notices.js';
import { readRedNotices, type RedNotice } from './read-red-notices.js';
import { redNoticeFacts, INTERPOL_SLUG, redNoticeToEntry } from './red-notice-to-entry.js';

/** The official list endpoint (details at `<url>/<year>-<number>`). */
export const INTERPOL_RED_URL = 'https://ws-public.interpol.int/notices/v1/red';
export const RED_NOTICES_FILE = 'red_notices.json';
export const RED_NOTICES_DETAILS_FILE = 'red_notices_details.json';
/** Results any one query can reach. */
export const INTERPOL_QUERY_CAP = 160;
/** Politeness pause between requests. */
export const INTERPOL_PAUSE_MS = 250;

export interface InterpolRedNoticesOptions {
  readonly baseUrl?: string;
  readonly pauseMs?: number;
  readonly cap?: number;
  readonly resultPerPage?: number;
  readonly countries?: readonly string[];
  readonly details?: boolean;
}

async function* parseRedNotices(files: FileSet): AsyncGenerator<ListEntry> {
  if (!files.has(RED_NOTICES_FILE)) throw new Error(`${INTERPOL_SLUG}: ${RED_NOTICES_FILE} is not present`);
  const listed = await readRedNotices(files, RED_NOTICES_FILE);
  if (listed.length === 0) throw new Error(`${RED_NOTICES_FILE}: no notices`);
  const details = new Map<string, RedNotice>();
  if (files.has(RED_NOTICES_DETAILS_FILE))
    for (const d of await readRedNotices(files, RED_NOTICES_DETAILS_FILE))
      if (!details.has(d['entity_id'] as string)) details.set(d['entity_id'] as string, d);
  const seen = new Set<string>();
  // A notice found by several queries (two nationalities, overlapping pages) is one entry.
  for (const n of listed) {
    const id = n['entity_id'] as string;
    if (seen.has(id)) continue;
    seen.add(id);
    yield redNoticeToEntry(n, details.get(id) ?? null);
  }
  // A detail whose list object is missing is a full notice in itself.
  for (const [id, d] of details) {
    if (seen.has(id)) continue;
    seen.add(id);
    yield redNoticeToEntry(null, d);
  }
}

/** Builds the source; the registry uses the official endpoint, tests a loopback one. */
export function createInterpolRedNoticesSource(opts: InterpolRedNoticesOptions = {}): ListSource {
  const baseUrl = opts.baseUrl ?? INTERPOL_RED_URL;
  return {
    slug: INTERPOL_SLUG,
    title: 'INTERPOL Red Notices',
    publisher: 'INTERPOL',
    legacy: false,
    format:
      'HAL JSON API ({total, _embedded: {notices}, _links: {next}}), at most 160 results per query: crawled by ' +
      'nationality, sex and age partitions into red_notices.json (list objects) and red_notices_details.json ' +
      '(detail objects of /notices/v1/red/{id})',
    cadence: 'Continuous (notices published and withdrawn daily)',
    fileSets: [
      [
        { name: RED_NOTICES_FILE, url: baseUrl },
        { name: RED_NOTICES_DETAILS_FILE, url: `${baseUrl}/{id}`, optional: true },
      ],
    ],
    crawl: (http, save) =>
      crawlRedNotices(http, save, {
        baseUrl,
        pauseMs: opts.pauseMs ?? INTERPOL_PAUSE_MS,
        cap: opts.cap ?? INTERPOL_QUERY_CAP,
        resultPerPage: opts.resultPerPage ?? INTERPOL_QUERY_CAP,
        countries: opts.countries ?? INTERPOL_COUNTRY_CODES,
        details: opts.details ?? true,
        listFile: RED_NOTICES_FILE,
        detailsFile: RED_NOTICES_DETAILS_FILE,
      }),
    factsOf: redNoticeFacts,
    parse: parseRedNotices,
  };
}

/** INTERPOL public Red Notices. */
export const interpolRedNoticesSource: ListSource = createInterpolRedNoticesSource();
