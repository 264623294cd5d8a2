// One wanted-subject item of the FBI wanted API → a ListEntry with the 16-field record.
import * as cheerio from 'cheerio';
import type { ListEntry } from '../../list-source.js';
import { clean, cleanBlock } from '../../formats/text.js';
import type { FbiItem } from './read-fbi-file.js';
import { recordFacts } from '../../facts/record-facts.js';

// Which FBI wanted-API items are wanted subjects. The API also publishes missing persons, kidnapping and homicide
// victims, unidentified remains and appeals for information about an event; none of them may be screened as a
// wanted person, so only items that pass every rule below become entries.

/** Why an item is left out, or null when it is a wanted subject. */
export type FbiExclusion =
  'victim' | 'missing_person' | 'seeking_information' | 'other_poster_class' | 'unidentified';

/** Poster classes that are wanted posters (`ten`: Ten Most Wanted; `terrorist`: Most Wanted Terrorists). */
export const WANTED_POSTER_CLASSES: ReadonlySet<string> = new Set(['default', 'ten', 'terrorist']);

/** Poster paths under which the FBI files victims, missing and unidentified persons and appeals. */
const NON_WANTED_PATHS: ReadonlyArray<[RegExp, FbiExclusion]> = [
  [/\/wanted\/vicap\//i, 'missing_person'],
  [/\/wanted\/kidnap\//i, 'missing_person'],
  [/\/wanted\/ecap\//i, 'unidentified'],
  [/\/wanted\/seeking-info\//i, 'seeking_information'],
];

/** Subjects (categories) that mark a victim, missing or unidentified person, whatever the poster class says. */
const NON_WANTED_SUBJECTS: ReadonlyArray<[RegExp, FbiExclusion]> = [
  [/^vicap\b/i, 'missing_person'],
  [/kidnappings and missing persons/i, 'missing_person'],
  [/missing person/i, 'missing_person'],
  [/unidentified/i, 'unidentified'],
  [/seeking information/i, 'seeking_information'],
];

/** Placeholder names of unknown subjects: nothing to screen a name against. */
const UNIDENTIFIED_TITLE = /^(john|jane) doe\b|^unknown (subject|suspect|individual|male|female)s?\b/i;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Null when `item` is a wanted subject; otherwise the reason it is excluded. */
export function fbiExclusion(item: FbiItem): FbiExclusion | null {
  if (/^victim$/i.test(str(item['person_classification']).trim())) return 'victim';
  const poster = str(item['poster_classification']).trim().toLowerCase();
  if (poster === 'missing' || poster === 'kidnapping') return 'missing_person';
  if (poster === 'information') return 'seeking_information';
  if (!WANTED_POSTER_CLASSES.has(poster)) return 'other_poster_class';
  const where = `${str(item['path'])} ${str(item['url'])}`;
  for (const [re, why] of NON_WANTED_PATHS) if (re.test(where)) return why;
  const subjects = Array.isArray(item['subjects']) ? (item['subjects'] as unknown[]).map(str) : [];
  for (const s of subjects) for (const [re, why] of NON_WANTED_SUBJECTS) if (re.test(s)) return why;
  if (UNIDENTIFIED_TITLE.test(str(item['title']).trim())) return 'unidentified';
  return null;
}

export const FBI_SLUG = 'fbi_most_wanted';

/** The record of one wanted person (16 keys; the spec's leading four first). */
export interface FbiRecord {
  name: string;
  uid: string;
  crime_type: string | null;
  aliases: string[];
  charges: string | null;
  caution: string | null;
  warning_message: string | null;
  reward_text: string | null;
  dates_of_birth_used: string[] | null;
  place_of_birth: string | null;
  nationality: string | null;
  sex: string | null;
  physical: {
    race: string | null;
    hair: string | null;
    eyes: string | null;
    height_min: number | null;
    height_max: number | null;
    weight: string | null;
    build: string | null;
    complexion: string | null;
    scars_and_marks: string | null;
    age_range: string | null;
    languages: string[] | null;
    occupations: string[] | null;
  };
  field_offices: string[] | null;
  poster: {
    poster_classification: string | null;
    person_classification: string | null;
    status: string | null;
    publication: string | null;
    modified: string | null;
    image_url: string | null;
  };
  url: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' ? clean(v) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const list = (v: unknown): string[] | null => {
  if (!Array.isArray(v)) return null;
  const out = v.map(text).filter((s): s is string => s !== null);
  return out.length > 0 ? out : null;
};

/** The FBI writes caution/details/remarks as HTML paragraphs: plain text, one line per paragraph. */
export function htmlToText(html: unknown): string | null {
  if (typeof html !== 'string' || !html.trim()) return null;
  const $ = cheerio.load(html.replace(/<br\s*\/?>/gi, '\n').replace(/<\/(p|div|li)>/gi, '\n'));
  const lines = $.root()
    .text()
    .split('\n')
    .map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((l) => l.length > 0);
  return cleanBlock(lines.join('\n'));
}

const QUOTES = /^["'“”‘’]+|["'“”‘’]+$/g;
const QUOTED = /^["'“”‘’]|["'“”‘’]$/;

/**
 * Aliases as published, quotes removed. A quoted alias (`"Rudy"`, `“Mystickal”`) is a nickname: kept as an alias
 * and marked weak. Duplicates and the name itself are dropped.
 */
export function fbiAliases(raw: unknown, name: string): { aliases: string[]; weak: string[] } {
  const aliases: string[] = [];
  const weak: string[] = [];
  const seen = new Set([name.toLowerCase()]);
  for (const a of Array.isArray(raw) ? raw : []) {
    const t = text(a);
    if (t === null) continue;
    const quoted = QUOTED.test(t);
    const bare = clean(t.replace(QUOTES, ''));
    if (bare === null || seen.has(bare.toLowerCase())) continue;
    seen.add(bare.toLowerCase());
    aliases.push(bare);
    if (quoted) weak.push(bare);
  }
  return { aliases, weak };
}

/** Builds the entry; call only for items fbiExclusion() keeps. */
export function fbiItemToEntry(item: FbiItem, where: string): ListEntry {
  const uid = text(item['uid']);
  const name = text(item['title']);
  if (uid === null) throw new Error(`${where}: an item has no uid`);
  if (name === null) throw new Error(`${where}: item ${uid} has no title`);
  const { aliases, weak } = fbiAliases(item['aliases'], name);
  const subjects = list(item['subjects']);
  const images = Array.isArray(item['images']) ? (item['images'] as Array<Record<string, unknown>>) : [];
  const record: FbiRecord = {
    name,
    uid,
    crime_type: subjects ? subjects.join('; ') : null,
    aliases,
    charges: typeof item['description'] === 'string' ? cleanBlock(item['description']) : null,
    caution: htmlToText(item['caution']) ?? htmlToText(item['details']),
    warning_message: text(item['warning_message']),
    reward_text: text(item['reward_text']),
    dates_of_birth_used: list(item['dates_of_birth_used']),
    place_of_birth: text(item['place_of_birth']),
    nationality: text(item['nationality']),
    sex: text(item['sex']),
    physical: {
      race: text(item['race_raw']) ?? text(item['race']),
      hair: text(item['hair_raw']) ?? text(item['hair']),
      eyes: text(item['eyes_raw']) ?? text(item['eyes']),
      height_min: num(item['height_min']),
      height_max: num(item['height_max']),
      weight: text(item['weight']),
      build: text(item['build']),
      complexion: text(item['complexion']),
      scars_and_marks: text(item['scars_and_marks']),
      age_range: text(item['age_range']),
      languages: list(item['languages']),
      occupations: list(item['occupations']),
    },
    field_offices: list(item['field_offices']),
    poster: {
      poster_classification: text(item['poster_classification']),
      person_classification: text(item['person_classification']),
      status: text(item['status']),
      publication: text(item['publication']),
      modified: text(item['modified']),
      image_url: text(images[0]?.['original']) ?? text(images[0]?.['large']),
    },
    url: text(item['url']),
  };
  return {
    list: FBI_SLUG,
    sourceUid: uid,
    name,
    aliases,
    weakAliases: weak,
    kind: 'person',
    record: record as unknown as Record<string, unknown>,
  };
}

/** The facts of an FBI wanted poster. */
export const fbiFacts = recordFacts({
  birthDates: ['dates_of_birth_used'],
  countries: ['nationality', 'place_of_birth'],
});
