// One cftc_enforcement entry per party a listed action names, with the 8-field record below.
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import { publishedDate } from '../../formats/published-date.js';
import type { CftcLink, CftcRow } from './cftc-pages.js';
import { cftcTitleParties } from './cftc-title-parties.js';

export type CftcRecord = {
  readonly name: string;
  /** The action's headline as listed. */
  readonly action_title: string;
  /** What the action links to: `Press Release`, `Statement`, `PDF`, `Other`. */
  readonly document_type: string;
  /** YYYY-MM-DD from the Date column (published MM/DD/YYYY), else as published. */
  readonly action_date: string | null;
  /** The press release number from its address (`9050-25`). */
  readonly release_number: string | null;
  readonly primary_url: string | null;
  /** Related documents listed under the action (complaint, order), `{ title, url }`. */
  readonly related_documents: readonly CftcLink[];
  /** Every party the headline names (this entry's name among them). */
  readonly parties: readonly string[];
};

/** The kind of document the action links to, from its address. */
export function documentType(url: string | null): string {
  if (!url) return 'Other';
  const path = (() => {
    try {
      return new URL(url).pathname;
    } catch {
      return url;
    }
  })();
  if (/\/PressRoom\/PressReleases\//i.test(path)) return 'Press Release';
  if (/\/PressRoom\/SpeechesTestimony\//i.test(path)) return 'Statement';
  if (/\.pdf$|\/download$/i.test(path)) return 'PDF';
  return 'Other';
}

/** `9050-25` from `/PressRoom/PressReleases/9050-25`. */
export function releaseNumber(url: string | null): string | null {
  if (!url) return null;
  const last = url.split(/[?#]/)[0]!.split('/').filter(Boolean).pop() ?? '';
  return /^\d{3,5}-\d{2}$/.test(last) ? last : null;
}

export class CftcUids {
  private readonly seen = new Map<string, number>();
  take(uid: string): string {
    const n = (this.seen.get(uid) ?? 0) + 1;
    this.seen.set(uid, n);
    return n === 1 ? uid : `${uid}~${n}`;
  }
}

/** The entries of one row (none when the headline names no party). */
export function cftcRowEntries(row: CftcRow, uids: CftcUids): ListEntry[] {
  const parties = cftcTitleParties(row.title);
  if (parties.length === 0) return [];
  const number = releaseNumber(row.url);
  const base = uids.take(
    number ??
      `h-${createHash('sha256')
        .update(`${row.title}\u0000${row.url ?? ''}`)
        .digest('hex')
        .slice(0, 16)}`,
  );
  return parties.map((p, i) => {
    const record: CftcRecord = {
      name: p.name,
      action_title: row.title,
      document_type: documentType(row.url),
      action_date: publishedDate(row.date) ?? (row.date || null),
      release_number: number,
      primary_url: row.url,
      related_documents: row.related,
      parties: parties.map((q) => q.name),
    };
    return {
      list: 'cftc_enforcement',
      sourceUid: `${base}#${i + 1}`,
      name: p.name,
      aliases: p.aliases,
      kind: p.kind,
      record,
    };
  });
}
