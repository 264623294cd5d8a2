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
    expect(found('태도용수', 'standard_match', 'kim')).toBe(false);
    expect(found('태용수', 'standard_match', 'kim')).toBe(true);
    // A particle written in Latin letters is one: one the listed name lacks costs little ("al" is often left out).
    expect(found('Tae do Yong Su', 'strict_match', 'kim')).toBe(true);
    expect(found('Mariana Beatriz al Silva', 'strict_match', 'silva')).toBe(true);
    // A particle the listed name writes too still pairs.
    expect(found('Mariana da Silva', 'strict_match', 'silva')).toBe(true);
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

describe('strict_match typos', () => {
  const match = (a: string, b: string): boolean => index.compare(a, b, 'strict_match').match;

  it("keeps one in a company's one word beside its legal form as written", () => {
    expect(match('AO Tdchnodinamika', 'AO TECHNODINAMIKA')).toBe(true);
    expect(match('Radiovtomatika LLC', 'RADIOAVTOMATIKA LLC')).toBe(true);
    // A lone word is all the name: one typo in it is all the evidence (standard keeps it).
    expect(match('Tdchnodinamika', 'TECHNODINAMIKA')).toBe(false);
    expect(index.compare('Tdchnodinamika', 'TECHNODINAMIKA', 'standard_match').match).toBe(true);
    // Five letters are word enough beside the legal form (MIN_STRICT_COMPANY_TYPO_LENGTH); not alone, nor beside
    // another legal form than the listed one.
    expect(match('OOO Mayek', 'OOO MAYAK')).toBe(true);
    expect(match('Kotur LLC', 'KONTUR LLC')).toBe(true);
    expect(match('Mayek', 'MAYAK')).toBe(false);
    expect(match('LLC Mayek', 'OOO MAYAK')).toBe(false);
    // A shorter word, or a legal form that is not the listed one.
    expect(match('AO Lwda', 'AO LEDA')).toBe(false);
    expect(match('OOO Tdchnodinamika', 'AO TECHNODINAMIKA')).toBe(false);
  });
});

