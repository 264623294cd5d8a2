// Seeded test cases for the matching benchmark: positives (real listed names, one realistic change each) and
// negatives (faker people and companies in many locales that are on no list).
import fs from 'node:fs';
import path from 'node:path';
import { allFakers } from '@faker-js/faker';
import type { Faker } from '@faker-js/faker';
import { normaliseName } from '../src/matching/index.js';
import { KEYBOARD } from '../src/services/effectiveness/name-manipulations.js';
import { seededRandom } from '../src/services/effectiveness/seeded-random.js';
import type { BenchEntry } from './matching-data.js';
import { entryId, entryNames } from './matching-data.js';

const EVAL_DIR = path.resolve(import.meta.dirname, '../../shared/eval');

/** Latin-script changes, then other scripts. */
export const LATIN_CHANGES = [
  'typo',
  'transposition',
  'double_single',
  'token_swap',
  'surname_comma',
  'drop_middle',
  'accents',
  'case',
] as const;
export const SCRIPT_CHANGES = [
  'script_ru',
  'script_ar',
  'script_zh',
  'script_ja',
  'script_ko',
  'script_he',
] as const;
export type Change = (typeof LATIN_CHANGES)[number] | (typeof SCRIPT_CHANGES)[number];

export interface PositiveCase {
  readonly query: string;
  readonly expected: string;
  readonly listedName: string;
  readonly change: Change;
  readonly kind: string;
}

export interface NegativeCase {
  readonly query: string;
  readonly locale: string;
  readonly kind: 'person' | 'company';
}

/** The effectiveness report's seeded generator (mulberry32), shared so one seed draws one sample everywhere. */
export { seededRandom };

const LATIN_ONLY = /^[\p{Script=Latin}\p{M}\s\p{P}\p{N}]+$/u;
const stripMarks = (s: string): string => s.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

const ACCENT: Record<string, string> = { a: 'á', e: 'é', i: 'í', o: 'ö', u: 'ü', c: 'ç', n: 'ñ', s: 'ş' };

const sameCase = (like: string, ch: string): string => (like === like.toUpperCase() ? ch.toUpperCase() : ch);

type Rng = () => number;
const pickIndex = (rng: Rng, n: number): number => Math.floor(rng() * n);

/** Applies one Latin change; null when it does not apply to this name. */
function applyLatin(
  change: (typeof LATIN_CHANGES)[number],
  name: string,
  person: boolean,
  rng: Rng,
): string | null {
  const tokens = name.split(/\s+/).filter(Boolean);
  const longTokens = tokens
    .map((t, i) => [t, i] as const)
    .filter(([t]) => /^\p{L}{4,}$/u.test(t.replace(/[,.]$/, '')));
  const withToken = (fn: (word: string) => string | null): string | null => {
    if (longTokens.length === 0) return null;
    const [tok, i] = longTokens[pickIndex(rng, longTokens.length)]!;
    const trail = /[,.]$/.test(tok) ? tok.slice(-1) : '';
    const word = trail ? tok.slice(0, -1) : tok;
    const changed = fn(word);
    if (changed === null || changed === word) return null;
    const out = [...tokens];
    out[i] = changed + trail;
    return out.join(' ');
  };
  const ungroup = (): string[] => {
    // "SURNAME, Given Middle" -> ["Given", "Middle", "SURNAME"]
    const comma = name.indexOf(',');
    if (comma < 0) return tokens;
    const surname = name.slice(0, comma).trim().split(/\s+/);
    const given = name
      .slice(comma + 1)
      .trim()
      .split(/\s+/)
      .filter(Boolean);
    return [...given, ...surname];
  };
  switch (change) {
    case 'typo':
      return withToken((w) => {
        const i = 1 + pickIndex(rng, w.length - 1);
        const near = KEYBOARD[w[i]!.toLowerCase()];
        if (!near) return null;
        return w.slice(0, i) + sameCase(w[i]!, near[pickIndex(rng, near.length)]!) + w.slice(i + 1);
      });
    case 'transposition':
      return withToken((w) => {
        const i = 1 + pickIndex(rng, w.length - 2);
        if (w[i] === w[i + 1]) return null;
        return w.slice(0, i) + w[i + 1] + w[i] + w.slice(i + 2);
      });
    case 'double_single':
      return withToken((w) => {
        const dbl = /(\p{L})\1/u.exec(w);
        if (dbl) return w.slice(0, dbl.index) + w.slice(dbl.index + 1);
        const i = 1 + pickIndex(rng, w.length - 1);
        return w.slice(0, i) + w[i] + w.slice(i);
      });
    case 'token_swap': {
      const parts = ungroup();
      if (parts.length < 2) return null;
      const i = pickIndex(rng, parts.length - 1);
      const out = [...parts];
      [out[i], out[i + 1]] = [out[i + 1]!, out[i]!];
      return out.join(' ');
    }
    case 'surname_comma': {
      if (!person || tokens.length < 2) return null;
      if (name.includes(',')) return ungroup().join(' ');
      const surname = tokens[tokens.length - 1]!;
      return `${surname.toUpperCase()}, ${tokens.slice(0, -1).join(' ')}`;
    }
    case 'drop_middle': {
      if (!person) return null;
      const parts = ungroup();
      if (parts.length < 3) return null;
      const i = 1 + pickIndex(rng, parts.length - 2);
      return parts.filter((_, j) => j !== i).join(' ');
    }
    case 'accents': {
      const stripped = stripMarks(name);
      if (stripped !== name) return stripped;
      return withToken((w) => {
        const spots = [...w]
          .map((c, i) => [c, i] as const)
          .filter(([c], i) => i > 0 && ACCENT[c.toLowerCase()]);
        if (spots.length === 0) return null;
        const [c, i] = spots[pickIndex(rng, spots.length)]!;
        return w.slice(0, i) + sameCase(c, ACCENT[c.toLowerCase()]!) + w.slice(i + 1);
      });
    }
    case 'case': {
      const lower = name.toLowerCase();
      const title = lower.replace(/(^|[\s,-])(\p{L})/gu, (_, a: string, b: string) => a + b.toUpperCase());
      const options = [lower, title, name.toUpperCase()].filter((x) => x !== name);
      return options[pickIndex(rng, options.length)] ?? null;
    }
  }
}

