// `npx tsx bench/matching.bench.ts`: name-matching quality and speed of our engine (src/matching) on the real
// lists in ../shared/lists, parsed with our own parsers, against peers on the same names and queries in the same
// run: PostgreSQL pg_trgm, fuse.js and a brute-force token Jaro-Winkler scan.
//
//   npx tsx bench/matching.bench.ts [--seed 1] [--positives 280] [--negatives 200] [--sizes 100000]
//                                   [--fuse-every 8] [--growth-queries 200] [--no-peers] [--miss-cases 40]
//                                   [--pg postgres://postgres@127.0.0.1:5432/test] [--out bench-results/matching.json]
//
// The default case counts keep a default run under ~6 minutes on 2 cores (our engine averages tens of ms per
// query here, ~100 ms at permissive/fuzzy; fuse.js ~250 ms): 20 positives per change type and 10 negatives per
// locale. `--positives 1000 --negatives 1000` is the full harness (~15-20 minutes).
// fuse.js is run on every `--fuse-every`-th case only (its n column says how many).
// --miss-cases: cases per kind of name issue 17 found missed (matching-misses.ts; table 3e), 0 skips them.
// --typo-cases: cases per kind of typo beyond the one of table 3b (matching-typo-kinds.ts; table 3f), 0 skips them.
// --only particle_surname[,title_surname]: only the miss cases of those kinds, on the same index: their recall per
// search type, then every miss at strict and standard with the score its listed name gets (NameIndex.compare; the
// best of an entry's names where the case names several).
//
// --sizes: comma-separated counts of synthetic entries (syntheticEntries) added to the real names for the growth
// table (default 100000; e.g. --sizes 100000,1000000,3000000 is opt-in and takes far longer; 0 skips it). Growth
// indexes are built the way the service builds them (build-name-index.ts: entries added in slices on this thread,
// token keys and packing on two worker threads); 3 million names need NODE_OPTIONS=--max-old-space-size=12000
// for the synthetic input itself.
// Skips (exit 0) when ../shared/lists is not beside the project.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { SearchType } from '../src/domain/screening.js';
import { buildNameIndex } from '../src/matching/index.js';
import type { NameIndex } from '../src/matching/index.js';
import { syntheticEntries } from '../src/test-support/synthetic-names.js';
import { BulkWorkerPool } from '../src/services/screening/bulk-worker-pool.js';
import { buildNameIndexAsync } from '../src/services/screening/build-name-index.js';
import { sharedListsDir, sharedListsSkipReason } from '../src/test-support/shared-lists.js';
import type { BenchEntry } from './matching-data.js';
import { entryId, entryNames, loadRealEntries } from './matching-data.js';
import { pairwiseComparison } from './matching-pairs.js';
import type { PeerName, Peer } from './matching-peers.js';
import { fusePeer, jaroWinklerScan, pgTrgmPeer } from './matching-peers.js';
import type { Change, NegativeCase, PositiveCase } from './matching-quality.js';
import { LATIN_CHANGES, SCRIPT_CHANGES, buildCases, seededRandom } from './matching-quality.js';
import { qualifierRows } from './matching-qualifiers.js';
import type { MissCase } from './matching-misses.js';
import { MISS_KIND_NOTES, MISS_KINDS, buildMissCases } from './matching-misses.js';
import type { TypoCase } from './matching-typo-kinds.js';
import { TYPO_KIND_NOTES, TYPO_KINDS, buildTypoKindCases } from './matching-typo-kinds.js';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    positives: { type: 'string', default: '280' },
    negatives: { type: 'string', default: '200' },
    'fuse-every': { type: 'string', default: '8' },
    sizes: { type: 'string', default: '100000' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    'no-peers': { type: 'boolean', default: false },
    'growth-queries': { type: 'string', default: '200' },
    'qualifier-negatives': { type: 'string', default: '2000' },
    'miss-cases': { type: 'string', default: '40' },
    'typo-cases': { type: 'string', default: '60' },
    only: { type: 'string' },
    out: { type: 'string', default: 'bench-results/matching.json' },
  },
});
const SEED = Number(args.seed);
const SIZES = args.sizes
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => n > 0);
const TYPES: readonly SearchType[] = ['strict_match', 'standard_match', 'permissive_match', 'fuzzy_search'];
const OPTS = { lists: null, explain: false } as const;

