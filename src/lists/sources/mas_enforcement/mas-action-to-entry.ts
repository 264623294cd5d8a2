// One mas_enforcement entry per party of a listed action, with the 7-field record below.
// The parties of an MAS enforcement action: the listing's Person/Company cell when it has one (names separated by
// line breaks, ";" or "and"), else the title ("MAS Bans Former Representative Mr Tan Ah Kow", "MAS Imposes
// Composition Penalty on Lion Peak Capital Pte. Ltd."). Honorifics (Mr, Ms, Mdm, Dr) are removed; they mark a person.
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import { publishedDate } from '../../formats/published-date.js';
import { splitParties, type NamedParty } from '../../formats/party-names.js';
import { stripRole } from '../../formats/strip-role.js';
import type { MasRow } from './read-mas-listing.js';

const HONORIFIC = /\b(?:Mr|Mrs|Ms|Mdm|Madam|Miss|Dr)\.?\s+(?=[A-Z])/g;

const LEAD =
  /^(?:MAS|Monetary Authority of Singapore)\s+(?:(?:jointly\s+)?(?:issues?|imposes?|bans?|reprimands?|censures?|revokes?|suspends?|fines?|takes action against|takes enforcement action against|penalises?|prohibits?|directs?|orders?|withdraws?|cancels?|charges?|obtains?|secures?|files?|commences?|issued)\b[^]*?\b(?:on|against|of|to)\s+|(?:bans?|reprimands?|censures?|penalises?|prohibits?|charges?|suspends?|fines?)\s+)/i;

const TAIL =
  /\s+(?:for\s+|from\s+(?:acting|providing|performing|engaging|taking|conducting|dealing)|over\s+|in\s+(?:relation|connection|respect)|following\s+|with\s+(?:effect|immediate)|to\s+(?:pay|cease)|after\s+|as\s+(?:a|an)\s+)/i;

/** Names in a Person/Company cell (lines already joined with "; "). */
export function cellParties(cell: string): NamedParty[] {
  return finish(splitParties(cell.replace(HONORIFIC, (m) => `${m.trim()} `)));
}

/** Parties named in a title (empty when none). */
export function titleParties(title: string): NamedParty[] {
  const t = title.replace(/[\u00a0\s]+/g, ' ').trim();
  const lead = LEAD.exec(t);
  if (!lead) return [];
  let body = t.slice(lead[0].length);
  const tail = TAIL.exec(body);
  if (tail) body = body.slice(0, tail.index);
  // "Former Representative Mr Tan Ah Kow": the honorific starts the name.
  const out: NamedParty[] = [];
  for (const p of splitParties(body)) {
    const h = /\b(?:Mr|Mrs|Ms|Mdm|Madam|Miss|Dr)\.?\s+(?=[A-Z])/.exec(p.name);
    const name = h ? p.name.slice(h.index) : stripRole(p.name);
    if (name === null) continue;
    out.push(...finish(splitParties(name)).map((q) => ({ ...q, aliases: [...q.aliases, ...p.aliases] })));
  }
  return out;
}

/** Removes honorifics; a name that carried one is a person. */
function finish(parties: NamedParty[]): NamedParty[] {
  return parties.map((p) => {
    const had = /^(?:Mr|Mrs|Ms|Mdm|Madam|Miss|Dr)\.?\s+/.test(p.name);
    const name = p.name.replace(/^(?:Mr|Mrs|Ms|Mdm|Madam|Miss|Dr)\.?\s+/, '').trim();
    return { ...p, name, kind: had ? 'person' : p.kind };
  });
}

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
