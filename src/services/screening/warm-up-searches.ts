// Searches a new name index with a sample of its own names, at every search type, before it serves. The results
// are thrown away; what stays is V8's optimised code for the engine's scoring paths. Without it the first
// thousand or so calls after a start (in the many scripts real queries come in) ran partly unoptimised, and each
// new script's token shapes threw optimised code away to compile it again on background threads (measured in
// process on the real lists, the HTTP bench's 1,692 queries each seen once at standard_match, on a loaded machine:
// p50 0.22-0.23 ms and mean 2.0 ms cold, 0.16-0.17 ms and 1.4 ms after this warm-up). The first searches are the
// slow ones (each new path is compiled), so a budget that ends early ends where the warm-up costs most and gives
// least: measured the same way at load ~15 on 2 CPUs, 1.5 s allowed 130-340 of the 3,200 searches (p50 0.19-0.25
// ms, p99 39-53 ms, mean 2.3-3.5 ms), the whole sample took 7.6 s (p50 0.15-0.17, p99 18-33, mean 0.8-1.4).
// The sample's queries take the shapes callers' names take (typos of several kinds, reordered words, an initial), the
// party's name in another script where it has one, and a pseudo-name in each script the engine reads (the lists' first
// names are all Latin): an optimised function meeting a token shape or a branch the warm-up never showed it is thrown
// away and compiled again during a caller's search. Measured in process on the real lists (the HTTP bench's 1,692
// queries, 200 of them first as its warm-up, then each once at standard_match; V8's --trace-opt/--trace-deopt, two
// processes each): functions compiled during those searches 23-25 -> 17-18, deoptimised 16-17 -> 12-13; the warm-up
// takes more CPU (1.9-2.0 s -> 3.1-3.4 s at that load, within the 8 s cap), latencies were within that machine's noise.
// Answers do not depend on it: what a search leaves behind is compiled code and standard_match's remembered word
// reaches (query-reach.ts), a cache that changes no result.
import { SEARCH_TYPES, type NameSearcher } from '../../domain/screening.js';

export interface WarmUpOptions {
  /** Time spent searching at most (ms); the sample is cut short when it runs out. */
  readonly budgetMs: number;
  /** Listed parties sampled at most, spread evenly over the index (so every list and script has its share). */
  readonly maxParties: number;
  /** Time between yields to the event loop (ms): other work is never held up longer. */
  readonly sliceMs: number;
  readonly now?: () => number;
}

// The budget is a cap for a loaded machine; an idle one runs the whole sample in less.
export const WARM_UP_DEFAULTS: WarmUpOptions = { budgetMs: 8_000, maxParties: 400, sliceMs: 10 };

/**
 * The queries made of one listed name: the name as listed, and with a typo in its longest word (so the tolerant paths
 * run, not only the exact ones): `variant` 0 drops its middle letter, 1 swaps the two letters there, 2 doubles one,
 * 3 drops it and lists the words in reverse order, 4 drops it and writes the first other word as its initial ("V.
 * Putin"). Each path a caller's name may take is then compiled, with the shapes of its tokens, before the first
 * caller's name takes it: an optimised function meeting a shape or a branch it has not seen is thrown away and
 * compiled again (measured: a few dozen such recompiles in the first pass over the HTTP bench's queries, each
 * running that function unoptimised for tens to hundreds of ms on a loaded machine).
 */
export function warmUpQueries(name: string, variant = 0): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  let longest = 0;
  for (let i = 1; i < words.length; i++) if (words[i]!.length > words[longest]!.length) longest = i;
  const w = [...words[longest]!];
  if (w.length < 4) return [name];
  const mid = Math.floor(w.length / 2);
  const typo = [...w];
  if (variant % 5 === 1) [typo[mid - 1], typo[mid]] = [w[mid]!, w[mid - 1]!];
  else if (variant % 5 === 2) typo.splice(mid, 0, w[mid]!);
  else typo.splice(mid, 1);
  const typoed = words.map((x, i) => (i === longest ? typo.join('') : x));
  if (variant % 5 === 3) typoed.reverse();
  const other = typoed.findIndex((x, i) => i !== longest && /^\p{L}/u.test(x));
  if (variant % 5 === 4 && other >= 0) typoed[other] = `${[...typoed[other]!][0]!.toUpperCase()}.`;
  return [name, typoed.join(' ')];
}

/**
 * A name of one party in another script than its first name (an alias in Arabic, Cyrillic, Han, ...), or undefined:
 * callers write names in scripts the lists' first names never are (all in Latin letters on the real lists), and each
 * script's reading is its own code to optimise.
 */