if (!sharedListsDir) {
  console.warn(sharedListsSkipReason);
  process.exit(0);
}

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const mb = (bytes: number): number => Math.round(bytes / 1e5) / 10;
const pct = (x: number): string => (Number.isNaN(x) ? '–' : `${(100 * x).toFixed(1)}%`);
const ms = (x: number): string => (x < 1 ? x.toFixed(3) : x.toFixed(2));
function quantile(xs: number[], q: number): number {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}
function memory(): { heap: number; rss: number } {
  gc();
  const m = process.memoryUsage();
  return { heap: m.heapUsed, rss: m.rss };
}
function table(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  console.table(rows);
}

const started = performance.now();
console.log(`matching bench — seed ${SEED}, node ${process.version}, ${new Date().toISOString()}`);
console.log(`
COLUMNS
  recall      share of positives (a real listed name with one realistic change) whose own entry id
              (<list>:<sourceUid>) is among the results (up to 50)
  recall@1    share of positives whose own entry is the first result (low by construction where the same party
              is on several lists: equal scores are ordered by list slug)
  alert rate  share of negatives (faker people/companies in 20 locales, on no list) with at least one result
  p50 / p99   in-process latency of one query (ms), over every positive and negative query; pg_trgm is a
              round trip from this process to the local server
  n           number of cases in the row
TARGETS (from the issue)
  T1  standard_match: recall > pg_trgm's recall AND alert rate < the JW scan's alert rate
  T2  fuzzy_search: a name in Arabic / Cyrillic / Chinese / Korean script finds its listed Latin form
  T3  in-process p50 <= 0.1 ms on the real lists, p99 <= 10 ms`);

// 1. Data
const tLoad = performance.now();
const { entries: realEntries, loads } = await loadRealEntries();
const loadMs = performance.now() - tLoad;
table(
  '1. DATA: real lists parsed with our parsers (entries = listed parties; names = primary + distinct aliases)',
  [
    ...loads.map((l) => ({
      list: l.label,
      slug: l.slug,
      entries: l.entries,
      names: l.names,
      parse_ms: Math.round(l.ms),
    })),
    {
      list: 'TOTAL',
      slug: '',
      entries: loads.reduce((s, l) => s + l.entries, 0),
      names: loads.reduce((s, l) => s + l.names, 0),
      parse_ms: Math.round(loadMs),
    },
  ],
);

// 2. Cases
const cases = buildCases(realEntries, Number(args.positives), Number(args.negatives), SEED);
const misses = buildMissCases(realEntries, Number(args['miss-cases']), SEED);
const missCases: MissCase[] = misses.cases;
const typoCases: TypoCase[] = buildTypoKindCases(realEntries, Number(args['typo-cases']), SEED).cases;
const allEntries: BenchEntry[] = [...realEntries, ...cases.evalEntries, ...misses.evalEntries];
const totalNames = allEntries.reduce((s, e) => s + entryNames(e).length, 0);
console.log(
  `\n2. CASES (seed ${SEED}): ${cases.positives.length} positives, ${cases.negatives.length} negatives`,
);
for (const n of cases.notes) console.log(`  - ${n}`);
console.log(
  `  - index = ${realEntries.length} real entries + ${cases.evalEntries.length} eval_wd entries + ${misses.evalEntries.length} eval_native entries = ${allEntries.length} entries, ${totalNames} names (same for every engine)`,
);
console.log(
  `  - kinds of misses (issue 17; table 3e only, not in the figures of table 3): ${missCases.length} cases, up to ${args['miss-cases']} of each of ${MISS_KINDS.join(', ')}`,
);
for (const kind of MISS_KINDS) console.log(`      ${kind}: ${MISS_KIND_NOTES[kind]}`);
for (const n of misses.notes) console.log(`    - ${n}`);
console.log(
  `  - kinds of typo (table 3f only, not in the figures of table 3): ${typoCases.length} cases, up to ${args['typo-cases']} of each of ${TYPO_KINDS.join(', ')}`,
);
for (const kind of TYPO_KINDS) console.log(`      ${kind}: ${TYPO_KIND_NOTES[kind]}`);
console.log(
  `  - Latin changes (one per case, on a real listed name of >= 2 tokens, persons 60% / entities 40% where the change applies): ${LATIN_CHANGES.join(', ')}`,
);

