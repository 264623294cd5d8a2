// One saved FCA warning to a ListEntry with the 6-field record. The warned firm's name, its other names and the
// clone marker come from the warning title, e.g. `Alpha Test Capital Ltd (Clone of FCA authorised firm)` or
// `Beta Test Markets Ltd t/a BTM Trade`.
import type { ListEntry } from '../../list-source.js';
import type { FcaListedWarning } from './crawl-fca-listing.js';

/** Name, aliases and what the firm is a clone of (null when not a clone). */
export interface FcaTitleParts {
  readonly name: string;
  readonly aliases: string[];
  readonly clone_of: string | null;
}

// `(Clone of ...)`, `- Clone of ...`, `... clone of ...` or `(clone)` at the end of the title; a name that merely
// contains the word (`Clone Capital Ltd`, `XYZ Clone Services`) is not a clone marker.
const CLONE =
  /\s*(?:\(\s*clone\b(?:\s+of)?|[-–]\s*clone\b(?:\s+of)?|\bclone\s+of)\s*(?:an?\s+)?([^)]*?)\s*\)?\s*$/i;

export function parseFcaTitle(title: string): FcaTitleParts {
  let rest = title.replace(/\s+/g, ' ').trim();
  let cloneOf: string | null = null;
  const clone = CLONE.exec(rest);
  if (clone && clone.index > 0) {
    cloneOf = clone[1]!.trim() || 'authorised firm';
    rest = rest.slice(0, clone.index).trim();
  }
  rest = rest.replace(/[\s,;:–-]+$/, '');
  const parts = rest
    .split(/\s+(?:t\/a|trading as|aka|a\.k\.a\.|also known as)\s+/i)
    .map((p) => p.replace(/^[\s(]+|[\s)]+$/g, '').trim())
    .filter((p) => p !== '');
  const name = parts[0] ?? rest;
  return { name, aliases: [...new Set(parts.slice(1))].filter((a) => a !== name), clone_of: cloneOf };
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** `06/05/2025` (UK day first) or `6 May 2025` → `2025-05-06`; anything else kept as shown; null stays null. */
export function fcaDate(shown: string | null): string | null {
  if (shown === null) return null;
  let y: string, m: number, d: number;
  const num = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(shown.trim());
  const txt = /^(\d{1,2})\s+([A-Za-z]+)\s+(\d{4})$/.exec(shown.trim());
  if (num) [d, m, y] = [Number(num[1]), Number(num[2]), num[3]!];
  else if (txt) {
    const i = MONTHS.findIndex((mm) => mm.startsWith(txt[2]!.toLowerCase().slice(0, 3)));
    if (i < 0) return shown;
    [d, m, y] = [Number(txt[1]), i + 1, txt[3]!];
  } else if (/^\d{4}-\d{2}-\d{2}/.test(shown)) return shown.slice(0, 10);
  else return shown;
  const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso ? iso : shown;
}

/** `/news/warnings/alpha-test-capital` → `alpha-test-capital`. */
export function fcaUid(detailUrl: string): string {
  const path = new URL(detailUrl).pathname.replace(/\/+$/, '');
  return decodeURIComponent(path.split('/').pop() ?? '') || detailUrl;
}

/** The entry of one saved warning (`sourceUid` as derived from its address: the source numbers repeats). */
export function fcaWarningToEntry(raw: Partial<FcaListedWarning>, where: string): ListEntry {
  if (typeof raw.title !== 'string' || !raw.title.trim() || typeof raw.detail_url !== 'string')
    throw new Error(`${where} lacks title or detail_url`);
  const { name, aliases, clone_of } = parseFcaTitle(raw.title);
  const record = {
    name,
    detail_url: raw.detail_url,
    published_at: fcaDate(typeof raw.published === 'string' ? raw.published : null),
    warned_type: clone_of !== null ? 'clone firm' : 'unauthorised firm',
    clone_of,
    description: typeof raw.summary === 'string' ? raw.summary : null,
  };
  return { list: 'fca_warnings', sourceUid: fcaUid(raw.detail_url), name, aliases, kind: 'entity', record };
}
