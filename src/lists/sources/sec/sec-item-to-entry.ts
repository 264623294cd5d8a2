// Builds the `sec` entries: one entry per party named by an RSS item, PAUSE row or receivership row, listed as
// `sec_<stream>`, each with the 10-field record below.
// The parties an SEC item names in its title. Litigation releases are titled by caption ("SEC v. John Doe,
// et al.", "Securities and Exchange Commission v. Acme Corp. and Jane Roe") or by the defendants alone;
// administrative proceedings by "In the Matter of ..." or the respondents; trading suspensions by the
// issuer(s) ("Order of Suspension of Trading in the Securities of ..."). PAUSE rows carry one name each.
import { createHash } from 'node:crypto';
import type { EntryKind, ListEntry } from '../../list-source.js';
import { partyKind, splitAliases, splitParties, type NamedParty } from '../../formats/party-names.js';
import { publishedDate } from '../../formats/published-date.js';
import type { PauseRow } from './read-pause-pages.js';
import type { ReceivershipRow } from './read-receiverships.js';
import type { RssItem } from './read-sec-rss.js';

/** A stream's `sec_list` value; entries are listed as `sec_<stream>`. */
export type SecStream =
  'litigation_releases' | 'administrative_proceedings' | 'trading_suspensions' | 'pause' | 'receiverships';

/** The screening list slug of a stream. */
export const secListSlug = (stream: SecStream) => `sec_${stream}`;

const PREFIXES: readonly RegExp[] = [
  /^(?:u\.?s\.?\s+)?(?:securities and exchange commission|sec)\s+v(?:s?\.|s\b|ersus\b)\s*/i,
  /^(?:in the matter of|in re:?|matter of)\s+/i,
  /^(?:order of suspension of trading|order of trading suspension|trading suspension|suspension of trading)\s*(?:in the securities of|in|:|-|–)\s*/i,
  /^(?:sec (?:charges|obtains [^,]*? against|sues|files [^,]*? against|halts|suspends trading in))\s+/i,
  /^(?:final judgments?|judgments?|default judgments?|consent judgments?) (?:entered )?against\s+/i,
];

/** A trailing release reference: "(Release No. 34-99999)", "/ Litigation Release No. 26012 / March 4, 2025". */
const TRAILERS: readonly RegExp[] = [
  /\s*[([]?\s*(?:litigation |admin(?:istrative)? proceeding )?release nos?\.?\s*[\w-]+(?:\s*,\s*[\w-]+)*\s*[)\]]?\s*$/i,
  /\s*[/|–-]\s*(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2},\s*\d{4}\s*$/i,
  /\s*,?\s*(?:civil action|case|file) no\.?\s*[\w:.-]+.*$/i,
  /\s*\((?:[A-Z]\.D\.|[A-Z]{1,2}\.?D\.?\s?[A-Z]{1,4}\.?|[NSEWC]\.D\.\s?[\w.]+)[^)]*\)\s*$/,
];

/** The title without caption words and trailing release references. */
export function secTitleParties(title: string): NamedParty[] {
  let t = title.replace(/[\u00a0\s]+/g, ' ').trim();
  for (let again = true; again;) {
    again = false;
    for (const re of TRAILERS) {
      const next = t.replace(re, '');
      if (next !== t && next.trim()) {
        t = next.trim();
        again = true;
      }
    }
  }
  for (const re of PREFIXES) t = t.replace(re, '');
  // "Respondents: X" and "Defendants: X" forms.
  t = t.replace(/^(?:respondents?|defendants?|issuers?)\s*:\s*/i, '');
  // A headline tail after the parties: "... for Fraudulent Offering", "... with Insider Trading".
  t = t.replace(/\s+(?:with|for|in connection with|over|regarding)\s+[a-z].*$/, '');
  return splitParties(t);
}

/** The entry-details record of every `sec` entry (10 fields, leading fields as the spec fixes them). */
export type SecRecord = {
  readonly name: string;
  readonly sec_list: SecStream;
  /** The entry's id, unique within its stream (= sourceUid): `<release or item id>#<party number>`, or the PAUSE slug. */
  readonly entry_uid: string;
  /** The SEC page of the item (release, order, alert). */
  readonly primary_url: string | null;
  /** The item title (or PAUSE name, receivership caption) as published. */
  readonly title: string;
  /** Release or file number from the item address or text: `LR-26012`, `33-11250`, `34-100123`. */
  readonly release_number: string | null;
  /** YYYY-MM-DD of the item (RSS pubDate, PAUSE date column). */
  readonly published_at: string | null;
  /** Every party the item names, in title order (this entry's name among them). */
  readonly parties: readonly string[];
  /** PAUSE category ("Unregistered Soliciting Entities", "Impersonators of Genuine Firms"...), RSS categories, receiver. */
  readonly category: string | null;
  /** The RSS description as plain text (null when the feed gives none). */
  readonly description: string | null;
};

