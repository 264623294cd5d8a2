// One cftc_enforcement entry per party a listed action names, with the 8-field record below.
// The parties a CFTC enforcement headline names: "CFTC Orders X to Pay $1 Million for ...", "CFTC Charges X and Y
// with Fraud", "Federal Court Orders X to Pay ...", "CFTC Obtains Consent Order Against X", "X Ordered to Pay ...".
// Descriptions that are not names ("Texas Man", "Former Bank Trader John Doe") are stripped or dropped.
import { createHash } from 'node:crypto';
import type { ListEntry } from '../../list-source.js';
import { publishedDate } from '../../formats/published-date.js';
import { splitParties, type NamedParty } from '../../formats/party-names.js';
import { stripRole } from '../../formats/strip-role.js';
import type { CftcLink, CftcRow } from './read-cftc-listing.js';

/** Headline openings followed by the parties (actor + verb phrase). */
const LEADS =
  /^(?:(?:the\s+)?(?:u\.?s\.?\s+)?(?:cftc|commodity futures trading commission|federal (?:district )?court|district court|court|federal judge|judge|jury)\s+)(?:also\s+)?(?:permanently\s+|temporarily\s+)?(?:orders|charges|sues|fines|bans|sanctions|halts|freezes assets of|shuts down|finds|settles (?:charges )?(?:with|against)|files (?:an? )?(?:complaint|action|suit|charges|enforcement action)s? against|(?:obtains|wins|enters|issues|imposes|secures|announces|resolves|reaches)\b.*?\b(?:against|on|with)|takes action against|(?:simultaneously )?(?:files and settles|settles) charges (?:against|with))\s+/i;

/** Subject-first headlines: "X Ordered to Pay", "X Agrees to Pay", "X to Pay". */
const SUBJECT_FIRST =
  /^(.+?)\s+(?:ordered|agrees?|to pay|must pay|found liable|pleads?|sentenced|barred|banned|settles?|charged|sued)\b/i;

/** Where the parties end. */
const TAIL =
  /\s+(?:to\s+(?:pay|cease|disgorge|stop|comply|refund|return|permanently)\b|with\s+(?:[a-z$]|\w+\s+(?:fraud|scheme|manipulation|spoofing))|for\s+|in\s+(?:an?\s+|the\s+|\$|connection|multi|alleged|fraud|connection)|over\s+|liable\b|who\s+|that\s+|after\s+|from\s+|as\s+part\b|following\s+|and\s+(?:orders|bans|imposes|freezes|obtains)\b|,\s+(?:who|which)\b|:\s)/i;

/** The parties a CFTC headline names (empty when it names none). */
export function cftcTitleParties(title: string): NamedParty[] {
  const t = title.replace(/[\u00a0\s]+/g, ' ').trim();
  let body: string | null = null;
  const lead = LEADS.exec(t);
  if (lead) body = t.slice(lead[0].length);
  else {
    const subject = SUBJECT_FIRST.exec(t);
    if (subject && !/^(?:cftc|commission|federal|court|judge)\b/i.test(subject[1]!)) body = subject[1]!;
  }
  if (!body) return [];
  const tail = TAIL.exec(body);
  if (tail) body = body.slice(0, tail.index);
  // "X and Its Owner Peter Salas" → "X and Peter Salas".
  const text = body;
  body = text.replace(
    /\b(?:his|her|their|its)\s+(?:[a-z-]+\s+)?(?:owners?|founders?|co-founder|ceo|president|principals?|partners?|managing member|son|daughter|wife|husband|brother|sister)\s+/gi,
    (m: string, at: number) => (/[A-Z]/.test(text.charAt(at + m.length)) ? '' : m),
  );
  const pieces: NamedParty[] = [];
  for (const p of splitParties(body)) {
    const name = stripRole(p.name);
    if (name === null) continue;
    if (name === p.name) pieces.push(p);
    else pieces.push(...splitParties(name).map((q) => ({ ...q, aliases: [...q.aliases, ...p.aliases] })));
  }
  return pieces;
}

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
