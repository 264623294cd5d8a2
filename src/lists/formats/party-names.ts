// Party names out of enforcement headlines and case captions ("SEC v. John Doe, Acme, Inc., et al.",
// "In the Matter of Morgan Stanley & Co. LLC", "Alpha Corp.; Beta Ltd."). Shared by the sec, cftc_enforcement
// and mas_enforcement sources: publishers state the parties in text, so they are split by rules, conservatively
// (a company name with "and" or commas in it stays whole unless both halves clearly stand alone).
import type { EntryKind } from '../list-source.js';

/** One named party: its name, the a.k.a./f.k.a./d.b.a. names stated with it, and what it looks like. */
export interface NamedParty {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly kind: EntryKind;
}

/** Legal-form suffixes (lower case, dots removed) that end a company name, and name suffixes of persons. */
const SUFFIXES = new Set([
  'inc',
  'incorporated',
  'llc',
  'lc',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'lp',
  'llp',
  'lllp',
  'plc',
  'pc',
  'pllc',
  'pa',
  'na',
  'sa',
  'sas',
  'sarl',
  'ag',
  'gmbh',
  'bv',
  'nv',
  'ab',
  'asa',
  'as',
  'spa',
  'srl',
  'pte',
  'pte ltd',
  'pty',
  'pty ltd',
  'sdn bhd',
  'bhd',
  'kk',
  'oy',
  'ou',
  'trust',
]);
const PERSON_SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'cpa', 'esq', 'md', 'phd', 'cfa']);