const hash = (...parts: Array<string | null>) =>
  createHash('sha256')
    .update(parts.map((p) => p ?? '').join('\u0000'))
    .digest('hex')
    .slice(0, 16);

/** `lr-26012` → `LR-26012`, `34-100123` stays; null when the address ends otherwise. */
export function releaseNumberOf(link: string | null, text: string | null): string | null {
  if (link) {
    try {
      const last = new URL(link).pathname.split('/').filter(Boolean).pop() ?? '';
      if (/^(?:[a-z]{1,4}-?)?\d{2,}(?:-\d+)*[a-z]?$/i.test(last) && /\d{3,}/.test(last))
        return last.toUpperCase();
    } catch {
      // not an address: fall through to the text
    }
  }
  const m = /\b(?:litigation )?release no\.?\s*((?:[A-Z]{1,4}-)?\d{2,}(?:-\d+)?)/i.exec(text ?? '');
  return m ? m[1]!.toUpperCase() : null;
}

/** Keeps sourceUids unique within a stream: a repeated id gets `~2`, `~3`. */
export class UidKeeper {
  private readonly seen = new Map<string, number>();
  take(uid: string): string {
    const n = (this.seen.get(uid) ?? 0) + 1;
    this.seen.set(uid, n);
    return n === 1 ? uid : `${uid}~${n}`;
  }
}

function entry(
  stream: SecStream,
  uid: string,
  party: NamedParty,
  kind: EntryKind,
  rest: Omit<SecRecord, 'name' | 'sec_list' | 'entry_uid'>,
): ListEntry {
  const record: SecRecord = {
    name: party.name,
    sec_list: stream,
    entry_uid: uid,
    primary_url: rest.primary_url,
    title: rest.title,
    release_number: rest.release_number,
    published_at: rest.published_at,
    parties: rest.parties,
    category: rest.category,
    description: rest.description,
  };
  return {
    list: secListSlug(stream),
    sourceUid: uid,
    name: party.name,
    aliases: party.aliases,
    kind,
    record,
  };
}

/** Suspended issuers and PAUSE names (firms, fictitious regulators) are entities; others by how the name reads. */
const kindIn = (stream: SecStream, party: NamedParty): EntryKind =>
  stream === 'trading_suspensions' || stream === 'pause' ? 'entity' : party.kind;

/** The entries of one RSS item (none when its title names no party). */
export function rssItemEntries(stream: SecStream, item: RssItem, uids: UidKeeper): ListEntry[] {
  const title = item.title ?? '';
  const parties = secTitleParties(title);
  if (parties.length === 0) return [];
  const releaseNumber = releaseNumberOf(item.link, `${title} ${item.description ?? ''}`);
  const guid = item.guid?.replace(/\s+at\s+https?:\/\/\S+$/i, '') ?? null;
  const base = uids.take(releaseNumber ?? (guid ? `guid-${guid}` : `h-${hash(title, item.pubDate)}`));
  return parties.map((p, i) =>
    entry(stream, `${base}#${i + 1}`, p, kindIn(stream, p), {
      primary_url: item.link,
      title,
      release_number: releaseNumber,
      published_at: publishedDate(item.pubDate),
      parties: parties.map((q) => q.name),
      category: item.categories.length > 0 ? item.categories.join('; ') : null,
      description: item.description,
    }),
  );
}

/** The entry of one PAUSE row: the entity's alert slug is its id. */
export function pauseRowEntry(row: PauseRow, uids: UidKeeper): ListEntry {
  const { name, aliases } = splitAliases(row.name);
  const party: NamedParty = { name: name || row.name, aliases, kind: partyKind(name || row.name) };
  let slug: string | null = null;
  if (row.url) {
    try {
      slug = new URL(row.url).pathname.split('/').filter(Boolean).pop() ?? null;
    } catch {
      slug = null;
    }
  }
  const uid = uids.take(
    slug && slug !== 'public-alerts-unregistered-soliciting-entities' ? slug : `h-${hash(row.name)}`,
  );
  return entry('pause', uid, party, kindIn('pause', party), {
    primary_url: row.url,
    title: row.name,
    release_number: null,
    published_at: publishedDate(row.date),
    parties: [party.name],
    category: row.category,
    description: null,
  });
}

/** The entries of one receivership row (one per party of the caption). */
export function receivershipEntries(row: ReceivershipRow, uids: UidKeeper): ListEntry[] {
  const caption = row.caption.replace(/^(?:the\s+)?receivership (?:of|estate of)\s+/i, '');
  const parties = secTitleParties(caption);
  if (parties.length === 0) return [];
  const base = uids.take(`h-${hash(row.caption)}`);
  return parties.map((p, i) =>
    entry('receiverships', `${base}#${i + 1}`, p, p.kind, {
      primary_url: row.url,
      title: row.caption,
      release_number: null,
      published_at: publishedDate(row.date),
      parties: parties.map((q) => q.name),
      category: row.receiver ? `Receiver: ${row.receiver}` : null,
      description: null,
    }),
  );
}
