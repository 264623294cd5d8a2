// The pairwise comparison (NameIndex.compare, POST /api/v2/compare) on labelled pairs built from the real lists:
// same party (a listed name against its own Latin or other-script alias, and against its typo'd, reordered and
// shortened forms, made by the effectiveness report's own manipulations) and different parties (two entries of
// the same list whose names share a word of 4+ letters, and two entries of one list drawn at random). Prints the
// share of pairs called a match per kind and search type, then precision and recall of `match` per search type.
import type { SearchType } from '../src/domain/screening.js';
import type { NameIndex } from '../src/matching/index.js';
import { manipulate } from '../src/services/effectiveness/name-manipulations.js';
import { seededRandom, pick, type Random } from '../src/services/effectiveness/seeded-random.js';
import type { BenchEntry } from './matching-data.js';
import { entryId } from './matching-data.js';

const TYPES: readonly SearchType[] = ['strict_match', 'standard_match', 'permissive_match', 'fuzzy_search'];
const LATIN = /^[\p{Script=Latin}\p{M}\p{N}\p{P}\p{S}\s]+$/u;
const WEAK = new Set([
  'the',
  'and',
  'for',
  'bin',
  'ibn',
  'abu',
  'abd',
  'limited',
  'company',
  'ltd',
  'llc',
  'inc',
]);

interface Pair {
  readonly kind: string;
  readonly same: boolean;
  readonly a: string;
  readonly b: string;
}

const words = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 4 && !WEAK.has(w));

function buildPairs(entries: readonly BenchEntry[], random: Random, perKind: number): Pair[] {
  const pairs: Pair[] = [];
  const take = (kind: string, same: boolean, make: () => [string, string] | null): void => {
    let made = 0;
    for (let tries = 0; made < perKind && tries < perKind * 200; tries++) {
      const p = make();
      if (p === null || p[0] === p[1]) continue;
      pairs.push({ kind, same, a: p[0], b: p[1] });
      made++;
    }
  };
  const latinPrimary = entries.filter((e) => LATIN.test(e.name));
  take('same: Latin alias', true, () => {
    const e = pick(random, latinPrimary);
    const aliases = e.aliases.filter((a) => LATIN.test(a));
    return aliases.length === 0 ? null : [pick(random, aliases), e.name];
  });
  take('same: other-script alias', true, () => {
    const e = pick(random, latinPrimary);
    const aliases = e.aliases.filter((a) => !LATIN.test(a));
    return aliases.length === 0 ? null : [pick(random, aliases), e.name];
  });
  for (const kind of ['typo', 'transposition', 'reordering', 'dropped_middle_name'] as const)
    take(`same: ${kind}`, true, () => {
      const e = pick(random, latinPrimary);
      const form = manipulate(
        kind,
        { id: entryId(e), list: e.list, sourceUid: e.sourceUid, names: [e.name] },
        random,
      );
      return form === null ? null : [form.query, e.name];
    });
  // Entries of one list by a word of their primary name (within a list, two entries are two parties).
  const byWord = new Map<string, BenchEntry[]>();
  for (const e of latinPrimary)
    for (const w of new Set(words(e.name))) {
      const key = `${e.list}\u0000${w}`;
      let xs = byWord.get(key);
      if (xs === undefined) byWord.set(key, (xs = []));
      xs.push(e);
    }
  const byList = new Map<string, BenchEntry[]>();
  for (const e of latinPrimary) {
    let xs = byList.get(e.list);
    if (xs === undefined) byList.set(e.list, (xs = []));
    xs.push(e);
  }
  const differentNames = (x: BenchEntry, y: BenchEntry): boolean =>
    x !== y && x.sourceUid !== y.sourceUid && x.name.toLowerCase() !== y.name.toLowerCase();
  take('different: shared word', false, () => {
    const e = pick(random, latinPrimary);
    const ws = words(e.name);
    if (ws.length === 0) return null;
    const others = byWord.get(`${e.list}\u0000${pick(random, ws)}`)!.filter((o) => differentNames(e, o));
    return others.length === 0 ? null : [e.name, pick(random, others).name];
  });
  take('different: random', false, () => {
    const e = pick(random, latinPrimary);
    const o = pick(random, byList.get(e.list)!);
    return differentNames(e, o) ? [e.name, o.name] : null;
  });
  return pairs;
}

const pct = (n: number, of: number): string => (of === 0 ? '–' : `${((100 * n) / of).toFixed(1)}%`);

/** Builds the pairs, compares them at every search type, prints two tables and returns their rows. */
export function pairwiseComparison(
  index: NameIndex,
  entries: readonly BenchEntry[],
  seed: number,
  perKind = 200,
): { kinds: Record<string, string | number>[]; summary: Record<string, string | number>[] } {
  const pairs = buildPairs(entries, seededRandom(seed ^ 0x9a1e5), perKind);
  const kinds = [...new Set(pairs.map((p) => p.kind))];
  const matched = new Map<string, number>();
  const times: number[] = [];
  for (const p of pairs)
    for (const type of TYPES) {
      const t = performance.now();
      const { match } = index.compare(p.a, p.b, type);
      times.push(performance.now() - t);
      if (match) matched.set(`${p.kind}|${type}`, (matched.get(`${p.kind}|${type}`) ?? 0) + 1);
    }
  const kindRows = kinds.map((kind) => {
    const n = pairs.filter((p) => p.kind === kind).length;
    return {
      pairs: kind,
      n,
      ...Object.fromEntries(TYPES.map((t) => [t, pct(matched.get(`${kind}|${t}`) ?? 0, n)])),
    };
  });
  const same = pairs.filter((p) => p.same).length;
  const different = pairs.length - same;
  const summary = TYPES.map((type) => {
    let tp = 0;
    let fp = 0;
    for (const kind of kinds) {
      const m = matched.get(`${kind}|${type}`) ?? 0;
      if (pairs.find((p) => p.kind === kind)!.same) tp += m;
      else fp += m;
    }
    return {
      search_type: type,
      same_pairs: same,
      different_pairs: different,
      recall: pct(tp, same),
      false_match_rate: pct(fp, different),
      precision: pct(tp, tp + fp),
    };
  });
  const sorted = [...times].sort((a, b) => a - b);
  const q = (f: number) => sorted[Math.min(sorted.length - 1, Math.floor(f * sorted.length))]!.toFixed(3);
  console.log(
    `\n6. PAIRWISE COMPARISON on labelled pairs from the real lists (seed ${seed}; share called a match;` +
      ` compare p50 ${q(0.5)} ms, p99 ${q(0.99)} ms)`,
  );
  console.table(kindRows);
  console.log('\n6b. PAIRWISE COMPARISON: precision and recall of `match` (same party = positive)');
  console.table(summary);
  return { kinds: kindRows, summary };
}
