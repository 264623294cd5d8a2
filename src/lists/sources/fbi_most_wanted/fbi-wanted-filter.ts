// Which FBI wanted-API items are wanted subjects. The API also publishes missing persons, kidnapping and homicide
// victims, unidentified remains and appeals for information about an event; none of them may be screened as a
// wanted person, so only items that pass every rule below become entries.
import type { FbiItem } from './read-fbi-file.js';

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
