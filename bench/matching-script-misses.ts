// Cases of names in the scripts issue 17 found missed that the Latin-only generators of matching-misses.ts cannot
// make: Ukrainian and Belarusian Cyrillic (real: the listed persons' own native-script aliases), Chinese
// transcriptions written with the middle dot (real: the Wikidata token pairs of ../shared/eval), and Devanagari,
// Bengali and Myanmar (synthetic: the listed persons' Latin names written by the transcription tables below, made
// for the bench and independent of the engine's readers; no evaluation data here has these scripts).
import type { BenchEntry } from './matching-data.js';
import { entryId, entryNames, sampleOf } from './matching-data.js';
import { pairTokens, tokenPairs } from './matching-quality.js';

export const SCRIPT_MISS_KINDS = [
  'script_uk',
  'script_be',
  'script_hi',
  'script_bn',
  'script_kn',
  'script_ta',
  'script_my',
  'zh_middle_dot',
] as const;
export type ScriptMissKind = (typeof SCRIPT_MISS_KINDS)[number];

/** What one case of each script kind is (a line each, for the bench's description of table 3e). */
export const SCRIPT_MISS_KIND_NOTES: Readonly<Record<ScriptMissKind, string>> = {
  script_uk: "a listed person's own Ukrainian Cyrillic alias (real), against their Latin names only",
  script_be: "a listed person's own Belarusian Cyrillic alias (real), against their Latin names only",
  script_hi: 'the Latin name written in Devanagari as Hindi transcribes foreign names (synthetic)',
  script_bn: 'the Latin name written in Bengali letters (synthetic)',
  script_kn:
    'the Latin name written in Kannada letters, a virama on every consonant without a vowel (synthetic)',
  script_ta:
    'the Latin name written in Tamil letters: one letter for a voiced and an unvoiced stop, a pulli on every consonant without a vowel (synthetic)',
  script_my:
    "a Myanmar person's name written in Burmese script without spaces (synthetic, from a syllable table)",
  zh_middle_dot:
    'the Chinese transcription of each word (Wikidata token pairs), words joined with the middle dot',
};

export interface ScriptMissCase {
  readonly query: string;
  readonly expected: string;
  readonly listedName: string;
  readonly kind: ScriptMissKind;
}