/** Token-level transliteration pairs: latin token -> its most frequent native form. */
export function tokenPairs(file: string): Map<string, string> {
  const best = new Map<string, { native: string; count: number }>();
  for (const line of fs.readFileSync(path.join(EVAL_DIR, 'netransliteration', file), 'utf8').split('\n')) {
    const [latin, chars, count] = line.split('\t');
    if (!latin || !chars) continue;
    const native = chars.replace(/ /g, '');
    const n = Number(count ?? 1);
    const prev = best.get(latin);
    if (!prev || n > prev.count) best.set(latin, { native, count: n });
  }
  return new Map([...best].map(([k, v]) => [k, v.native]));
}

const TOKEN_SCRIPTS: Record<string, string> = {
  script_ru: 'wd_russian_20',
  script_ar: 'wd_arabic.normalized.aligned.tokens',
  script_zh: 'wd_chinese.normalized.aligned.tokens',
  script_ja: 'wd_katakana.normalized.aligned.tokens',
};
const FULL_SCRIPTS: Record<string, string> = { script_ko: 'wd_korean', script_he: 'wd_hebrew' };

/** Latin tokens of a listed name as they appear in the pair files (lower case, no accents, <= 2 letters dropped). */
export function pairTokens(name: string): string[] {
  return stripMarks(name.replace(/,/g, ' '))
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .split(/[^a-z]+/)
    .filter((t) => t.length > 0 && t !== 'al' && t !== 'el');
}

/** The benchmark case set. `evalEntries` are extra entries (Latin names of full-name pairs) to index. */
export interface CaseSet {
  readonly positives: PositiveCase[];
  readonly negatives: NegativeCase[];
  readonly evalEntries: BenchEntry[];
  readonly notes: string[];
}

const NEGATIVE_LOCALES = [
  'en',
  'en_GB',
  'de',
  'fr',
  'es',
  'it',
  'nl',
  'pt_BR',
  'pl',
  'tr',
  'sv',
  'ru',
  'uk',
  'ar',
  'fa',
  'he',
  'zh_CN',
  'ko',
  'ja',
  'vi',
] as const;