describe('permissive_match', () => {
  it('gives a syllable read from Han no typo bonus; a Latin query keeps it', () => {
    expect(pairSimilarity('田 明', 'XIAN, Ming', 'permissive_match', 'tian')).toBeLessThan(0.9);
    expect(pairSimilarity('Tian Ming', 'XIAN, Ming', 'permissive_match', 'tian')).toBeGreaterThanOrEqual(0.9);
    // Standard keeps it (but for a one-word name: "alerts on clean names" below).
    expect(pairSimilarity('田 明', 'XIAN, Ming', 'standard_match', 'tian')).toBeGreaterThanOrEqual(0.9);
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

// Issue 17: kinds of clean names that alerted, each silenced by a rule of its own, beside the listed names the same
// rules still find. A separate index: its rarity weights are its own.
describe('alerts on clean names', () => {
  const ALERTS: IndexInput[] = [
    { list: 'x', sourceUid: 'korea', name: 'KOREA MIRAE SHIPPING', aliases: [] },
    { list: 'x', sourceUid: 'licy', name: 'LI, Cheng Yu', aliases: [] },
    { list: 'x', sourceUid: 'song', name: 'SONG, Jing', aliases: [] },
    { list: 'x', sourceUid: 'kang', name: 'KANG, Min', aliases: [] },
    { list: 'x', sourceUid: 'jong', name: 'JONG, Song Hwa', aliases: [] },
    { list: 'x', sourceUid: 'kju', name: 'KIM Jong Un', aliases: [] },
    { list: 'x', sourceUid: 'olga', name: 'OLGA', aliases: [] },
    { list: 'x', sourceUid: 'martina', name: 'MARTINA', aliases: [] },
    { list: 'x', sourceUid: 'm1', name: 'Martina OSEI', aliases: [] },
    { list: 'x', sourceUid: 'm2', name: 'Martina BALOGUN', aliases: [] },
    { list: 'x', sourceUid: 'm3', name: 'Martina QUISPE', aliases: [] },
    { list: 'x', sourceUid: 'zorbax', name: 'ZORBAX', aliases: [] },
    { list: 'x', sourceUid: 'apol', name: 'APOLLINAIRE HAKIZIMANA', aliases: [] },
    { list: 'x', sourceUid: 'tian', name: 'TIAN YU', aliases: [] },
    { list: 'x', sourceUid: 'tsang', name: 'Tsang Yung Yuan', aliases: [] },
    { list: 'x', sourceUid: 'ball', name: 'John BALL', aliases: [] },
    { list: 'x', sourceUid: 'magn', name: 'James MAGNUSSEN', aliases: [] },
    { list: 'x', sourceUid: 'pao', name: 'PAO, Yu Yi', aliases: [] },
    { list: 'x', sourceUid: 'firas', name: 'فراس بن حسن قدور', aliases: [] },
    { list: 'x', sourceUid: 'omar', name: 'عمر حسن قدور', aliases: [] },
    { list: 'x', sourceUid: 'borrego', name: 'FLORES BORREGO, Samuel', aliases: [] },
    { list: 'x', sourceUid: 'baroque', name: 'BAROQUE INVESTMENTS LIMITED', aliases: [] },
    { list: 'x', sourceUid: 'muhammad', name: 'MUHAMMAD, Yousef Qasim', aliases: [] },
    { list: 'x', sourceUid: 'koti', name: 'KOTI CORP', aliases: [] },
    { list: 'x', sourceUid: 'alireza', name: 'علیرضا مدری', aliases: [] },
  ];
  const alerts = buildNameIndex([...syntheticEntries(3_000, 11), ...ALERTS]);
  const hit = (q: string, type: SearchType, uid: string): boolean =>
    alerts.search(q, type, { lists: ['x'], explain: false }).some((m) => m.source_uid === uid);

  it('asks a name of two or more words for one paired as the same name, not sound-alikes alone', () => {
    // kiera ~ korea and moore ~ mirae pair at 0.86 each (sound and letters): two sound-alikes are no name.
    expect(hit('Kiera Moore', 'permissive_match', 'korea')).toBe(false);
    expect(hit('Korea Mirae', 'permissive_match', 'korea')).toBe(true);
    // Standard asks for the same name or a variant spelling: three typos side by side are not one.
    expect(hit('Xuân Cung Tăng', 'standard_match', 'tsang')).toBe(false);
    expect(hit('Tsang Yung Yuen', 'standard_match', 'tsang')).toBe(true);
    expect(hit('Xuân Cung Tăng', 'permissive_match', 'tsang')).toBe(true);
    // A foreign name spelled in Hangul words (or kana) pairs by its romanised spelling: no anchor is asked of it.
    expect(hit('존 볼', 'permissive_match', 'ball')).toBe(true);
  });

  it('reads a one-word Han or Hangul name as the whole name, its syllables as the same syllables', () => {
    // 黎成 li cheng lacks a syllable of LI, Cheng Yu: another given name, not a left-out middle name.
    expect(hit('黎成', 'strict_match', 'licy')).toBe(false);
    expect(hit('黎成', 'standard_match', 'licy')).toBe(false);
    expect(hit('李成宇', 'strict_match', 'licy')).toBe(true);
    // Pinyin as written: 宋英 song ying is not SONG, Jing (the variant key folds y and j); 宋晶 is.
    expect(hit('宋英', 'standard_match', 'song')).toBe(false);
    expect(hit('宋英', 'permissive_match', 'song')).toBe(false);
    expect(hit('宋晶', 'strict_match', 'song')).toBe(true);
    // One letter apart are two syllables: 孔敏 kong is not KANG, 경승환 seung not SONG.
    expect(hit('孔敏', 'standard_match', 'kang')).toBe(false);
    expect(hit('孔敏', 'permissive_match', 'kang')).toBe(false);
    expect(hit('경승환', 'permissive_match', 'jong')).toBe(false);
    // Korean's loose key still pairs: 김정은 gim jeong eun is KIM Jong Un.
    expect(hit('김정은', 'permissive_match', 'kju')).toBe(true);
    // A syllable reading as a legal form (사유이 sa yu i) is a syllable the listed name lacks.
    expect(hit('사유이', 'strict_match', 'pao')).toBe(false);
  });

  it('reads a syllable of a Han name as a syllable at standard too, not a particle', () => {
    // 徳田 優 reads de tian you: `de` is no particle of TIAN YU.
    expect(hit('徳田 優', 'standard_match', 'tian')).toBe(false);
  });

  it('joins a legal form to a word only as written', () => {
    // ООО Ольга: `oooolga` has the variant key `olga`, but ООО is a word of its own.
    const pairs = (alerts.compare('ООО Ольга', 'OLGA', 'strict_match').explanation as MatchExplanation).pairs;
    expect(pairs.map((p) => p.query)).toEqual(['olga']);
  });

  it('reads an Arabic word whose consonants spell a Latin title as a name, not a title to drop', () => {
    // عمر (Omar) is `mr`: Firas bin Omar is not Firas bin Hassan Qaddour with a title left over.
    for (const type of ['strict_match', 'standard_match'] as const)
      expect(hit('فراس بن عمر', type, 'firas'), type).toBe(false);
    // ...and it still pairs as the name it is.
    expect(hit('عمر حسن قدور', 'strict_match', 'omar')).toBe(true);
    expect(hit('عمر حسن قدور', 'strict_match', 'firas')).toBe(false);
  });

  it('pairs two spellings by their metaphone code at standard only where their letters agree too', () => {
    // Braga and Borrego, Berg and Baroque share the code PRK and few letters: another name.
    expect(hit('Samuel Braga', 'standard_match', 'borrego')).toBe(false);
    expect(hit('Berg Investment', 'standard_match', 'baroque')).toBe(false);
    // Mohammed and Muhammad, Yusuf and Yousef share their code and most letters: the same name.
    expect(hit('Mohammed Yusuf Qasim', 'standard_match', 'muhammad')).toBe(true);
  });

  it("asks a company's one word typed with a typo at standard to keep its legal form", () => {
    // Toti SPA departs from KOTI CORP twice: in its one word and in its legal form.
    expect(hit('Toti SPA', 'standard_match', 'koti')).toBe(false);
    expect(hit('Toti', 'standard_match', 'koti')).toBe(false);
    // One departure: the word's typo beside the same legal form, or the word as written beside another.
    expect(hit('Toti Corp', 'standard_match', 'koti')).toBe(true);
    expect(hit('Koti SPA', 'standard_match', 'koti')).toBe(true);
    expect(hit('Toti SPA', 'permissive_match', 'koti')).toBe(true);
  });

  it('asks two unvocalised spellings for more than a shared sound to name one name', () => {
    // mhdyr ~ mdry and ljwrdy ~ lyrd share metaphone codes (0.86 each), nothing more: another name.
    for (const type of ['standard_match', 'permissive_match'] as const)
      expect(hit('مهدیار لاجوردی', type, 'alireza'), type).toBe(false);
    expect(hit('علیرضا مدری', 'strict_match', 'alireza')).toBe(true);
  });

  it('asks a common lone name to pair the legal form or particle beside it', () => {
    // MARTINA is in four listed names: a company named Martina is not the alias MARTINA.
    for (const type of ['strict_match', 'standard_match', 'permissive_match'] as const)
      expect(hit('Martina GmbH', type, 'martina'), type).toBe(false);
    expect(hit('Martina', 'strict_match', 'martina')).toBe(true);
    // A rare name still names its party without its legal form.
    expect(hit('Zorbax GmbH', 'strict_match', 'zorbax')).toBe(true);
  });

  it('reads no short word as a weak word one letter away, and a title only before the name', () => {
    // Ulla is not `mulla` (a title, weighing nothing), Marchal after a name is no `marshal`.
    expect(hit('Ulla Magnusson', 'standard_match', 'magn')).toBe(false);
    expect(hit('Ulla Magnusson', 'permissive_match', 'magn')).toBe(false);
    expect(hit('Apollinaire Marchal', 'standard_match', 'apol')).toBe(false);
    const tokens = (
      alerts.compare('Presidnet Apollinaire Hakizimana', 'APOLLINAIRE HAKIZIMANA', 'standard_match')
        .explanation as MatchExplanation
    ).query_tokens;
    expect(tokens).toContain('president');
    expect(hit('Presidnet Apollinaire Hakizimana', 'standard_match', 'apol')).toBe(true);
  });
});

// Strict's clean-name alerts on the bench's faker names that were partial matches: a listed word left out beside a
// second departure from the listed name (all syllables of a Han name as one word, a spelling of the query's own, a
// "father of" left out before common names). A separate index: its rarity weights are its own.
describe('strict_match: a listed word left out is the one departure', () => {
  const PARTIAL: IndexInput[] = [
    { list: 'x', sourceUid: 'fengli', name: 'Al-Fengli', aliases: [] },
    { list: 'x', sourceUid: 'lixin', name: 'FENG, Lixin', aliases: [] },
    { list: 'x', sourceUid: 'kovalenko', name: 'KOVALENKO, Viacheslav Petrovich', aliases: [] },
    { list: 'x', sourceUid: 'novaro', name: 'NOVARO HOLDINGS GROUP CO., LTD.', aliases: [] },
    { list: 'x', sourceUid: 'abukarim', name: 'ABU KARIM GROUP', aliases: [] },
    { list: 'x', sourceUid: 'zorbaq', name: 'Salim Ahmad ABU ZORBAQ KHALIDI', aliases: [] },
    // Karim is a common name of this index (as Ahmed is of the real lists).
    ...['OSEI', 'BALOGUN', 'QUISPE', 'NAKAMURA', 'LINDQVIST', 'OKAFOR'].map((s) => ({
      list: 'x',
      sourceUid: `karim-${s}`,
      name: `Karim ${s}`,
      aliases: [],
    })),
  ];
  const partial = buildNameIndex([...syntheticEntries(3_000, 11), ...PARTIAL]);
  const hit = (q: string, type: SearchType, uid: string): boolean =>
    partial.search(q, type, { lists: ['x'], explain: false }).some((m) => m.source_uid === uid);

  it('never joins every syllable of a one-word Han name into one word', () => {
    // 冯立 reads feng li: a surname and a given name, not the one word FENGLI.
    expect(hit('冯立', 'strict_match', 'fengli')).toBe(false);
    expect(hit('冯立', 'standard_match', 'fengli')).toBe(false);
    // Its given name's syllables still join (冯立新 feng li xin: FENG, Lixin), and a Latin word is a word.
    expect(hit('冯立新', 'strict_match', 'lixin')).toBe(true);
    expect(hit('Fengli', 'strict_match', 'fengli')).toBe(true);
  });

  it("pairs a spelling no listed name writes only with a listed company's every word", () => {
    // Novarro (a doubled r) is spelled by no listed name: with HOLDINGS left out it is two departures.
    expect(hit('Novarro Group', 'strict_match', 'novaro')).toBe(false);
    expect(hit('Novarro Holdings Group', 'strict_match', 'novaro')).toBe(true);
    expect(hit('Novaro Group', 'strict_match', 'novaro')).toBe(true);
    expect(hit('Novarro Group', 'standard_match', 'novaro')).toBe(true);
    // A person's patronymic may be left out beside a spelling of the name.
    expect(hit('Viacheslaw Kovalenko', 'strict_match', 'kovalenko')).toBe(true);
  });

  it('reads a listed abu before a paired name as part of the name, unless a rare name pairs', () => {
    // Karim Group names Karim; ABU KARIM GROUP is named after his father.
    expect(hit('Karim Group', 'strict_match', 'abukarim')).toBe(false);
    expect(hit('Abu Karim Group', 'strict_match', 'abukarim')).toBe(true);
    expect(hit('Karim Group', 'standard_match', 'abukarim')).toBe(true);
    // A rare name of the listed party (Zorbaq, Khalidi) names it without its abu.
    expect(hit('Salim Ahmad Zorbaq Khalidi', 'strict_match', 'zorbaq')).toBe(true);
  });
});
