// A second reading of names written in Han, Hangul, Arabic, Hebrew, katakana or Myanmar script, for foreign names
// transcribed into those scripts: each word read as one joined text that carries the script's consonant-class
// sound (sound-key.ts). normalise-name.ts turns the words into tokens.
import anyAscii from 'any-ascii';
import { arabicReading, arabicSounds } from './arabic-sound.js';
import { hebrewReading } from './hebrew-sound.js';
import { katakanaSounds } from './katakana-sound.js';
import { hangulSound, latinSound, pinyinSounds } from './sound-key.js';

const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;
const ARABIC = /\p{Script=Arabic}/u;
const HEBREW = /\p{Script=Hebrew}/u;
const KATAKANA = /\p{Script=Katakana}/u;
const MYANMAR = /\p{Script=Myanmar}/u;
const READ =
  /[\p{Script=Han}\p{Script=Hangul}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Katakana}\p{Script=Myanmar}]/u;
const ARABIC_ARTICLE_PREFIX = /^\u0627\u0644(?=\p{Script=Arabic}{2})/u;
// Punctuation splits words, but not a geresh (or an apostrophe typed for it) after a Hebrew letter: ג'ורג' is one
// word, George.
const WORD_SPLIT = /(?:[\s\p{S}\u30fb\u00b7]|(?!(?<=\p{Script=Hebrew})['\u05f3\u2019`\u00b4])\p{P})+/u;

/** The script a word of a name is written in ('latin': anything read by plain transliteration). */
export type NameScript = 'latin' | 'han' | 'hangul' | 'arabic' | 'hebrew' | 'katakana' | 'myanmar';

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
  for (const part of nfkc.split(WORD_SPLIT)) {
    if (part === '') continue;
    let word = part;
    if (ARABIC.test(word) && ARABIC_ARTICLE_PREFIX.test(word)) {
      words.push({ script: 'latin', text: 'al' });
      word = word.replace(ARABIC_ARTICLE_PREFIX, '');
    }
    const script = scriptOf(word);
    if (script === 'latin') {
      words.push({ script, text: word });
      continue;
    }
    const syllables = [...word]
      .map((ch) =>
        anyAscii(ch)
          .toLowerCase()
          .replace(/[^a-z]/g, ''),
      )
      .filter((x) => x !== '');
    const text = syllables.join('');
    if (text === '') continue;
    const { sounds, vowels } = READINGS[script](word, syllables);
    const read = { script, text, sounds: sounds.filter((s) => s !== '') };
    words.push(vowels === undefined ? read : { ...read, vowels });
  }
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
  return 'latin';
}

// Syllabic scripts are read from their romanised syllables, consonantal ones from their letters (with the vowel
// letters between their classes); the first sound is the plain reading, any others those of ambiguous spellings.
type Reading = { readonly sounds: string[]; readonly vowels?: string[] };
const READINGS: Readonly<
  Record<Exclude<NameScript, 'latin'>, (word: string, syllables: string[]) => Reading>
> = {
  arabic: (word) => ({ sounds: arabicSounds(word), vowels: arabicReading(word).vowels }),
  hebrew: (word) => consonantal(hebrewReading(word)),
  katakana: (word) => ({ sounds: katakanaSounds(word) }),
  han: (_, syllables) => ({ sounds: pinyinSounds(syllables) }),
  hangul: (_, syllables) => ({ sounds: [hangulSound(syllables)] }),
  // Myanmar closes no syllable with r (ဗလာဒီမာ, Vladimir): its letters' classes, as a Latin spelling's readings
  // without a final r give them.
  myanmar: (_, syllables) => ({ sounds: [latinSound(syllables.join(''))] }),
};

function consonantal(r: { sound: string; vowels: string[] }): Reading {
  return { sounds: [r.sound], vowels: r.vowels };
}