export function buildCases(
  entries: readonly BenchEntry[],
  positives: number,
  negatives: number,
  seed: number,
): CaseSet {
  const rng = seededRandom(seed);
  const notes: string[] = [];
  const pool = entries.filter((e) => e.kind === 'person' || e.kind === 'entity');
  const persons = pool.filter((e) => e.kind === 'person');
  const latinName = (e: BenchEntry): string | null => {
    const weak = new Set(e.weakAliases ?? []);
    const names = entryNames(e).filter(
      (n) => LATIN_ONLY.test(n) && !weak.has(n) && n.split(/\s+/).filter(Boolean).length >= 2,
    );
    if (names.length === 0) return null;
    return rng() < 0.7 || names.length === 1 ? names[0]! : names[1 + pickIndex(rng, names.length - 1)]!;
  };

  // Token-level scripts: listed persons whose every token (but al/el) has a pair.
  const scriptPools = new Map<string, { entry: BenchEntry; name: string; query: string }[]>();
  for (const [change, file] of Object.entries(TOKEN_SCRIPTS)) {
    const pairs = tokenPairs(file);
    const found: { entry: BenchEntry; name: string; query: string }[] = [];
    for (const e of persons) {
      for (const n of entryNames(e)) {
        if (!LATIN_ONLY.test(n)) continue;
        const toks = pairTokens(n);
        if (toks.length < 2 || !toks.every((t) => pairs.has(t))) continue;
        found.push({
          entry: e,
          name: n,
          query: toks.map((t) => pairs.get(t)!).join(change === 'script_ja' ? '・' : ' '),
        });
        break;
      }
    }
    scriptPools.set(change, found);
    notes.push(
      `${change}: ${found.length} listed persons have every token (al/el dropped, apostrophes removed) in ${file}`,
    );
  }

  const types: Change[] = [...LATIN_CHANGES, ...SCRIPT_CHANGES];
  const perType = Math.ceil(positives / types.length);

  // Full-name scripts: the Latin names of sampled pairs are indexed as extra entries; the native form is the query.
  const evalEntries: BenchEntry[] = [];
  const out: PositiveCase[] = [];
  for (const [change, file] of Object.entries(FULL_SCRIPTS)) {
    const lines = fs
      .readFileSync(path.join(EVAL_DIR, 'netransliteration', file), 'utf8')
      .split('\n')
      .map((l, i) => [l.split('\t'), i] as const)
      .filter(
        ([[en, native]]) =>
          en !== undefined &&
          native !== undefined &&
          LATIN_ONLY.test(en) &&
          !/\d|\bof\b|\b[IVX]+\b/.test(`${en} ${native}`) &&
          en.split(' ').length >= 2 &&
          en.split(' ').length === native.trim().split(/\s+/).length,
      );
    const taken = new Set<number>();
    let guard = 0;
    while (taken.size < perType && guard++ < perType * 20) {
      const k = pickIndex(rng, lines.length);
      if (taken.has(k)) continue;
      taken.add(k);
      const [[en, native], line] = lines[k]!;
      const entry: BenchEntry = {
        list: 'eval_wd',
        sourceUid: `${change}:${line + 1}`,
        name: en!,
        aliases: [],
        kind: 'person',
      };
      evalEntries.push(entry);
      out.push({
        query: native!.trim(),
        expected: entryId(entry),
        listedName: en!,
        change: change as Change,
        kind: 'person',
      });
    }
    notes.push(
      `${change}: ${taken.size} random full-name pairs of ${file}; the English name is indexed as an extra entry (list eval_wd), the native form is queried`,
    );
  }

  for (const change of types) {
    if (change in FULL_SCRIPTS) continue;
    let made = 0;
    let guard = 0;
    const seen = new Set<string>();
    while (made < perType && guard++ < perType * 50) {
      if (change in TOKEN_SCRIPTS) {
        const candidates = scriptPools.get(change)!;
        if (candidates.length === 0) break;
        const c = candidates[pickIndex(rng, candidates.length)]!;
        if (seen.has(entryId(c.entry))) continue;
        seen.add(entryId(c.entry));
        out.push({ query: c.query, expected: entryId(c.entry), listedName: c.name, change, kind: 'person' });
        made++;
        continue;
      }
      const personOnly = change === 'surname_comma' || change === 'drop_middle';
      const from = personOnly || rng() < 0.6 ? persons : pool;
      const e = from[pickIndex(rng, from.length)]!;
      if (seen.has(entryId(e))) continue;
      const name = latinName(e);
      if (name === null) continue;
      const query = applyLatin(change as (typeof LATIN_CHANGES)[number], name, e.kind === 'person', rng);
      if (query === null || query === name) continue;
      seen.add(entryId(e));
      out.push({ query, expected: entryId(e), listedName: name, change, kind: e.kind });
      made++;
    }
  }

  // Negatives: identities of every listed name, to drop exact collisions.
  const listed = new Set<string>();
  for (const e of [...entries, ...evalEntries])
    for (const n of entryNames(e)) listed.add(normaliseName(n).identity);
  const neg: NegativeCase[] = [];
  const seenNeg = new Set<string>();
  let dropped = 0;
  for (let i = 0; neg.length < negatives && i < negatives * 5; i++) {
    const locale = NEGATIVE_LOCALES[i % NEGATIVE_LOCALES.length]!;
    const f: Faker = allFakers[locale];
    f.seed(seed * 100_003 + i);
    const kind = f.number.float() < 0.6 ? 'person' : 'company';
    let query: string;
    try {
      query = kind === 'person' ? f.person.fullName() : f.company.name();
    } catch {
      continue;
    }
    const id = normaliseName(query).identity;
    if (seenNeg.has(id)) continue;
    if (listed.has(id)) {
      dropped++;
      continue;
    }
    seenNeg.add(id);
    neg.push({ query, locale, kind });
  }
  notes.push(
    `negatives: ${neg.length} faker names over ${NEGATIVE_LOCALES.length} locales; ${dropped} dropped as exact listed collisions`,
  );
  return { positives: out, negatives: neg, evalEntries, notes };
}
