// A second reading of names written in Han, Hangul, Arabic, Hebrew, katakana, Myanmar, Thai, Lao, Khmer or Tamil script, for foreign names
// transcribed into those scripts: each word read as one joined text that carries the script's consonant-class
// sound (sound-key.ts). normalise-name.ts turns the words into tokens.
import anyAscii from 'any-ascii';
import { arabicLetters, arabicReading, arabicSounds, arabicSpellings } from './arabic-sound.js';
import { hebrewLetters, hebrewReading, hebrewSpellings } from './hebrew-sound.js';
import { katakanaSounds } from './katakana-sound.js';
import { indicLetters } from './indic-letters.js';
import { khmerLetters } from './khmer-letters.js';
import { hangulSound, latinSound, pinyinSounds } from './sound-key.js';
import { thaiLetters } from './thai-letters.js';

const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;
const ARABIC = /\p{Script=Arabic}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const KATAKANA = /\p{Script=Katakana}/u;
const MYANMAR = /\p{Script=Myanmar}/u;
const THAI_LAO = /[\p{Script=Thai}\p{Script=Lao}]/u;
const KHMER = /\p{Script=Khmer}/u;
const TAMIL = /\p{Script=Tamil}/u;
const READ =
  /[\p{Script=Han}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Katakana}\p{Script=Myanmar}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Tamil}]/u;
