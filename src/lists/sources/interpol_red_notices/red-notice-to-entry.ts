// One Red Notice (its list object, enriched by its detail object when present) → a ListEntry, 12-field record.
import type { ListEntry } from '../../list-source.js';
import { clean, cleanBlock } from '../../formats/text.js';
import type { RedNotice } from './read-red-notices.js';
import { recordFacts } from '../../facts/record-facts.js';

export const INTERPOL_SLUG = 'interpol_red_notices';

/** The record of one notice (12 keys; the spec's leading four first). */
export interface RedNoticeRecord {
  notice_id: string;
  name: string;
  forename: string | null;
  family_name: string | null;
  date_of_birth: string | null;
  nationalities: string[];
  sex_id: string | null;
  place_of_birth: string | null;
  country_of_birth_id: string | null;
  /** Null when no detail object was read (the list objects do not carry warrants). */
  arrest_warrants: Array<{
    issuing_country_id: string | null;
    charge: string | null;
    charge_translation: string | null;
  }> | null;
  physical: {
    height: number | null;
    weight: number | null;
    eyes_colors_id: string[] | null;
    hairs_id: string[] | null;
    distinguishing_marks: string | null;
    languages_spoken_ids: string[] | null;
  } | null;
  links: {
    detail_url: string | null;
    images_url: string | null;
    thumbnail_url: string | null;
    linked_notices: Array<{ notice_id: string; name: string | null; forename: string | null }>;
  };
}

const text = (v: unknown): string | null => (typeof v === 'string' ? clean(v) : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : null);
const codes = (v: unknown): string[] | null => {
  if (!Array.isArray(v)) return null;
  const out = v.map(text).filter((s): s is string => s !== null);
  return out.length > 0 ? out : null;
};
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const href = (links: unknown, rel: string): string | null => text(obj(obj(links)[rel])['href']);

/** `2022/46614` → `2022-46614`: the id in the detail URL. */
export const detailId = (entityId: string): string => entityId.replace(/\//g, '-');

/** `1999/01/23` → `1999-01-23`; a year alone (`1985`) is kept; anything else as published. */
export function normaliseDob(v: unknown): string | null {
  const t = text(v);
  if (t === null) return null;
  const m = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(t);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : t;
}

/** Builds the entry from the list object and (optionally) the detail object of the same notice. */
export function redNoticeToEntry(listed: RedNotice | null, detail: RedNotice | null): ListEntry {
  const n = { ...(listed ?? {}), ...(detail ?? {}) };
  const noticeId = text(n['entity_id'])!;
  const forename = text(n['forename']);
  const familyName = text(n['name']);
  const name = [forename, familyName].filter((s) => s !== null).join(' ');
  if (!name) throw new Error(`${INTERPOL_SLUG}: notice ${noticeId} has neither forename nor name`);
  const warrants =
    detail && Array.isArray(detail['arrest_warrants']) ? (detail['arrest_warrants'] as unknown[]) : null;
  const linked = Array.isArray(obj(n['_embedded'])['links'])
    ? (obj(n['_embedded'])['links'] as unknown[])
    : [];
  const record: RedNoticeRecord = {
    notice_id: noticeId,
    name,
    forename,
    family_name: familyName,
    date_of_birth: normaliseDob(n['date_of_birth']),
    nationalities: codes(n['nationalities']) ?? [],
    sex_id: text(n['sex_id']),
    place_of_birth: text(n['place_of_birth']),
    country_of_birth_id: text(n['country_of_birth_id']),
    arrest_warrants: warrants
      ? warrants.map((w) => ({
          issuing_country_id: text(obj(w)['issuing_country_id']),
          charge: typeof obj(w)['charge'] === 'string' ? cleanBlock(obj(w)['charge'] as string) : null,
          charge_translation:
            typeof obj(w)['charge_translation'] === 'string'
              ? cleanBlock(obj(w)['charge_translation'] as string)
              : null,
        }))
      : null,
    physical: detail
      ? {
          height: num(detail['height']),
          weight: num(detail['weight']),
          eyes_colors_id: codes(detail['eyes_colors_id']),
          hairs_id: codes(detail['hairs_id']),
          distinguishing_marks: text(detail['distinguishing_marks']),
          languages_spoken_ids: codes(detail['languages_spoken_ids']),
        }
      : null,
    links: {
      detail_url: href(n['_links'], 'self'),
      images_url: href(n['_links'], 'images'),
      thumbnail_url: href(n['_links'], 'thumbnail'),
      linked_notices: linked
        .map(obj)
        .filter((l) => typeof l['entity_id'] === 'string')
        .map((l) => ({
          notice_id: l['entity_id'] as string,
          name: text(l['name']),
          forename: text(l['forename']),
        })),
    },
  };
  return {
    list: INTERPOL_SLUG,
    sourceUid: noticeId,
    name,
    aliases: [],
    kind: 'person',
    record: record as unknown as Record<string, unknown>,
  };
}

/** The facts of a red notice. */
export const redNoticeFacts = recordFacts({
  birthDates: ['date_of_birth'],
  countries: ['nationalities', 'country_of_birth_id'],
});