/** Words that mark a company (or fund, platform) name. */
const COMPANY_WORDS = new Set([
  ...SUFFIXES,
  'group',
  'holding',
  'holdings',
  'capital',
  'partners',
  'fund',
  'funds',
  'management',
  'securities',
  'investment',
  'investments',
  'investors',
  'financial',
  'finance',
  'trading',
  'traders',
  'markets',
  'market',
  'bank',
  'banc',
  'bancorp',
  'advisors',
  'advisers',
  'advisory',
  'associates',
  'ventures',
  'enterprises',
  'global',
  'international',
  'technologies',
  'technology',
  'tech',
  'systems',
  'services',
  'solutions',
  'resources',
  'energy',
  'pharmaceuticals',
  'industries',
  'exchange',
  'brokers',
  'brokerage',
  'asset',
  'assets',
  'equity',
  'equities',
  'lending',
  'mortgage',
  'insurance',
  'realty',
  'properties',
  'property',
  'development',
  'consulting',
  'network',
  'labs',
  'foundation',
  'association',
  'club',
  'fx',
  'forex',
  'crypto',
  'coin',
  'bitcoin',
  'token',
  'protocol',
  'dao',
  'platform',
  'wealth',
  'futures',
  'commodities',
  'options',
  'bancshares',
  'payments',
  'digital',
  'mining',
  'oil',
  'gas',
  'gold',
  'motors',
  'media',
  'partnership',
  'institute',
  'agency',
  'office',
  'commission',
  'authority',
  'center',
  'centre',
  'estate',
]);
const PARTICLES = new Set([
  'de',
  'del',
  'della',
  'da',
  'dos',
  'das',
  'van',
  'von',
  'der',
  'den',
  'la',
  'le',
  'bin',
  'binti',
  'binte',
  'bte',
  'al',
  'el',
  'di',
  'du',
  'ter',
  'ten',
  'y',
  'st',
]);
const HONORIFICS = /^(?:mr|mrs|ms|mdm|madam|miss|dr|prof|sir|dato'?|datuk|tan sri)\.?\s+/i;

const bare = (w: string) => w.toLowerCase().replace(/[.,]/g, '');

/** Collapses white space, unifies quotes, trims separators (a final "." is kept after an abbreviation). */
export function tidyName(s: string): string {
  let t = s
    .replace(/[\u00a0\s]+/g, ' ')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .trim()
    .replace(/^[,;:\s-]+|[,;:\s]+$/g, '')
    .trim();
  if (t.endsWith('.')) {
    const last = t.slice(0, -1).split(/[\s,]/).pop() ?? '';
    const abbreviation =
      SUFFIXES.has(bare(last)) ||
      PERSON_SUFFIXES.has(bare(last)) ||
      /^[A-Za-z]$/.test(last) ||
      last.includes('.');
    if (!abbreviation) t = t.slice(0, -1).trim();
  }
  // A quote or bracket left open by a cut.
  if ((t.match(/"/g) ?? []).length % 2 === 1) t = t.replace(/"/g, '').trim();
  if (/^\([^)]*$/.test(t)) t = t.slice(1).trim();
  if (/^[^(]*\)$/.test(t)) t = t.slice(0, -1).trim();
  return t;
}

/** True when the text ends with a legal-form suffix (Inc., LLC, Ltd, S.A., Pte. Ltd....). */
export function hasLegalSuffix(s: string): boolean {
  const words = s
    .replace(/[()]/g, ' ')
    .trim()
    .split(/[\s,]+/);
  const last = bare(words[words.length - 1] ?? '');
  const lastTwo = bare(words.slice(-2).join(' '));
  return SUFFIXES.has(last) || SUFFIXES.has(lastTwo);
}

function hasCompanyWord(s: string): boolean {
  return s
    .replace(/[()/]/g, ' ')
    .split(/[\s,]+/)
    .some((w) => COMPANY_WORDS.has(bare(w)) && !/^[A-Z]\.?$/.test(w));
}

/** Looks like a person's name: 2 to 6 capitalised words or initials, optional particles and Jr./III. */
export function looksLikePerson(s: string): boolean {
  if (/\d|&|@/.test(s) || /\//.test(s.replace(/\b[sd]\/o\b/gi, '')) || hasCompanyWord(s)) return false;
  const words = s
    .replace(/\s*\([^)]*\)/g, '')
    .split(/[\s,]+/)
    .filter(Boolean);
  let named = 0;
  for (const w of words) {
    if (PARTICLES.has(w.toLowerCase()) || PERSON_SUFFIXES.has(bare(w)) || /^[sd]\/o$/i.test(w)) continue;
    if (/^"[^"]+"$/.test(w)) continue; // a nickname: Harris Dempsey "Butch" Ballow
    if (/^(?:[A-Z]\.){1,3}$|^[A-Z]$/.test(w)) {
      named++;
      continue;
    }
    if (!/^(?:[A-Z][a-z]*'|Mc|Mac|O')?[A-Z\u00c0-\u024f][\p{L}'’.-]*$/u.test(w)) return false;
    named++;
  }
  return named >= 2 && named <= 6;
}

/** person when it reads like a person's name, entity when it has a legal form or company word, else unknown. */
export function partyKind(name: string): EntryKind {
  if (hasLegalSuffix(name) || hasCompanyWord(name) || /&|\d/.test(name)) return 'entity';
  if (looksLikePerson(name)) return 'person';
  return 'unknown';
}

/** Splits on a separator outside parentheses and quotes. */
function splitTop(s: string, sep: RegExp): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (c === '"') quoted = !quoted;
    else if (depth === 0 && !quoted) {
      sep.lastIndex = i;
      const m = sep.exec(s);
      if (m && m.index === i) {
        out.push(s.slice(start, i));
        start = i + m[0].length;
        i = start - 1;
      }
    }
  }
  out.push(s.slice(start));
  return out;
}

const ALIAS_MARKERS =
  /\s*,?\s*\b(?:a\/k\/a|aka|a\.k\.a\.?|f\/k\/a|fka|f\.k\.a\.?|d\/b\/a|dba|d\.b\.a\.?|t\/a|also known as|formerly known as|formerly|doing business as|trading as|also doing business as|previously known as|now known as|n\/k\/a)\b[.:]?\s*/gi;

/**
 * Separates the names a party is also known by: "Homeland Safety International Inc. f/k/a Sniffex Inc.",
 * "Augustine Capital Management LLC (f/k/a Augustine Capital Management Inc.)", "Alpha FX (aka Alpha Markets)".
 * A parenthesis that only describes the party ("(former executives of ...)", "(the Respondent)") is dropped;
 * one that is part of the name ("Credit Suisse Securities (USA) LLC") stays.
 */
export function splitAliases(text: string): { name: string; aliases: string[] } {
  const aliases: string[] = [];
  let s = text.replace(/\(([^()]*)\)/g, (whole, inner: string) => {
    const t = inner.trim();
    ALIAS_MARKERS.lastIndex = 0;
    const m =
      /^(?:a\/k\/a|aka|a\.k\.a\.?|f\/k\/a|fka|f\.k\.a\.?|d\/b\/a|dba|d\.b\.a\.?|t\/a|also known as|formerly known as|formerly|doing business as|trading as|previously known as|n\/k\/a|now known as)\b[.:]?\s*/i.exec(
        t,
      );
    if (m) {
      for (const a of splitTop(t.slice(m[0].length), /\s*(?:;|,\s*(?:and\s+)?|\s+or\s+|\s+and\s+)\s*/y))
        if (tidyName(a)) aliases.push(tidyName(a));
      return ' ';
    }
    // "(the Respondent)", "(former executives of ...)", "(collectively, ...)", "(CRD No. 1234)" and a short form ("(DPL)", not an alias) are dropped.
    if (/^[A-Z0-9][A-Z0-9&.-]{1,9}$/.test(t) && !/^(?:USA|US|UK|HK|BVI)$/.test(t)) {
      return ' ';
    }
    if (/^[a-z"“]/.test(t) || /^(?:the|collectively|former|formerly|CRD|SEC|File|Case|No\.)\b/i.test(t))
      return ' ';
    return whole;
  });
  const parts = s.split(ALIAS_MARKERS);
  s = parts[0] ?? '';
  for (const p of parts.slice(1)) {
    for (const a of splitTop(p, /\s*(?:;|\s+or\s+)\s*/y)) if (tidyName(a)) aliases.push(tidyName(a));
  }
  const name = tidyName(s);
  return { name, aliases: [...new Set(aliases)].filter((a) => a !== name) };
}

/** A piece that only continues the previous name: ", Inc.", ", Jr.", ", L.P.", ", N.A.". */
const isSuffixPiece = (p: string) => {
  const b = bare(p.trim());
  return SUFFIXES.has(b) || PERSON_SUFFIXES.has(b) || /^(?:pte|pty|sdn)\s/.test(b);
};

/** Words that end a firm name which needs no legal form ("Rivera Commodity Group"). */
const FIRM_ENDINGS = new Set([
  'group',
  'holdings',
  'partners',
  'fund',
  'capital',
  'markets',
  'ventures',
  'associates',
  'enterprises',
  'investments',
  'securities',
  'management',
  'exchange',
  'bank',
]);

/**
 * A piece that stands alone as a party: a person's name, or a firm name with a legal form or a firm ending whose
 * first word is not itself a company word ("Holdings Ltd" continues "Seaview Development and ...").
 */
const standsAlone = (p: string) => {
  const t = splitAliases(p).name;
  const words = t.split(/[\s,]+/).filter(Boolean);
  const first = bare(words[0] ?? '');
  if (words.length <= 2 && COMPANY_WORDS.has(first)) return false;
  if (hasLegalSuffix(t)) return true;
  if (words.length >= 2 && FIRM_ENDINGS.has(bare(words[words.length - 1]!))) return true;
  return looksLikePerson(t) && !hasCompanyWord(t);
};

/** Generic descriptions that are not names: "a Delaware corporation", "an individual", "his company". */
const DESCRIPTIVE =
  /^(?:a|an|the|his|her|their|its|certain|other|others|two|three|several|unnamed)\b|^(?:individually|collectively|jointly|respondents?|defendants?|relief defendants?)\b/i;

/** Headline words that show a text is not a party's name ("Litigation Release Index", "SEC Announces ..."). */
const NOT_A_NAME =
  /\b(?:index|announces?|announced|announcement|statement|updates?|notice|report|bulletin|speech|remarks|roundtable|agenda|releases?|charges|orders|obtains|today)\b/i;

/**
 * Splits a list of parties: "A, B, and C", "A; B; and C", "John Doe and Jane Roe", keeping "Acme, Inc.",
 * "Morgan Stanley & Co. LLC" and "Seaview Development and Holdings Ltd" whole. Returns names as published
 * (tidied), with aliases split out. "et al." and "and others" are dropped.
 */
export function splitParties(text: string): NamedParty[] {
  const s = text
    .replace(/[\u00a0\s]+/g, ' ')
    .replace(/,?\s*\bet\.?\s*al\b\.?/gi, '')
    .replace(/,?\s*\band (?:others|other persons|other entities)\b\.?/gi, '')
    .trim();
  const out: string[] = [];
  for (const group of splitTop(s, /\s*;\s*/y)) {
    const pieces = splitTop(group.replace(/^\s*and\s+/i, ''), /\s*,\s*/y).map((p) => p.trim());
    // Re-attach suffix pieces and lone words ("Merrill Lynch, Pierce, Fenner & Smith Inc").
    const merged: string[] = [];
    let carry = '';
    const clean = pieces.map((raw) => raw.replace(/^(?:and|&)\s+/i, ''));
    for (let i = 0; i < clean.length; i++) {
      const p = clean[i]!;
      const next = clean[i + 1];
      if (!p) continue;
      if (isSuffixPiece(p) && (carry || merged.length > 0)) {
        if (carry) carry = `${carry}, ${p}`;
        else merged[merged.length - 1] = `${merged[merged.length - 1]}, ${p}`;
        continue;
      }
      if (carry) {
        merged.push(`${carry}, ${p}`);
        carry = '';
        continue;
      }
      // A lone word before a piece that is not a person's name continues a firm name.
      if (
        !/\s/.test(p) &&
        next !== undefined &&
        !hasLegalSuffix(p) &&
        !looksLikePerson(splitAliases(next).name)
      ) {
        carry = p;
        continue;
      }
      merged.push(p);
    }
    if (carry) merged.push(carry);
    for (const m of merged) out.push(...splitOnAnd(m));
  }
  const seen = new Set<string>();
  const parties: NamedParty[] = [];
  for (const piece of out) {
    const { name, aliases } = splitAliases(piece);
    const honorific = HONORIFICS.test(name);
    const cleaned = tidyName(name.replace(HONORIFICS, ''));
    if (!cleaned || DESCRIPTIVE.test(cleaned) || !/\p{L}/u.test(cleaned)) continue;
    if (NOT_A_NAME.test(cleaned) && !hasLegalSuffix(cleaned)) continue;
    if (seen.has(cleaned.toLowerCase())) continue;
    seen.add(cleaned.toLowerCase());
    // An honorific (Mr, Ms, Mdm, Dr) marks a person.
    parties.push({ name: cleaned, aliases, kind: honorific ? 'person' : partyKind(cleaned) });
  }
  return parties;
}

/** "John Doe and Jane Roe" → both; "Seaview Development and Holdings Ltd" stays one name. */
function splitOnAnd(s: string): string[] {
  // Top-level " and " separators (outside parentheses), as [start, end] offsets.
  const cuts: Array<[number, number]> = [];
  let depth = 0;
  for (let k = 0; k < s.length; k++) {
    const c = s[k];
    if (c === '(') depth++;
    else if (c === ')' && depth > 0) depth--;
    else if (depth === 0) {
      const m = /^\s+and\s+/i.exec(s.slice(k, k + 8));
      if (m) {
        cuts.push([k, k + m[0].length]);
        k += m[0].length - 1;
      }
    }
  }
  // The first cut whose left side stands alone and whose right side splits into parts that all stand alone.
  for (const [start, end] of cuts) {
    const left = s.slice(0, start);
    if (!standsAlone(left)) continue;
    const rest = splitOnAnd(s.slice(end));
    if (rest.every(standsAlone)) return [left, ...rest];
  }
  return [s];
}