const ARABIC_ARTICLE_PREFIX = /^\u0627\u0644(?=\p{Script=Arabic}{2})/u;
// The name particles as Arabic and Hebrew write them, read as the lists write them (a particle, weak: normalise-name.ts),
// not as a word of one or two classes: أبو abu, أم umm, آل al (a family); Hebrew בן ben and the particles of European
// names transcribed into Hebrew, דה de, פון von, ואן van, דל del, לה la. Not بن and ابن (bin, ibn): read as particles they
// cost a name that lacks them little, and "X bin Y" then matches any name with a Y (measured: more alerts on clean
// names, one more name found in 200).
const SCRIPT_PARTICLES: ReadonlyMap<string, string> = new Map([
  ['\u0623\u0628\u0648', 'abu'],
  ['\u0627\u0628\u0648', 'abu'],
  ['\u0623\u0645', 'umm'],
  ['\u0622\u0644', 'al'],
  ['\u05d1\u05df', 'ben'],
  ['\u05d3\u05d4', 'de'],
  ['\u05e4\u05d5\u05df', 'von'],
  ['\u05d5\u05d0\u05df', 'van'],
  ['\u05d3\u05dc', 'del'],
  // Chinese transcriptions write the particles of Spanish and Arabic names, and the Arabic title sheikh, as words of
  // their own (between middle dots): 德爾 del (伊拉里雍·德爾·罗萨里奥), 伊本 ibn, 谢赫 sheikh (a title, weak), 乌尔 ur
  // and 乌德 ud (of Urdu and Persian compounds, X-ur-Rahman, Y-ud-Din), read as the Latin words, not as names of
  // their sounds (德爾 de er TL is no particle of the listed name, Sheikh SK is no 谢赫 xie he, S, and 乌尔 wu er, P or
  // L, pairs with no ur, nor 乌德 wu de, PT, with ud).
  ['\u5fb7\u723e', 'del'],
  ['\u5fb7\u5c14', 'del'],
  ['\u4f0a\u672c', 'ibn'],
  ['\u8c22\u8d6b', 'sheikh'],
  ['\u4e4c\u5c14', 'ur'],
  ['\u70cf\u723e', 'ur'],
  ['\u4e4c\u5fb7', 'ud'],
  ['\u70cf\u5fb7', 'ud'],
  ['\u8b1d\u8d6b', 'sheikh'],
  ['\u05dc\u05d4', 'la'],
  // The Arabic article and abu as Hebrew, Korean and Japanese write them as a word of their own (בשאר אל-אסד, 바샤르
  // 알 아사드, バッシャール・アル＝アサド: al-Assad; אבו, 아부, アブー abu; 이븐, イブン ibn), not as a word of one class that
  // pairs with no listed token (the lists write "al" apart, or drop it).
  ['\u05d0\u05dc', 'al'],
  // عبد and עבד, the head of an Arabic compound name written apart (عبد جليل Abd al-Jalil, Abdul Jalil; عبد الله
  // Abdullah), read as abd: a Latin word that pairs with Abdul and Abdullah (given-name-groups.ts).
  ['\u0639\u0628\u062f', 'abd'],
  ['\u05e2\u05d1\u05d3', 'abd'],
  ['\u05d0\u05d1\u05d5', 'abu'],
  ['\uc54c', 'al'],
  ['\uc5d8', 'el'],
  ['\uc544\ubd80', 'abu'],
  ['\uc774\ube10', 'ibn'],
  ['\u30a2\u30eb', 'al'],
  ['\u30a8\u30eb', 'el'],
  ['\u30a2\u30d6\u30fc', 'abu'],
  ['\u30a4\u30d6\u30f3', 'ibn'],
  // The legal forms Korean, Japanese and Chinese write as a word of their own, read as the Latin legal forms (weak:
  // normalise-name.ts LEGAL_FORMS), not as a name of their sounds (주식회사 jusighoesa SKS is not Secours): 주식회사
  // and 株式会社 (stock company), 유한회사 and 有限会社 (limited company), 有限公司 and 股份有限公司.
  ['\uc8fc\uc2dd\ud68c\uc0ac', 'co'],
  ['\uc720\ud55c\ud68c\uc0ac', 'ltd'],
  ['\u682a\u5f0f\u4f1a\u793e', 'kk'],
  ['\u6709\u9650\u4f1a\u793e', 'ltd'],
  ['\u6709\u9650\u516c\u53f8', 'ltd'],
  ['\u80a1\u4efd\u6709\u9650\u516c\u53f8', 'ltd'],
]);
// The particles of Arabic and European names as Tamil writes them, read (as written) with its one letter for p and b,
// t and d: அல் al, பின் bin, பேந் ben, அபு abu, தே de, தேல் del; read as the Latin words (weak), not as a name of
// their sounds.
const TAMIL_PARTICLES: ReadonlyMap<string, string> = new Map([
  ['al', 'al'],
  ['el', 'el'],
  ['pin', 'bin'],
  ['pen', 'ben'],
  ['ipn', 'ibn'],
  ['apu', 'abu'],
  ['te', 'de'],
  ['tel', 'del'],
  ['van', 'van'],
  ['von', 'von'],
  ['la', 'la'],
]);
// Punctuation splits words, but not a geresh (or an apostrophe typed for it) after a Hebrew letter: ג'ורג' is one
// word, George.
const WORD_SPLIT = /(?:[\s\p{S}\u30fb\u00b7]|(?!(?<=\p{Script=Hebrew})['\u05f3\u2019`\u00b4])\p{P})+/u;

// Characters whose reading in transcriptions of foreign names is not the one any-ascii gives: 什 shi (阿什拉夫 Ashraf,
// 纳卡什 Nakache), which any-ascii reads shen (什么), a nasal no foreign name has there.
const TRANSCRIPTION_READINGS: ReadonlyMap<string, string> = new Map([['\u4ec0', 'shi']]);

/** The script a word of a name is written in ('latin': anything read by plain transliteration). */
export type NameScript =
  'latin' | 'han' | 'hangul' | 'arabic' | 'hebrew' | 'katakana' | 'myanmar' | 'thai' | 'khmer' | 'tamil';

/** A word of the second reading: Latin text (tokenised as usual), or a script word joined with its sounds. */
export type ScriptWord =
  | { readonly script: 'latin'; readonly text: string }
  | {
      readonly script: Exclude<NameScript, 'latin'>;
      /** The word's syllables or letters transliterated and joined ("nigulayeweiqi"). */
      readonly text: string;
      /** Its plain reading, then those of ambiguous spellings (katakana). */
      readonly sounds: string[];
      /** Hebrew and Arabic: the vowel letters in each gap of its sound (vowel-gaps.ts). */
      readonly vowels?: string[];
      /** Hebrew and Arabic: the Latin spellings its letters allow (letter-pattern.ts), when it knows them all. */
      readonly letters?: RegExp;
      /**
       * Hebrew and Arabic words of one class: the spellings of their letters with their written vowels
       * (letter-pattern.ts letterSpellings), to look up (its class alone reaches nothing).
       */
      readonly spellings?: string[];
      /**
       * A Han word of one character (a syllable of a Korean or Chinese name written word by word, 智·箱·陈 Chi
       * Sang-chun): its pinyin is a spelling of that syllable too (score-names.ts SPELLED_SCRIPTS).
       */
      readonly syllable?: true;
    };

/**
 * The words of the second reading of a name written in Han, Hangul, Arabic, Hebrew, katakana or Myanmar: each such word
 * read as one text carrying the sound of that script ("尼古拉耶維奇" -> "nigulayeweiqi", sound NKLPS; "ולדימיר" ->
 * PLTML), as foreign names transcribed into those scripts are written. Null when the name has none of them.
 */
export function readScriptWords(raw: string): ScriptWord[] | null {
  const nfkc = raw.normalize('NFKC');
  if (!READ.test(nfkc)) return null;
  const words: ScriptWord[] = [];
  const syllableWords: number[] = [];
  for (const part of nfkc.split(WORD_SPLIT)) {
    if (part === '') continue;
    let word = part;
    if (ARABIC.test(word) && ARABIC_ARTICLE_PREFIX.test(word)) {
      words.push({ script: 'latin', text: 'al' });
      word = word.replace(ARABIC_ARTICLE_PREFIX, '');
    }
    const particle = SCRIPT_PARTICLES.get(word);
    if (particle !== undefined) {
      words.push({ script: 'latin', text: particle });
      continue;
    }
    const script = scriptOf(word);
    const tamilParticle = script === 'tamil' ? TAMIL_PARTICLES.get(indicLetters(word, true)) : undefined;
    if (tamilParticle !== undefined) {
      words.push({ script: 'latin', text: tamilParticle });
      continue;
    }
    if (script === 'latin') {
      words.push({ script, text: word });
      continue;
    }
    const spelled = ALPHABET_SPELLINGS[script as keyof typeof ALPHABET_SPELLINGS];
    const syllables = (
      spelled !== undefined
        ? [spelled(word)]
        : [...word].map((ch) => TRANSCRIPTION_READINGS.get(ch) ?? anyAscii(ch))
    )
      .map((x) => x.toLowerCase().replace(/[^a-z]/g, ''))
      .filter((x) => x !== '');
    const text = syllables.join('');
    if (text === '') continue;
    const { sounds, vowels, letters } = READINGS[script](word, syllables);
    const read = { script, text, sounds: sounds.filter((s) => s !== '') };
    if (script === 'han' && syllables.length === 1) syllableWords.push(words.length);
    // A short foreign name of one class (Korean and Chinese names: تشو Cho, كيم Kim, ברק Barak's ב ר) is found by
    // its letters' spellings.
    const spellings =
      letters && read.sounds.length > 0 && read.sounds.every((s) => s.length === 1)
        ? (script === 'arabic' ? arabicSpellings : hebrewSpellings)(word)
        : null;
    words.push(
      vowels === undefined
        ? read
        : { ...read, vowels, ...(letters ? { letters } : {}), ...(spellings ? { spellings } : {}) },
    );
  }
  // A name of two or more Han words of one character each (a Korean or Chinese name written syllable by syllable:
  // 智·箱·陈 Chi Sang-chun, 容 曼 包克 Jong Man Bok): those words are its syllables, the pinyin of each a spelling of
  // it. Not one such word beside joined ones: a Japanese name's one-character given name (嶋田 紬 Shimada Tsumugi, read
  // dao tian chou) is no syllable of a Latin name (measured: 紬 chou paired Tchou-hy DJANG, a clean-name alert).
  if (syllableWords.length >= 2)
    for (const i of syllableWords) words[i] = { ...words[i]!, syllable: true } as ScriptWord;
  return words;
}

// The script a word is read in: the first of these it has a letter of ('latin' for none: read as normaliseName).
function scriptOf(word: string): NameScript {
  if (ARABIC.test(word)) return 'arabic';
  if (HEBREW.test(word)) return 'hebrew';
  if (HANGUL.test(word)) return 'hangul';
  if (HAN.test(word)) return 'han';
  if (KATAKANA.test(word)) return 'katakana';
  if (MYANMAR.test(word)) return 'myanmar';
  if (THAI_LAO.test(word)) return 'thai';
  if (KHMER.test(word)) return 'khmer';
  if (TAMIL.test(word)) return 'tamil';
  return 'latin';
}

// Alphabets whose words are read whole, as a foreign name's transcription read back (thai-letters.ts, khmer-letters.ts).
const ALPHABET_SPELLINGS = {
  thai: (word: string): string => thaiLetters(word, true),
  khmer: khmerLetters,
  tamil: (word: string): string => indicLetters(word, true),
} as const;

// Syllabic scripts are read from their romanised syllables, consonantal ones from their letters (with the vowel
// letters between their classes); the first sound is the plain reading, any others those of ambiguous spellings.
type Reading = { readonly sounds: string[]; readonly vowels?: string[]; readonly letters?: RegExp | null };
const READINGS: Readonly<
  Record<Exclude<NameScript, 'latin'>, (word: string, syllables: string[]) => Reading>
> = {
  arabic: (word) => ({
    sounds: arabicSounds(word),
    vowels: arabicReading(word).vowels,
    letters: arabicLetters(word),
  }),
  hebrew: (word) => ({ ...consonantal(hebrewReading(word)), letters: hebrewLetters(word) }),
  katakana: (word) => ({ sounds: katakanaSounds(word) }),
  han: (_, syllables) => ({ sounds: pinyinSounds(syllables) }),
  hangul: (_, syllables) => ({ sounds: hangulSounds(syllables) }),
  // Myanmar closes no syllable with r (ဗလာဒီမာ, Vladimir): its letters' classes, as a Latin spelling's readings
  // without a final r give them.
  myanmar: (_, syllables) => ({ sounds: [latinSound(syllables.join(''))] }),
  // Thai and Lao: the foreign reading's sounds with the letters under the silent mark, then without them (ร์ in
  // เซียร์เกย์ is Sergei's r; ห์ in จอห์น John's h, and the r of an English -er in คาร์เตอร์ Carter, are not said).
  thai: (word, syllables) => ({
    sounds: [...new Set([latinSound(syllables.join('')), latinSound(thaiLetters(word, true, false))])],
  }),
  // Khmer writes no final r (វ្ល៉ាឌីមៀ Vladimir): its letters' classes, as a Latin spelling's readings without a final
  // r give them.
  khmer: (_, syllables) => ({ sounds: [latinSound(syllables.join(''))] }),
  // Tamil writes one letter for a voiced and an unvoiced stop (க k g, ச ch s j, ட த t d, ப p b f), which its
  // reading must choose between; a class holds both (K, S, T, P), so its letters' classes are the name's whichever
  // was meant (பேரேஜ்கிந் Berezkin, read perejkin: PLSKN).
  tamil: (_, syllables) => ({ sounds: [latinSound(syllables.join(''))] }),
};

// The Arabic article as Korean writes it joined to the name (알아사드 al-Assad, 알후티 al-Houthi, 엘팔라키 El-Falaki),
// which the lists write apart (or drop): a word of three syllables or more opening with 알 or 엘 is also heard without
// it (the article's l stays where the name has one of its own: 알렉산드르 Aleksandr reads as before). And the r that
// Korean leaves out of English ar, or, er before a consonant (마크 Mark, 워드 Ward, 쇼트 Short): a word of two classes
// is also heard with an l closing an open syllable before a consonant (longer words: the Latin side drops the r,
// sound-key.ts silentR). Such a reading pairs as two classes do (score-names.ts).
const HANGUL_ARTICLES: ReadonlySet<string> = new Set(['al', 'el']);
const OPEN_SYLLABLE = /^(?:kk|tt|pp|ss|jj|ch|[gkdtbpjsmnlr]|(?=w))[aeiouwy]+$/;
const CONSONANT_START = /^(?:kk|tt|pp|ss|jj|ch|[gkdtbpjsmn])/;
function hangulSounds(syllables: readonly string[]): string[] {
  const sound = hangulSound(syllables);
  // A syllable opening with hw writes an English wh (휘던 Whedon, 화이트 White), which hangulSound reads as no class (as
  // a Korean name's 황 Hwang): a word of two syllables or more is heard with it as w first, then as written.
  const out =
    syllables.length >= 2 && syllables.some((syl) => syl.startsWith('hw'))
      ? [
          ...new Set([
            hangulSound(syllables.map((syl) => (syl.startsWith('hw') ? syl.slice(1) : syl))),
            sound,
          ]),
        ]
      : [sound];
  const add = (s: string): void => {
    if (s !== '' && !out.includes(s)) out.push(s);
  };
  if (syllables.length >= 3 && HANGUL_ARTICLES.has(syllables[0]!)) add(hangulSound(syllables.slice(1)));
  if (sound.length === 2 && out[0] === sound)
    for (let i = 0; i + 1 < syllables.length; i++)
      if (OPEN_SYLLABLE.test(syllables[i]!) && CONSONANT_START.test(syllables[i + 1]!))
        add(hangulSound(syllables.map((syl, j) => (j === i ? `${syl}l` : syl))));
  return out;
}

function consonantal(r: { sound: string; vowels: string[] }): Reading {
  return { sounds: [r.sound], vowels: r.vowels };
}
