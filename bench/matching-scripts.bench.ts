// `npx tsx bench/matching-scripts.bench.ts`: only the names in another script of `bench:matching` (the same case
// builders, matching-quality.ts and matching-script-misses.ts), with more cases per script, at the chosen search
// types, each miss printed with what the pairwise comparison says of it (score, token pairs, unmatched tokens), and
// the alert rate of the same faker negatives. For working on the script readings without the full bench.
//
//   npx tsx bench/matching-scripts.bench.ts [--seed 1] [--per 100] [--negatives 1000]
//                                           [--types fuzzy_search,standard_match] [--misses 10] [--alerts 0]
//                                           [--repeat 1]
import { parseArgs } from 'node:util';
import type { SearchType } from '../src/domain/screening.js';
import { buildNameIndex } from '../src/matching/index.js';
import type { MatchExplanation } from '../src/matching/index.js';
import { sharedListsDir, sharedListsSkipReason } from '../src/test-support/shared-lists.js';
import { loadRealEntries } from './matching-data.js';
import { buildMissCases } from './matching-misses.js';
import { LATIN_CHANGES, SCRIPT_CHANGES, buildCases } from './matching-quality.js';

const { values: args } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    per: { type: 'string', default: '100' },
    negatives: { type: 'string', default: '1000' },
    types: { type: 'string', default: 'fuzzy_search' },
    misses: { type: 'string', default: '10' },
    alerts: { type: 'string', default: '0' },
    repeat: { type: 'string', default: '1' },
  },
});
if (!sharedListsDir) {
  console.warn(sharedListsSkipReason);
  process.exit(0);
}
const SEED = Number(args.seed);
const PER = Number(args.per);
const TYPES = args.types.split(',').map((t) => t.trim()) as SearchType[];
const OPTS = { lists: null, explain: false } as const;
const pct = (a: number, n: number): string => (n === 0 ? '–' : `${((100 * a) / n).toFixed(1)}%`);

const { entries } = await loadRealEntries();
const cases = buildCases(
  entries,
  PER * (LATIN_CHANGES.length + SCRIPT_CHANGES.length),
  Number(args.negatives),
  SEED,
);
const misses = buildMissCases(entries, PER, SEED);
const index = buildNameIndex([...entries, ...cases.evalEntries, ...misses.evalEntries]);
const scriptCases = [
  ...cases.positives
    .filter((p) => p.change.startsWith('script_'))
    .map((p) => ({ kind: p.change as string, query: p.query, expected: p.expected, listed: p.listedName })),
  ...misses.cases
    .filter((c) => c.kind === 'zh_middle_dot')
    .map((c) => ({ kind: c.kind as string, query: c.query, expected: c.expected, listed: c.listedName })),
];
const kinds = [...new Set(scriptCases.map((c) => c.kind))];

for (const type of TYPES) {
  const times: number[] = [];
  const found = new Map<string, number>();
  const missed = new Map<string, typeof scriptCases>();
  for (const c of scriptCases) {
    const t = performance.now();
    const hit = index.search(c.query, type, OPTS).some((m) => m.id === c.expected);
    times.push(performance.now() - t);
    if (hit) found.set(c.kind, (found.get(c.kind) ?? 0) + 1);
    else (missed.get(c.kind) ?? missed.set(c.kind, []).get(c.kind)!).push(c);
  }
  let alerts = 0;
  let latinAlerts = 0;
  let latinN = 0;
  for (const n of cases.negatives) {
    const t = performance.now();
    const hits = index.search(n.query, type, OPTS);
    const alert = hits.length > 0;
    times.push(performance.now() - t);
    const latin = /^[\p{Script=Latin}\P{L}]+$/u.test(n.query);
    if (alert && alerts++ < Number(args.alerts))
      console.log(
        `  alert [${n.locale}] ${JSON.stringify(n.query)} -> ${JSON.stringify(hits[0]!.name)} ${hits[0]!.match_score}`,
      );
    if (latin) latinN++;
    if (alert && latin) latinAlerts++;
  }
  // Timing again over the same queries (warm), `--repeat` - 1 more times: the p50 over all passes.
  for (let r = 1; r < Number(args.repeat); r++)
    for (const q of [...scriptCases.map((c) => c.query), ...cases.negatives.map((n) => n.query)]) {
      const t = performance.now();
      index.search(q, type, OPTS);
      times.push(performance.now() - t);
    }
  // What the searches did (deterministic, unlike their times): postings read, names bounded, names scored.
  const work = { postingsRead: 0, namesTouched: 0, scored: 0 };
  for (const q of [...scriptCases.map((c) => c.query), ...cases.negatives.map((n) => n.query)]) {
    index.search(q, type, OPTS);
    const st = index.lastQueryStats;
    work.postingsRead += st.postingsRead;
    work.namesTouched += st.namesTouched;
    work.scored += st.scored;
  }
  console.log(`  work: ${JSON.stringify(work)}`);
  times.sort((a, b) => a - b);
  console.log(
    `\n${type}: p50 ${times[Math.floor(times.length / 2)]!.toFixed(3)} ms over ${times.length} searches`,
  );
  console.table(
    kinds.map((k) => {
      const n = scriptCases.filter((c) => c.kind === k).length;
      return { kind: k, n, recall: pct(found.get(k) ?? 0, n) };
    }),
  );
  console.log(
    `  negatives: ${pct(alerts, cases.negatives.length)} alert (${alerts}/${cases.negatives.length}); Latin ${pct(latinAlerts, latinN)}`,
  );
  for (const [kind, xs] of missed) {
    console.log(`  ${kind} misses (${xs.length}):`);
    for (const c of xs.slice(0, Number(args.misses))) {
      const listed = c.listed.split(' / ')[0]!;
      const cmp = index.compare(c.query, listed, type);
      const e = cmp.explanation as MatchExplanation;
      const pairs = e.pairs
        .map((p: MatchExplanation['pairs'][number]) => `${p.query}~${p.listed} ${p.similarity.toFixed(2)}`)
        .join(', ');
      console.log(
        `    ${JSON.stringify(c.query)} ≠> ${JSON.stringify(listed)}: ${cmp.score} [${e.query_tokens.join(' ')}] pairs {${pairs}} unmatched q [${e.unmatched_query.join(' ')}] l [${e.unmatched_listed.join(' ')}]`,
      );
    }
  }
}