type Rng = () => number;
const LATIN = /^[A-Za-z ,'-]+$/;
const CYRILLIC = /^[\p{Script=Cyrillic}\s,.'’-]+$/u;
const latinNames = (e: BenchEntry): string[] => {
  const weak = new Set(e.weakAliases ?? []);
  return entryNames(e).filter(
    (n) => LATIN.test(n) && !weak.has(n) && n.split(/[\s,]+/).filter(Boolean).length >= 2,
  );
};

// Which East Slavic language a Cyrillic name is written in, from the letters only one of them has: Belarusian ў, or
// і with ы/э (which Ukrainian lacks); Ukrainian ї, є, ґ, or і with и (which Belarusian lacks). Null for neither.
function eastSlavic(name: string): 'uk' | 'be' | null {
  const s = name.toLowerCase();
  if (/ў/.test(s) || (/[іi]/.test(s) && /[ыэ]/.test(s))) return /[їєґи]/.test(s) ? null : 'be';
  if (/[їєґ]/.test(s) || (/і/.test(s) && /и/.test(s))) return /[ыэ]/.test(s) ? null : 'uk';
  return null;
}

// Devanagari as Hindi writes foreign names: consonants with vowel signs, a cluster with a virama, the inherent a
// unwritten (a final a written long), a word-initial vowel as its own letter. Bengali is the same table moved to its
// block (0x80 on), with ভ for v (as Bengali writes foreign names: ভ্লাদিমির), ব for w, য় for y (য after a
// virama), and no nukta.
const DEVA_CONSONANTS: ReadonlyArray<[string, string]> = [
  ['kh', 'ख'],
  ['gh', 'घ'],
  ['ch', 'च'],
  ['jh', 'झ'],
  ['th', 'थ'],
  ['dh', 'ध'],
  ['ph', 'फ'],
  ['bh', 'भ'],
  ['sh', 'श'],
  ['zh', 'ज़'],
  ['ck', 'क'],
  ['k', 'क'],
  ['g', 'ग'],
  ['j', 'ज'],
  ['t', 'त'],
  ['d', 'द'],
  ['n', 'न'],
  ['p', 'प'],
  ['f', 'फ़'],
  ['b', 'ब'],
  ['m', 'म'],
  ['y', 'य'],
  ['r', 'र'],
  ['l', 'ल'],
  ['v', 'व'],
  ['w', 'व'],
  ['s', 'स'],
  ['h', 'ह'],
  ['z', 'ज़'],
  ['q', 'क़'],
  ['x', 'क्स'],
  ['c', 'क'],
];
const DEVA_VOWELS: ReadonlyArray<[string, string, string]> = [
  // Latin, independent letter, vowel sign ('' for the inherent a)
  ['aa', 'आ', 'ा'],
  ['ee', 'ई', 'ी'],
  ['oo', 'ऊ', 'ू'],
  ['ou', 'उ', 'ु'],
  ['ai', 'ऐ', 'ै'],
  ['ay', 'ऐ', 'ै'],
  ['au', 'औ', 'ौ'],
  ['ei', 'ए', 'े'],
  ['ey', 'ए', 'े'],
  ['ie', 'ई', 'ी'],
  ['a', 'अ', ''],
  ['e', 'ए', 'े'],
  ['i', 'इ', 'ि'],
  ['o', 'ओ', 'ो'],
  ['u', 'उ', 'ु'],
  ['y', 'इ', 'ी'],
];
const VIRAMA = '्';

function devanagariWord(word: string): string {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  let out = '';
  let afterConsonant = false;
  for (let i = 0; i < w.length;) {
    const vowel = DEVA_VOWELS.find(
      ([l]) => w.startsWith(l, i) && !(l === 'y' && /[aeiou]/.test(w[i + 1] ?? '')),
    );
    if (vowel) {
      const [l, letter, sign] = vowel;
      i += l.length;
      const last = i >= w.length;
      if (!afterConsonant) out += letter;
      else if (l === 'a' && last) out += 'ा';
      else if ((l === 'i' || l === 'y') && last) out += 'ी';
      else out += sign;
      afterConsonant = false;
      continue;
    }
    const cons = DEVA_CONSONANTS.find(([l]) => w.startsWith(l, i));
    if (!cons) {
      i++;
      continue;
    }
    if (afterConsonant) out += VIRAMA;
    out += cons[1];
    i += cons[0].length;
    afterConsonant = true;
  }
  return out;
}

const BENGALI_FOR: Readonly<Record<string, string>> = { ज़: 'জ', फ़: 'ফ', क़: 'ক', '्य': '্য', य: 'য়' };
function bengaliWord(word: string): string {
  let s = devanagariWord(word.toLowerCase().replace(/w/g, 'b').replace(/v/g, 'bh'));
  for (const [d, b] of Object.entries(BENGALI_FOR)) s = s.split(d).join(b);
  return [...s]
    .map((ch) => (/\p{Script=Devanagari}/u.test(ch) ? String.fromCodePoint(ch.codePointAt(0)! + 0x80) : ch))
    .join('');
}

// Kannada and Tamil: the Devanagari spelling moved to their blocks (the same layout), as the Dravidian scripts write a
// foreign name: every consonant without a vowel carries a virama (the inherent a is said wherever it is written), no
// nukta. Tamil has no letters for voiced or aspirated stops (க for k, kh, g, gh; ட, த, ப likewise), writes s and sh
// with its Grantha letters ஸ ஷ, and n with ந.
const NUKTA_FREE: Readonly<Record<string, string>> = { ज़: 'ज', फ़: 'फ', क़: 'क' };
const TAMIL_FOR: Readonly<Record<string, string>> = {
  ख: 'क',
  ग: 'क',
  घ: 'क',
  छ: 'च',
  झ: 'ज',
  ठ: 'ट',
  ड: 'ट',
  ढ: 'ट',
  थ: 'त',
  द: 'त',
  ध: 'त',
  फ: 'प',
  ब: 'प',
  भ: 'प',
  श: 'ष',
};
const DEVA_CONSONANT = /[\u0915-\u0939]$/u;
function dravidianWord(word: string, block: number, letters: Readonly<Record<string, string>>): string {
  let s = devanagariWord(word);
  for (const [d, b] of Object.entries(NUKTA_FREE)) s = s.split(d).join(b);
  s = [...s].map((ch) => letters[ch] ?? ch).join('');
  // Inside a word the Devanagari spelling writes a virama in a cluster already; a final consonant carries one too.
  if (DEVA_CONSONANT.test(s)) s += VIRAMA;
  return [...s]
    .map((ch) =>
      /\p{Script=Devanagari}/u.test(ch) ? String.fromCodePoint(ch.codePointAt(0)! - 0x900 + block) : ch,
    )
    .join('');
}

// Burmese spellings of the syllables of Myanmar persons' names (one Latin word a syllable, as lists write them).
const BURMESE: Readonly<Record<string, string>> = {
  min: 'မင်း',
  aung: 'အောင်',
  hlaing: 'လှိုင်',
  soe: 'စိုး',
  win: 'ဝင်း',
  myint: 'မြင့်',
  swe: 'ဆွေ',
  sein: 'စိန်',
  htut: 'ထွဋ်',
  ye: 'ရဲ',
  oo: 'ဦး',
  mya: 'မြ',
  tun: 'ထွန်း',
  tin: 'တင်',
  san: 'စန်း',
  lin: 'လင်း',
  dwe: 'ဒွေး',
  moe: 'မိုး',
  kyaw: 'ကျော်',
  maung: 'မောင်',
  khin: 'ခင်',
  thet: 'သက်',
  than: 'သန်း',
  nyunt: 'ညွန့်',
  thein: 'သိန်း',
  nyein: 'ငြိမ်း',
  naung: 'နောင်',
  khaing: 'ခိုင်',
  yi: 'ရီ',
  ko: 'ကို',
  pwint: 'ပွင့်',
  hein: 'ဟိန်း',
  htet: 'ထက်',
  kaung: 'ကောင်း',
  lone: 'လုံး',
  thu: 'သူ',
  yin: 'ယဉ်',
  shein: 'ရှိန်း',
  naing: 'နိုင်',
  kyaing: 'ကျိုင်း',
  khine: 'ခိုင်',
  hla: 'လှ',
  kyu: 'ကြူ',
  nwe: 'နွယ်',
  aye: 'အေး',
  chit: 'ချစ်',
  mar: 'မာ',
  nu: 'နု',
  ohn: 'အုန်း',
  zaw: 'ဇော်',
  tay: 'တေး',
  za: 'ဇာ',
  htoo: 'ထူး',
  myo: 'မျိုး',
  phyo: 'ဖြိုး',
  pye: 'ပြည်',
  htwe: 'ထွေး',
  shwe: 'ရွှေ',
  phu: 'ဖူး',
  sit: 'စစ်',
  taing: 'တိုင်',
  latt: 'လတ်',
  nay: 'နေ',
  zin: 'ဇင်',
  lwin: 'လွင်',
  tint: 'တင့်',
  thant: 'သန့်',
  khun: 'ခွန်',
  kyi: 'ကြည်',
  nyi: 'ညီ',
  htay: 'ထေး',
  myat: 'မြတ်',
  thaung: 'သောင်း',
  phone: 'ဘုန်း',
  sai: 'စိုင်း',
  thi: 'သီ',
  thida: 'သီတာ',
  nilar: 'နီလာ',
  pyae: 'ပြည့်',
  zeya: 'ဇေယျ',
};
// Syllables only Burmese names have: a name of table syllables with none of these may be another language's.
const BURMESE_ONLY = new Set([
  'aung',
  'hlaing',
  'myint',
  'kyaw',
  'maung',
  'thein',
  'nyunt',
  'htet',
  'htut',
  'naing',
  'khaing',
  'soe',
  'moe',
  'myo',
  'phyo',
  'zaw',
  'htoo',
  'shwe',
  'thaung',
  'kyaing',
  'nyein',
  'thant',
  'lwin',
  'htay',
  'htwe',
  'pwint',
  'pyae',
]);

function burmese(name: string): string | null {
  const words = name
    .toLowerCase()
    .split(/[\s,-]+/)
    .filter(Boolean);
  if (words.length < 2 || !words.every((w) => w in BURMESE) || !words.some((w) => BURMESE_ONLY.has(w)))
    return null;
  // Given names first, as the persons write them (lists put a surname first before a comma).
  const comma = name.indexOf(',');
  const ordered =
    comma < 0
      ? words
      : [
          ...name
            .slice(comma + 1)
            .toLowerCase()
            .split(/[\s-]+/),
          ...name
            .slice(0, comma)
            .toLowerCase()
            .split(/[\s-]+/),
        ].filter(Boolean);
  return ordered.map((w) => BURMESE[w]).join('');
}

function givenFirst(name: string): string[] {
  const comma = name.indexOf(',');
  const words = (s: string) => s.split(/[\s-]+/).filter(Boolean);
  return comma < 0 ? words(name) : [...words(name.slice(comma + 1)), ...words(name.slice(0, comma))];
}

/**
 * Up to `perKind` cases of each script kind, and the extra entries to index for the real East Slavic ones: the
 * listed person's Latin names only (list eval_native), so that the native alias the real entry carries is not what is
 * found. Deterministic for a seed.
 */
export function buildScriptMissCases(
  entries: readonly BenchEntry[],
  perKind: number,
  rng: Rng,
): { cases: ScriptMissCase[]; evalEntries: BenchEntry[]; notes: string[] } {
  const persons = entries.filter((e) => e.kind === 'person');
  const cases: ScriptMissCase[] = [];
  const evalEntries: BenchEntry[] = [];
  const notes: string[] = [];
  const sample = <T>(xs: readonly T[]): T[] => sampleOf(xs, perKind, rng);

  // Ukrainian and Belarusian: the listed persons' own native aliases, queried against their Latin names.
  for (const lang of ['uk', 'be'] as const) {
    const kind = lang === 'uk' ? 'script_uk' : 'script_be';
    const found: { e: BenchEntry; native: string; latin: string[] }[] = [];
    for (const e of persons) {
      const latin = latinNames(e);
      const native = entryNames(e).find((n) => CYRILLIC.test(n) && eastSlavic(n) === lang);
      if (latin.length > 0 && native !== undefined) found.push({ e, native, latin });
    }
    for (const { e, native, latin } of sample(found)) {
      const extra: BenchEntry = {
        list: 'eval_native',
        sourceUid: `${lang}:${entryId(e)}`,
        name: latin[0]!,
        aliases: latin.slice(1),
        kind: 'person',
      };
      evalEntries.push(extra);
      cases.push({ query: native, expected: entryId(extra), listedName: latin.join(' / '), kind });
    }
    notes.push(
      `${kind}: ${found.length} listed persons carry a ${lang === 'uk' ? 'Ukrainian' : 'Belarusian'} Cyrillic alias (real, UK list); the alias is queried against an extra entry of their Latin names only (list eval_native)`,
    );
  }

  // Devanagari, Bengali, Myanmar: listed persons' Latin names written in the script (synthetic).
  const byTable = (kind: ScriptMissKind, write: (name: string) => string | null, what: string) => {
    const found: { e: BenchEntry; name: string; query: string }[] = [];
    for (const e of persons) {
      for (const name of latinNames(e)) {
        const query = write(name);
        if (query !== null) {
          found.push({ e, name, query });
          break;
        }
      }
    }
    for (const c of sample(found))
      cases.push({ query: c.query, expected: entryId(c.e), listedName: c.name, kind });
    notes.push(`${kind}: ${found.length} listed persons; ${what} (synthetic)`);
  };
  byTable(
    'script_hi',
    (n) => givenFirst(n).map(devanagariWord).join(' '),
    'their Latin name, given names first, written in Devanagari as Hindi transcribes foreign names (consonant + vowel sign, virama in clusters, a final a long)',
  );
  byTable(
    'script_bn',
    (n) => givenFirst(n).map(bengaliWord).join(' '),
    'the same in Bengali letters (ভ for v, ব for b and w)',
  );
  byTable(
    'script_kn',
    (n) =>
      givenFirst(n)
        .map((w) => dravidianWord(w, 0x0c80, {}))
        .join(' '),
    'the same in Kannada letters, a virama on every consonant without a vowel',
  );
  byTable(
    'script_ta',
    (n) =>
      givenFirst(n)
        .map((w) => dravidianWord(w, 0x0b80, TAMIL_FOR))
        .join(' '),
    'the same in Tamil letters (one letter for voiced and unvoiced stops, ஸ ஷ for s and sh, a pulli on every consonant without a vowel)',
  );
  byTable(
    'script_my',
    burmese,
    'Myanmar persons (every word a syllable of a table of 80 Burmese name syllables, one at least only Burmese), written in Burmese script without spaces, given names first',
  );

  // Chinese transcriptions with the middle dot: listed persons whose every token has a Wikidata pair.
  const pairs = tokenPairs('wd_chinese.normalized.aligned.tokens');
  const zh: { e: BenchEntry; name: string; query: string }[] = [];
  for (const e of persons) {
    for (const name of latinNames(e)) {
      const toks = givenFirst(name).flatMap(pairTokens);
      if (toks.length < 2 || !toks.every((t) => pairs.has(t))) continue;
      zh.push({ e, name, query: toks.map((t) => pairs.get(t)!).join('·') });
      break;
    }
  }
  for (const c of sample(zh))
    cases.push({ query: c.query, expected: entryId(c.e), listedName: c.name, kind: 'zh_middle_dot' });
  notes.push(
    `zh_middle_dot: ${zh.length} listed persons have every token in wd_chinese (real token pairs), joined with '·', given names first`,
  );
  return { cases, evalEntries, notes };
}