// 3. Our engine
const mem0 = memory();
const tBuild = performance.now();
const index = buildNameIndex(allEntries);
const buildMs = performance.now() - tBuild;
const mem1 = memory();

// Per case, in case order; undefined where a peer ran on a sample only.
interface RunResult {
  found: (boolean | undefined)[];
  top1: (boolean | undefined)[];
  alerts: (boolean | undefined)[];
  times: number[];
  alertExamples: { query: string; locale: string; matched: string; score: number | null }[];
}

function runOurs(
  idx: NameIndex,
  type: SearchType,
  pos: readonly PositiveCase[],
  neg: readonly NegativeCase[],
): RunResult {
  const r: RunResult = { found: [], top1: [], alerts: [], times: [], alertExamples: [] };
  // warm-up
  for (let i = 0; i < Math.min(20, pos.length); i++) idx.search(pos[i]!.query, type, OPTS);
  for (const p of pos) {
    const t = performance.now();
    const m = idx.search(p.query, type, OPTS);
    r.times.push(performance.now() - t);
    r.found.push(m.some((x) => x.id === p.expected));
    r.top1.push(m[0]?.id === p.expected);
  }
  for (const n of neg) {
    const t = performance.now();
    const m = idx.search(n.query, type, OPTS);
    r.times.push(performance.now() - t);
    r.alerts.push(m.length > 0);
    if (m.length > 0)
      r.alertExamples.push({
        query: n.query,
        locale: n.locale,
        matched: m[0]!.name,
        score: m[0]!.match_score,
      });
  }
  return r;
}