export function otherScriptName(names: readonly string[]): string | undefined {
  const first = names[0];
  if (first === undefined) return undefined;
  const latin = LATIN_ONLY.test(first);
  return names.find((n) => LATIN_ONLY.test(n) !== latin);
}
const LATIN_ONLY = /^[\p{Script=Latin}\P{L}]*$/u;

/**
 * Pseudo-names in each script the engine reads (the first letters of the script's block, as two words), searched once
 * at every type before the listed names: a script the lists hold few names in, or none, is compiled before a caller's
 * name in it, not during it (measured in process after the warm-up before this one: the first Hangul, kana or Hebrew
 * queries cost 7-16 ms of CPU, compiling included, and 0.2-0.3 ms searched again).
 */
export function scriptSamples(): string[] {
  const run = (from: number, n = 6): number[] => Array.from({ length: n }, (_, i) => from + i);
  const blocks: readonly (readonly number[])[] = [
    run(0x0431), // Cyrillic
    run(0x03b1), // Greek
    run(0x0628), // Arabic
    run(0x05d1), // Hebrew
    run(0x4e01, 5), // Han
    run(0xac00, 5), // Hangul
    run(0x30a2, 7), // Katakana
    run(0x3042, 7), // Hiragana
    run(0x0e01), // Thai
    [0x0e81, 0x0e82, 0x0e84, 0x0e87, 0x0e88, 0x0e8a], // Lao
    run(0x1780), // Khmer
    run(0x1000), // Myanmar
    run(0x0915), // Devanagari
    run(0x0995), // Bengali
    run(0x0a15), // Gurmukhi
    run(0x0a95), // Gujarati
    run(0x0b15), // Oriya
    [0x0b95, 0x0bae, 0x0b9a, 0x0ba4, 0x0bb0, 0x0ba9], // Tamil
    run(0x0c15), // Telugu
    run(0x0c95), // Kannada
    run(0x0d15), // Malayalam
    run(0x0d9a), // Sinhala
    run(0x10d0), // Georgian
    run(0x0561), // Armenian
    run(0x1200), // Ethiopic
  ];
  return blocks.map(
    (cps) => `${String.fromCodePoint(...cps.slice(0, 2))} ${String.fromCodePoint(...cps.slice(2))}`,
  );
}

/**
 * The order the `sampled` evenly spaced parties are visited in: bit-reversed (0, 1/2, 1/4, 3/4, ...), so that
 * whatever prefix the time budget allows is itself spread over the whole index. Visited in index order, a budget
 * cut after a tenth of the sample (as on a loaded machine) warmed only the first list's names and scripts.
 */
export function spreadOrder(sampled: number): number[] {
  let bits = 0;
  while (1 << bits < sampled) bits++;
  const order: number[] = [];
  for (let k = 0; k < 1 << bits; k++) {
    let r = 0;
    for (let b = 0; b < bits; b++) if (k & (1 << b)) r |= 1 << (bits - 1 - b);
    if (r < sampled) order.push(r);
  }
  return order;
}

/** Runs the warm-up on `index`; resolves with the searches made and the time they took. */
export async function warmUpSearches(
  index: NameSearcher,
  opts: WarmUpOptions = WARM_UP_DEFAULTS,
): Promise<{ searches: number; ms: number }> {
  const now = opts.now ?? (() => performance.now());
  const parties = index.partyCount;
  const sampled = Math.min(parties, opts.maxParties);
  const start = now();
  let sliceStart = start;
  let searches = 0;
  for (const query of scriptSamples())
    for (const type of SEARCH_TYPES) {
      index.search(query, type, { lists: null, explain: false });
      searches++;
    }
  let visited = 0;
  for (const k of spreadOrder(sampled)) {
    const { names } = index.party(Math.floor((k * parties) / sampled));
    const other = otherScriptName(names);
    const queries = [
      ...(names[0] === undefined ? [] : warmUpQueries(names[0], visited)),
      ...(other === undefined ? [] : warmUpQueries(other, visited)),
    ];
    visited++;
    for (const query of queries)
      for (const type of SEARCH_TYPES) {
        index.search(query, type, { lists: null, explain: false });
        searches++;
      }
    const t = now();
    if (t - start >= opts.budgetMs) break;
    if (t - sliceStart >= opts.sliceMs) {
      await new Promise<void>((r) => setImmediate(r));
      sliceStart = now();
    }
  }
  return { searches, ms: now() - start };
}
