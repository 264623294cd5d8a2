// One mas_enforcement entry per party of a listed action, with the 7-field record below.
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import { publishedDate } from '../../formats/published-date.js';
import type { MasRow } from './mas-listing.js';
import { cellParties, titleParties } from './mas-parties.js';

export type MasRecord = {
  readonly name: string;
  /** As listed: "Prohibition Order", "Composition Penalty", "Reprimand", "Civil Penalty", "Revocation"... */
  readonly action_type: string | null;
  readonly action_title: string;
  /** YYYY-MM-DD from Issue Date (published "04 Mar 2025"), else as published. */
  readonly action_date: string | null;
  /** The Person/Company cell as published (lines joined with "; "). */
  readonly person_company: string | null;
  /** The action's article on mas.gov.sg. */
  readonly primary_url: string | null;
  /** Every party of the action (this entry's name among them). */
  readonly parties: readonly string[];
};

export class MasUids {
  private readonly seen = new Map<string, number>();
  take(uid: string): string {
    const n = (this.seen.get(uid) ?? 0) + 1;
    this.seen.set(uid, n);
    return n === 1 ? uid : `${uid}~${n}`;
  }
}

/** The entries of one action: parties from Person/Company, else from the title; none when neither names one. */
export function masRowEntries(row: MasRow, uids: MasUids): ListEntry[] {
  const fromCell = row.personCompany ? cellParties(row.personCompany) : [];
  const parties = fromCell.length > 0 ? fromCell : titleParties(row.title);
  if (parties.length === 0) return [];
  let slug: string | null = null;
  if (row.url) slug = new URL(row.url).pathname.split('/').filter(Boolean).pop() ?? null;
  const base = uids.take(
    slug ?? `h-${createHash('sha256').update(`${row.title}\u0000${row.date}`).digest('hex').slice(0, 16)}`,
  );
  return parties.map((p, i) => {
    const record: MasRecord = {
      name: p.name,
      action_type: row.actionType,
      action_title: row.title,
      action_date: publishedDate(row.date) ?? (row.date || null),
      person_company: row.personCompany,
      primary_url: row.url,
      parties: parties.map((q) => q.name),
    };
    return {
      list: 'mas_enforcement',
      sourceUid: `${base}#${i + 1}`,
      name: p.name,
      aliases: p.aliases,
      kind: p.kind,
      record,
    };
  });
}
