// Deterministic synthetic list entries for tests and measurements (no real data, no I/O).
import type { IndexInput } from '../matching/index.js';

const ONSETS = [
  'b',
  'd',
  'f',
  'g',
  'h',
  'k',
  'l',
  'm',
  'n',
  'p',
  'r',
  's',
  't',
  'v',
  'z',
  'br',
  'dr',
  'kr',
  'st',
  'tr',
  'sh',
  'ch',
];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'ai', 'ou', 'ia'];
const CODAS = ['', '', 'n', 'r', 's', 'l', 'm', 'k', 'nd', 'rt'];
const ENTITY_WORDS = [
  'trading',
  'shipping',
  'holdings',
  'group',
  'industries',
  'logistics',
  'energy',
  'capital',
];
const LEGAL = ['llc', 'ltd', 'gmbh', 'sa', 'jsc', 'inc'];

/** A seeded linear congruential generator in [0, 1). */
function rng(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `count` synthetic entries (persons of 2-3 invented tokens, some entities with a legal form), one alias in five. */
export function syntheticEntries(count: number, seed = 1): IndexInput[] {
  const next = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const word = (): string => {
    const syllables = 2 + Math.floor(next() * 2);
    let w = '';
    for (let i = 0; i < syllables; i++)
      w += pick(ONSETS) + pick(VOWELS) + (i === syllables - 1 ? pick(CODAS) : '');
    return w[0]!.toUpperCase() + w.slice(1);
  };
  // A pool of given names (shared, so common) and an open set of surnames (mostly rare), like real lists.
  const given = Array.from({ length: 400 }, word);
  const out: IndexInput[] = [];
  for (let i = 0; i < count; i++) {
    const entity = next() < 0.25;
    const name = entity
      ? `${word()} ${pick(ENTITY_WORDS)} ${pick(LEGAL)}`.toUpperCase()
      : `${word().toUpperCase()}, ${pick(given)}${next() < 0.4 ? ` ${pick(given)}` : ''}`;
    const aliases =
      next() < 0.2 ? [entity ? `${word()} ${pick(ENTITY_WORDS)}` : `${pick(given)} ${word()}`] : [];
    out.push({ list: i % 3 === 0 ? 'eu_fsf' : 'us_ofac_sdn', sourceUid: `S${i}`, name, aliases });
  }
  return out;
}
