// The spelling rules strict and permissive set for themselves (search-types.ts: readingParticles, readingKeys,
// readingTypos, soundAlikeSpelling, loneTokenMinSimilarity), on a small index of invented names: the clean names each
// rule silences, and the near spellings the same type still finds.
import { describe, expect, it } from 'vitest';
import type { SearchType } from '../domain/screening.js';
import type { IndexInput } from './index-builder.js';
import type { MatchExplanation } from './name-index.js';
import { buildNameIndex } from './name-index.js';
import { syntheticEntries } from '../test-support/synthetic-names.js';

const LISTED: IndexInput[] = [
  { list: 'x', sourceUid: 'kim', name: 'KIM, Tae Yong Su', aliases: [] },
  { list: 'x', sourceUid: 'silva', name: 'DA SILVA, Mariana Beatriz', aliases: [] },
  { list: 'x', sourceUid: 'liu', name: 'LIU, Jun', aliases: [] },
  { list: 'x', sourceUid: 'xian', name: 'XIAN, Ming', aliases: [] },
  { list: 'x', sourceUid: 'guerra', name: 'GUERRA, Tomas', aliases: [] },
  { list: 'x', sourceUid: 'haddad', name: 'Fuad HADDAD', aliases: [] },
  { list: 'x', sourceUid: 'hasan', name: 'Muhammad HASAN KARIMI', aliases: [] },
  { list: 'x', sourceUid: 'sour', name: 'SOUR', aliases: [] },
];
const index = buildNameIndex([...syntheticEntries(3_000, 11), ...LISTED]);
const found = (q: string, type: SearchType, uid: string): boolean =>
  index.search(q, type, { lists: ['x'], explain: false }).some((m) => m.source_uid === uid);
const pairSimilarity = (q: string, listed: string, type: SearchType, token: string): number | undefined =>
  (index.compare(q, listed, type).explanation as MatchExplanation).pairs.find((p) => p.query === token)
    ?.similarity;

describe('strict_match', () => {
  it('reads a syllable of a name written in Hangul or Han as a syllable, not a particle', () => {
    // 태도용수 reads "tae do yong su": "do" is a particle's spelling, and KIM, Tae Yong Su has no such syllable.
    expect(found('태도용수', 'strict_match', 'kim')).toBe(false);
    expect(found('태용수', 'strict_match', 'kim')).toBe(true);
    // A particle written in Latin letters is one: one the listed name lacks costs little ("al" is often left out).
    expect(found('Tae do Yong Su', 'strict_match', 'kim')).toBe(true);
    expect(found('Mariana Beatriz al Silva', 'strict_match', 'silva')).toBe(true);
    // A particle the listed name writes too still pairs.
    expect(found('Mariana da Silva', 'strict_match', 'silva')).toBe(true);
    // Standard keeps reading it as a particle (its figures are left as they were).
    expect(found('태도용수', 'standard_match', 'kim')).toBe(true);
  });

  it('pairs a query written in Han as its reading is written, not through the variant key', () => {
    // 刘云 reads "liu yun": pinyin's y is not j, though the variant key folds both (Yurij / Jurij).
    expect(found('刘云', 'strict_match', 'liu')).toBe(false);
    expect(found('刘军', 'strict_match', 'liu')).toBe(true);
    // A Latin query keeps the variant key at strict.
    expect(found('Jun Liu', 'strict_match', 'liu')).toBe(true);
    expect(found('Yun Liu', 'strict_match', 'liu')).toBe(true);
  });
});

describe('permissive_match', () => {
  it('gives a syllable read from Han no typo bonus; a Latin query keeps it', () => {
    expect(pairSimilarity('田明', 'XIAN, Ming', 'permissive_match', 'tian')).toBeLessThan(0.9);
    expect(pairSimilarity('Tian Ming', 'XIAN, Ming', 'permissive_match', 'tian')).toBeGreaterThanOrEqual(0.9);
    // The other types are left as they were.
    expect(pairSimilarity('田明', 'XIAN, Ming', 'standard_match', 'tian')).toBeGreaterThanOrEqual(0.9);
  });

  it('pairs two spellings with vowels by sound only where their letters agree', () => {
    // Kiro and Guerra share the metaphone code KR and few letters.
    expect(found('Kiro Tomas', 'permissive_match', 'guerra')).toBe(false);
    expect(pairSimilarity('Kiro Tomas', 'GUERRA, Tomas', 'fuzzy_search', 'kiro')).toBeGreaterThan(0.8);
    // Foead and Fuad share a code and most letters; unvocalised Arabic writes only its consonants.
    expect(found('Foead Haddad', 'permissive_match', 'haddad')).toBe(true);
    expect(found('mhmd hsn karimi', 'permissive_match', 'hasan')).toBe(true);
  });

  it('asks a query of one strong token to pair it as the same name or one typo in it', () => {
    // Sauer and Sour share a metaphone code and some letters, but one word sounding like another is no evidence.
    expect(found('Sauer GmbH', 'permissive_match', 'sour')).toBe(false);
    expect(pairSimilarity('Sauer GmbH', 'SOUR', 'fuzzy_search', 'sauer')).toBeGreaterThan(0.8);
    expect(found('Sour GmbH', 'permissive_match', 'sour')).toBe(true);
    expect(found('Soura GmbH', 'permissive_match', 'sour')).toBe(true);
    // Two strong tokens are more evidence: a near spelling beside an exact word still pairs.
    expect(found('Gerra Tomas', 'permissive_match', 'guerra')).toBe(true);
  });
});
