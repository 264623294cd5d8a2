// A small seeded generator (mulberry32): the effectiveness report draws every sample from it, so one seed gives
// one report.

/** Numbers in [0, 1), the same sequence for the same seed. */
export type Random = () => number;

export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An index in [0, n). */
export function pickIndex(random: Random, n: number): number {
  return Math.floor(random() * n);
}

/** One element of a non-empty array. */
export function pick<T>(random: Random, xs: readonly T[]): T {
  return xs[pickIndex(random, xs.length)]!;
}