const progress = (msg: string): void => {
  process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${msg}\n`);
};
progress(`index built (${Math.round(buildMs)} ms)`);
if (args.only !== undefined) {
  const kinds = new Set(args.only.split(',').map((k) => k.trim()));
  const unknown = [...kinds].filter((k) => !(MISS_KINDS as readonly string[]).includes(k));
  if (unknown.length > 0)
    throw new Error(`--only: no such kind ${unknown.join(', ')} (${MISS_KINDS.join(', ')})`);
  const only = missCases.filter((c) => kinds.has(c.kind));
  const missedBy = new Map<SearchType, MissCase[]>();
  const rows = [...kinds].map((kind) => {
    const row: Record<string, string | number> = { kind, n: only.filter((c) => c.kind === kind).length };
    for (const type of TYPES) {
      const of = only.filter((c) => c.kind === kind);
      const missed = of.filter((c) => !index.search(c.query, type, OPTS).some((m) => m.id === c.expected));
      missedBy.set(type, [...(missedBy.get(type) ?? []), ...missed]);
      row[type.replace('_match', '').replace('_search', '')] = pct(
        1 - missed.length / Math.max(1, of.length),
      );
    }
    return row;
  });
  table(`3e. RECALL PER KIND OF MISS (--only ${args.only})`, rows);
  for (const type of ['strict_match', 'standard_match'] as const) {
    console.log(`  ${type} misses (the score the listed name gets, and the first result):`);
    for (const c of missedBy.get(type) ?? []) {
      const top = index.search(c.query, type, OPTS)[0];
      // A script case names its entry's Latin names joined by " / ": the best of them.
      const score = Math.max(...c.listedName.split(' / ').map((n) => index.compare(c.query, n, type).score));
      console.log(
        `    [${c.kind}] ${JSON.stringify(c.query)} ≠> ${JSON.stringify(c.listedName)} (${score}); first: ${top ? `${JSON.stringify(top.name)} (${top.match_score})` : 'none'}`,
      );
    }
  }
  process.exit(0);
}
const ours = new Map<SearchType, RunResult>();
const oursMisses = new Map<SearchType, boolean[]>();
const oursTypos = new Map<SearchType, boolean[]>();
for (const type of TYPES) {
  ours.set(type, runOurs(index, type, cases.positives, cases.negatives));
  oursMisses.set(
    type,
    missCases.map((c) => index.search(c.query, type, OPTS).some((m) => m.id === c.expected)),
  );
  oursTypos.set(
    type,
    typoCases.map((c) => index.search(c.query, type, OPTS).some((m) => m.id === c.expected)),
  );
  progress(`ours ${type} done`);
}

// 4. Peers
const peerNames: PeerName[] = [];
allEntries.forEach((e, i) => {
  for (const n of entryNames(e)) peerNames.push({ name: n, entry: i });
});
const idOf = allEntries.map(entryId);
const peerResults = new Map<
  string,
  RunResult & { notes: string; buildMs: number; misses: (boolean | undefined)[] }
>();
const skipped: string[] = [];
if (!args['no-peers']) {
  const peers: { make: () => Promise<{ peer: Peer; buildMs: number } | { skipped: string }> }[] = [
    {
      make: async () => {
        const t = performance.now();
        const peer = jaroWinklerScan(peerNames, 0.9);
        return { peer, buildMs: performance.now() - t };
      },
    },
    {
      make: async () => {
        const t = performance.now();
        const peer = fusePeer(peerNames, 0.3);
        return { peer, buildMs: performance.now() - t };
      },
    },
    { make: () => pgTrgmPeer(args.pg, peerNames) },
  ];
  for (const { make } of peers) {
    const made = await make();
    if ('skipped' in made) {
      skipped.push(made.skipped);
      console.log(`\n  peer skipped: ${made.skipped}`);
      continue;
    }
    const { peer, buildMs: peerBuild } = made;
    const r: RunResult = { found: [], top1: [], alerts: [], times: [], alertExamples: [] };
    const every = peer.label === 'fuse.js' ? Math.max(1, Number(args['fuse-every'])) : 1;
    // A hashed stride, so the sample spreads over change types and locales (cases cycle through them).
    const sampled = (i: number): boolean => every === 1 || (Math.imul(i + 1, 2654435761) >>> 0) % every === 0;
    const tPeer = performance.now();
    for (const [i, p] of cases.positives.entries()) {
      if (!sampled(i)) continue;
      const t = performance.now();
      const hits = await peer.search(p.query);
      r.times.push(performance.now() - t);
      r.found[i] = hits.some((h) => idOf[h] === p.expected);
      r.top1[i] = hits.length > 0 && idOf[hits[0]!] === p.expected;
    }
    for (const [i, n] of cases.negatives.entries()) {
      if (!sampled(i)) continue;
      const t = performance.now();
      const hits = await peer.search(n.query);
      r.times.push(performance.now() - t);
      r.alerts[i] = hits.length > 0;
      if (hits.length > 0)
        r.alertExamples.push({
          query: n.query,
          locale: n.locale,
          matched: allEntries[hits[0]!]!.name,
          score: null,
        });
    }
    const misses: (boolean | undefined)[] = [];
    for (const [i, c] of missCases.entries()) {
      if (!sampled(i)) continue;
      const hits = await peer.search(c.query);
      misses[i] = hits.some((h) => idOf[h] === c.expected);
    }
    await peer.close();
    progress(`${peer.label}: ${Math.round(performance.now() - tPeer)} ms for ${r.times.length} queries`);
    peerResults.set(peer.label, { ...r, notes: peer.notes, buildMs: peerBuild, misses });
  }
}

const share = (xs: readonly (boolean | undefined)[]): number => {
  const d = xs.filter((x) => x !== undefined);
  return d.length === 0 ? NaN : d.filter(Boolean).length / d.length;
};
const count = (xs: readonly (boolean | undefined)[]): number => xs.filter((x) => x !== undefined).length;
const qualityRows: Record<string, string | number>[] = [];
// Alerts on the negatives written in Latin script alone (the issue's targets hold for them and for all).
const LATIN_QUERY = /^[\p{Script=Latin}\P{L}]+$/u;
const latinAlerts = (r: RunResult): number =>
  share(cases.negatives.map((n, i) => (LATIN_QUERY.test(n.query) ? r.alerts[i] : undefined)));
for (const type of TYPES) {
  const r = ours.get(type)!;
  qualityRows.push({
    engine: `ours ${type}`,
    recall: pct(share(r.found)),
    'recall@1': pct(share(r.top1)),
    'alert rate': pct(share(r.alerts)),
    'alert Latin': pct(latinAlerts(r)),
    'p50 ms': ms(quantile(r.times, 0.5)),
    'p99 ms': ms(quantile(r.times, 0.99)),
    n: `${count(r.found)}+/${count(r.alerts)}-`,
  });
}
for (const [label, r] of peerResults) {
  qualityRows.push({
    engine: label,
    recall: pct(share(r.found)),
    'recall@1': pct(share(r.top1)),
    'alert rate': pct(share(r.alerts)),
    'alert Latin': pct(latinAlerts(r)),
    'p50 ms': ms(quantile(r.times, 0.5)),
    'p99 ms': ms(quantile(r.times, 0.99)),
    n: `${count(r.found)}+/${count(r.alerts)}-`,
  });
}
table('3. QUALITY AND SPEED on the real lists (same names, same queries, same run)', qualityRows);
for (const [label, r] of peerResults)
  console.log(`  ${label}: ${r.notes} (build ${Math.round(r.buildMs)} ms)`);

// Per change type
const changes: Change[] = [...LATIN_CHANGES, ...SCRIPT_CHANGES];
const byChange = (r: RunResult, change: Change): number => {
  return share(cases.positives.map((p, i) => (p.change === change ? r.found[i] : undefined)));
};
const changeRows = changes.map((change) => {
  const row: Record<string, string | number> = {
    change,
    n: cases.positives.filter((p) => p.change === change).length,
  };
  for (const type of TYPES)
    row[type.replace('_match', '').replace('_search', '')] = pct(byChange(ours.get(type)!, change));
  for (const [label, r] of peerResults) row[label] = pct(byChange(r, change));
  return row;
});
table('3b. RECALL PER CHANGE TYPE (ours: strict/standard/permissive/fuzzy; then peers)', changeRows);

// Negatives per locale (alerts)
const locales = [...new Set(cases.negatives.map((n) => n.locale))];
const localeRows = locales.map((loc) => {
  const idx = cases.negatives.map((n, i) => (n.locale === loc ? i : -1)).filter((i) => i >= 0);
  const row: Record<string, string | number> = { locale: loc, n: idx.length };
  for (const type of TYPES) {
    const r = ours.get(type)!;
    row[type.replace('_match', '').replace('_search', '')] = pct(share(idx.map((i) => r.alerts[i])));
  }
  for (const [label, r] of peerResults) row[label] = pct(share(idx.map((i) => r.alerts[i])));
  return row;
});
table('3c. ALERT RATE PER NEGATIVE LOCALE', localeRows);

// Kinds of misses (issue 17)
const missRows = MISS_KINDS.map((kind) => {
  const row: Record<string, string | number> = { kind, n: missCases.filter((c) => c.kind === kind).length };
  const of = (found: readonly (boolean | undefined)[]) =>
    pct(share(missCases.map((c, i) => (c.kind === kind ? found[i] : undefined))));
  for (const type of TYPES)
    row[type.replace('_match', '').replace('_search', '')] = of(oursMisses.get(type)!);
  for (const [label, r] of peerResults) row[label] = of(r.misses);
  return row;
});
if (missCases.length > 0) {
  table(
    '3e. RECALL PER KIND OF MISS (issue 17: cases drawn from the listed persons, matching-misses.ts; ours: strict/standard/permissive/fuzzy; then peers)',
    missRows,
  );
  const missed: Record<string, string[]> = {};
  missCases.forEach((c, i) => {
    if (oursMisses.get('standard_match')![i]) return;
    const list = (missed[c.kind] ??= []);
    if (list.length < 3) list.push(`${JSON.stringify(c.query)} ≠> ${JSON.stringify(c.listedName)}`);
  });
  console.log('  standard_match misses (up to 3 per kind):');
  for (const [kind, xs] of Object.entries(missed)) console.log(`    ${kind}: ${xs.join('; ')}`);
  // Names in another script are measured at fuzzy_search too (the issue's target for them).
  const missedFuzzy: Record<string, string[]> = {};
  missCases.forEach((c, i) => {
    if (!/^(script|zh)_/.test(c.kind) || oursMisses.get('fuzzy_search')![i]) return;
    const list = (missedFuzzy[c.kind] ??= []);
    if (list.length < 3) list.push(`${JSON.stringify(c.query)} ≠> ${JSON.stringify(c.listedName)}`);
  });
  console.log('  fuzzy_search misses of the script kinds (up to 3 per kind):');
  for (const [kind, xs] of Object.entries(missedFuzzy)) console.log(`    ${kind}: ${xs.join('; ')}`);
}

// Kinds of typo (matching-typo-kinds.ts)
if (typoCases.length > 0) {
  const typoRows = TYPO_KINDS.map((kind) => {
    const row: Record<string, string | number> = { kind, n: typoCases.filter((c) => c.kind === kind).length };
    for (const type of TYPES)
      row[type.replace('_match', '').replace('_search', '')] = pct(
        share(typoCases.map((c, i) => (c.kind === kind ? oursTypos.get(type)![i] : undefined))),
      );
    return row;
  });
  table(
    '3f. RECALL PER KIND OF TYPO (cases drawn from the listed names, matching-typo-kinds.ts; ours: strict/standard/permissive/fuzzy)',
    typoRows,
  );
  const missed: Record<string, string[]> = {};
  typoCases.forEach((c, i) => {
    if (oursTypos.get('standard_match')![i]) return;
    const list = (missed[c.kind] ??= []);
    if (list.length < 3) list.push(`${JSON.stringify(c.query)} ≠> ${JSON.stringify(c.listedName)}`);
  });
  console.log('  standard_match misses (up to 3 per kind):');
  for (const [kind, xs] of Object.entries(missed)) console.log(`    ${kind}: ${xs.join('; ')}`);
}

// Examples of misses and alerts
const examples: Record<string, unknown> = {};
console.log('\n3d. EXAMPLES (ours)');
for (const type of ['standard_match', 'fuzzy_search'] as const) {
  const r = ours.get(type)!;
  const misses: Record<string, { query: string; listed: string }[]> = {};
  cases.positives.forEach((p, i) => {
    if (r.found[i]) return;
    const list = (misses[p.change] ??= []);
    if (list.length < 3) list.push({ query: p.query, listed: p.listedName });
  });
  console.log(`  ${type} misses (up to 3 per change):`);
  for (const [change, xs] of Object.entries(misses))
    console.log(
      `    ${change}: ${xs.map((x) => `${JSON.stringify(x.query)} ≠> ${JSON.stringify(x.listed)}`).join('; ')}`,
    );
  const alerts = r.alertExamples.slice(0, 12);
  console.log(`  ${type} alerts on negatives (first ${alerts.length} of ${r.alertExamples.length}):`);
  for (const a of alerts)
    console.log(`    [${a.locale}] ${JSON.stringify(a.query)} -> ${JSON.stringify(a.matched)} (${a.score})`);
  examples[type] = { misses, alerts: r.alertExamples.slice(0, 40) };
}

// 5. Build cost and growth
const buildRow = {
  names: index.size,
  tokens: index.tokenCount,
  build_ms: Math.round(buildMs),
  index_mb: mb(index.byteSize),
  heap_growth_mb: mb(mem1.heap - mem0.heap),
  rss_growth_mb: mb(mem1.rss - mem0.rss),
};
table(
  '4. OUR INDEX BUILD on the real lists, in this thread (index_mb = its packed arrays; heap/RSS growth after a forced GC)',
  [buildRow],
);

const growth: Record<string, string | number>[] = [];
if (SIZES.length > 0) {
  const rng = seededRandom(SEED + 7);
  const gq = Number(args['growth-queries']);
  const pick = <T>(xs: readonly T[], k: number): T[] => {
    const copy = [...xs];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, k);
  };
  const gPos = pick(cases.positives, Math.ceil(gq / 2));
  const gNeg = pick(cases.negatives, Math.floor(gq / 2));
  // The service's two worker threads (the default), started before the first measurement.
  const pool = new BulkWorkerPool(2);
  await buildNameIndexAsync(allEntries.slice(0, 100), pool);
  for (const size of SIZES) {
    let input: BenchEntry[] | null = [...allEntries, ...(syntheticEntries(size, SEED) as BenchEntry[])];
    const m0 = memory();
    const t = performance.now();
    let big: NameIndex | null = await buildNameIndexAsync(input, pool);
    const bMs = performance.now() - t;
    // The index without its input (in the service, the entries read from the store are dropped once built).
    input = null;
    void input;
    const m1 = memory();
    progress(`growth +${size}: built in ${Math.round(bMs)} ms`);
    for (const type of TYPES) {
      const r = runOurs(big, type, gPos, gNeg);
      growth.push({
        synthetic: size,
        names: big.size,
        tokens: big.tokenCount,
        type,
        ready_ms: Math.round(bMs),
        index_mb: mb(big.byteSize),
        rss_mb: mb(m1.rss - m0.rss),
        recall: pct(share(r.found)),
        'alert rate': pct(share(r.alerts)),
        'p50 ms': ms(quantile(r.times, 0.5)),
        'p99 ms': ms(quantile(r.times, 0.99)),
      });
    }
    big = null;
    void big;
  }
  await pool.close();
  table(
    `4b. GROWTH: real lists + N synthetic entries (syntheticEntries(N, ${SEED})), built as the service builds (two worker threads); ${gPos.length}+/${gNeg.length}- sampled queries; ready_ms = entries in to index searchable; index_mb = packed arrays; rss_mb = resident growth with the input dropped, worker threads included`,
    growth,
  );
}

// Targets
const std = ours.get('standard_match')!;
const fz = ours.get('fuzzy_search')!;
const trgm = peerResults.get('pg_trgm');
const jw = peerResults.get('JW token scan');
const scriptRecall = (change: Change) => byChange(fz, change);
const times = TYPES.map((t) => ({
  t,
  p50: quantile(ours.get(t)!.times, 0.5),
  p99: quantile(ours.get(t)!.times, 0.99),
}));
const targets = [
  {
    target: 'T1a standard recall > pg_trgm recall',
    ours: pct(share(std.found)),
    peer: trgm ? pct(share(trgm.found)) : 'n/a',
    met: trgm ? (share(std.found) > share(trgm.found) ? 'yes' : 'NO') : 'n/a',
  },
  {
    target: 'T1b standard alert rate < JW scan alert rate',
    ours: pct(share(std.alerts)),
    peer: jw ? pct(share(jw.alerts)) : 'n/a',
    met: jw ? (share(std.alerts) < share(jw.alerts) ? 'yes' : 'NO') : 'n/a',
  },
  ...(['script_ar', 'script_ru', 'script_zh', 'script_ko'] as const).map((c) => ({
    target: `T2 fuzzy finds Latin form from ${c}`,
    ours: pct(scriptRecall(c)),
    peer: '',
    met:
      scriptRecall(c) >= 0.9
        ? 'yes'
        : scriptRecall(c) >= 0.5
          ? 'mostly'
          : scriptRecall(c) >= 0.2
            ? 'partly'
            : 'NO',
  })),
  ...times.map(({ t, p50, p99 }) => ({
    target: `T3 ${t} p50 <= 0.1 ms, p99 <= 10 ms`,
    ours: `${ms(p50)} / ${ms(p99)}`,
    peer: '',
    met: p50 <= 0.1 && p99 <= 10 ? 'yes' : p99 <= 10 ? 'p99 only' : 'NO',
  })),
];
// The largest growth size measured: p50 <= 1 ms, p99 <= 10 ms, ready within 30 s, at most 1.5 GB resident.
const largest = growth.filter((g) => g.synthetic === SIZES[SIZES.length - 1]);
for (const g of largest) {
  const p50 = Number(g['p50 ms']);
  const p99 = Number(g['p99 ms']);
  targets.push({
    target: `T4 +${g.synthetic} names: ${g.type} p50 <= 1 ms, p99 <= 10 ms`,
    ours: `${g['p50 ms']} / ${g['p99 ms']}`,
    peer: '',
    met: p50 <= 1 && p99 <= 10 ? 'yes' : p50 <= 1 ? 'p50 only' : 'NO',
  });
}
if (largest[0]) {
  const g = largest[0];
  targets.push({
    target: `T5 +${g.synthetic} names: ready <= 30 s, resident <= 1.5 GB`,
    ours: `${(Number(g.ready_ms) / 1000).toFixed(1)} s, index ${g.index_mb} MB, RSS +${g.rss_mb} MB`,
    peer: '',
    met: Number(g.ready_ms) <= 30_000 && Number(g.rss_mb) <= 1536 ? 'yes' : 'NO',
  });
}
// Qualifiers (issue 17): more faker negatives than the quality table's, for a rate near 0.1 % to be measurable.
const qualifierNegatives = buildCases(
  realEntries,
  0,
  Number(args['qualifier-negatives']),
  SEED + 1,
).negatives;
const qualifiers = qualifierRows({
  index,
  entries: allEntries,
  positives: cases.positives,
  negatives: qualifierNegatives,
  types: TYPES,
  seed: SEED,
});
progress('qualifiers done');
table(
  "3d. QUALIFIERS: faker negatives with a random birth date and country (and their kind), alert rate without and with (alert_rate_latin: name only, the negatives written in Latin script alone); positives with their own entry's published facts, recall without and with",
  qualifiers.map((r) => ({ ...r })),
);
const stdQ = qualifiers.find((r) => r.search_type === 'standard_match');
if (stdQ)
  targets.push({
    target: `T7 standard_match on ${stdQ.negatives} negatives: <= 0.5% of clean names alert, all scripts and Latin alone`,
    ours: `${stdQ.alert_rate}; Latin ${stdQ.alert_rate_latin}`,
    peer: '',
    met: parseFloat(stdQ.alert_rate) <= 0.5 && parseFloat(stdQ.alert_rate_latin) <= 0.5 ? 'yes' : 'NO',
  });
if (stdQ)
  targets.push({
    target: 'T6 standard_match with birth year and country: <= 0.1% of clean names alert, recall unchanged',
    ours: `${stdQ.alert_rate_birth_country} (name only ${stdQ.alert_rate}); recall ${stdQ.recall_own_facts} (name only ${stdQ.recall})`,
    peer: '',
    met:
      parseFloat(stdQ.alert_rate_birth_country) <= 0.1 && stdQ.recall_own_facts === stdQ.recall
        ? 'yes'
        : 'NO',
  });
table('5. TARGETS vs OUR FIGURES', targets);
pairwiseComparison(index, realEntries, SEED);

const totalMs = performance.now() - started;
console.log(`\nruntime ${(totalMs / 1000).toFixed(1)} s`);
const out = path.resolve(import.meta.dirname, '..', args.out);
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  JSON.stringify(
    {
      generated: new Date().toISOString(),
      node: process.version,
      seed: SEED,
      data: { lists: loads, entries: allEntries.length, names: totalNames, parse_ms: Math.round(loadMs) },
      cases: { positives: cases.positives.length, negatives: cases.negatives.length, notes: cases.notes },
      quality: qualityRows,
      per_change: changeRows,
      per_locale: localeRows,
      per_miss_kind: missRows,
      peers: Object.fromEntries(
        [...peerResults].map(([k, v]) => [k, { notes: v.notes, build_ms: Math.round(v.buildMs) }]),
      ),
      skipped_peers: skipped,
      build: buildRow,
      growth,
      targets,
      qualifiers,
      examples,
      runtime_s: Math.round(totalMs / 100) / 10,
    },
    null,
    2,
  ),
);
console.log(`wrote ${path.relative(process.cwd(), out)}`);
