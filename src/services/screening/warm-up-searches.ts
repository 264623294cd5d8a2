// Searches a new name index with a sample of its own names, at every search type, before it serves. The results
// are thrown away; what stays is V8's optimised code for the engine's scoring paths. Without it the first
// thousand or so calls after a start (in the many scripts real queries come in) ran partly unoptimised, and each
// new script's token shapes threw optimised code away to compile it again on background threads (measured in
// process on the real lists, the HTTP bench's 1,692 queries each seen once at standard_match, on a loaded machine:
// p50 0.22-0.23 ms and mean 2.0 ms cold, 0.16-0.17 ms and 1.4 ms after this warm-up). The first searches are the
// slow ones (each new path is compiled), so a budget that ends early ends where the warm-up costs most and gives
// least: measured the same way at load ~15 on 2 CPUs, 1.5 s allowed 130-340 of the 3,200 searches (p50 0.19-0.25
// ms, p99 39-53 ms, mean 2.3-3.5 ms), the whole sample took 7.6 s (p50 0.15-0.17, p99 18-33, mean 0.8-1.4).
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
 * The queries made of one listed name: the name as listed, and with one letter dropped from its longest word (a
 * typo, so the tolerant paths run, not only the exact ones).
 */
export function warmUpQueries(name: string): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  let longest = 0;
  for (let i = 1; i < words.length; i++) if (words[i]!.length > words[longest]!.length) longest = i;
  const w = [...words[longest]!];
  if (w.length < 4) return [name];
  const mid = Math.floor(w.length / 2);
  const typo = words.map((x, i) => (i === longest ? [...w.slice(0, mid), ...w.slice(mid + 1)].join('') : x));
  return [name, typo.join(' ')];
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
  for (const k of spreadOrder(sampled)) {
    const name = index.party(Math.floor((k * parties) / sampled)).names[0];
    for (const query of name === undefined ? [] : warmUpQueries(name))
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
