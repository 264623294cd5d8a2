// A second reading of names written in Han, Hangul or Arabic script, for foreign names transcribed into those
// scripts: each word read as one token that carries the script's consonant-class sound (sound-key.ts).
import anyAscii from 'any-ascii';
import { nameToken, tokenTexts } from './normalise-name.js';
import type { NameToken, NormalisedName } from './normalise-name.js';
import { arabicSound, hangulSound, pinyinSound } from './sound-key.js';

const HAN = /\p{Script=Han}/u;
const HANGUL = /\p{Script=Hangul}/u;
const ARABIC = /\p{Script=Arabic}/u;
const ARABIC_ARTICLE_PREFIX = /^\u0627\u0644(?=\p{Script=Arabic}{2})/u;
const WORD_SPLIT = /[\s\p{P}\p{S}\u30fb\u00b7]+/u;

/**
 * A second reading of a name written in Han or Hangul: each word's syllables joined into one token carrying
 * the sound of that script ("尼古拉耶維奇" -> "nigulayeweiqi", sound NKLPS), as foreign names transcribed into
 * Chinese or Korean are written. Null when the name has no Han or Hangul. The syllable-by-syllable reading of
 * normaliseName suits Chinese and Korean people's own names; the index searches both and keeps the best.
 */
export function normaliseScriptJoined(raw: string): NormalisedName | null {
  const nfkc = raw.normalize('NFKC');
  if (!HAN.test(nfkc) && !HANGUL.test(nfkc) && !ARABIC.test(nfkc)) return null;
  const tokens: NameToken[] = [];
  for (const part of nfkc.split(WORD_SPLIT)) {
    if (part === '') continue;
    let word = part;
    if (ARABIC.test(word) && ARABIC_ARTICLE_PREFIX.test(word)) {
      tokens.push(nameToken('al'));
      word = word.replace(ARABIC_ARTICLE_PREFIX, '');
    }
    if (!HAN.test(word) && !HANGUL.test(word) && !ARABIC.test(word)) {
      tokens.push(...tokenTexts(word).map(nameToken));
      continue;
    }
    const script = ARABIC.test(word) ? 'arabic' : HANGUL.test(word) ? 'hangul' : 'han';
    const syllables = [...word]
      .map((ch) =>
        anyAscii(ch)
          .toLowerCase()
          .replace(/[^a-z]/g, ''),
      )
      .filter((x) => x !== '');
    const text = syllables.join('');
    if (text === '') continue;
    const sound =
      script === 'arabic'
        ? arabicSound(word)
        : script === 'han'
          ? pinyinSound(syllables)
          : hangulSound(syllables);
    tokens.push({ ...nameToken(text), sounds: sound === '' ? [] : [sound], script });
  }
  // Foreign names transcribed into Chinese or Korean come as two or more words (given name, surname); a single
  // word is a Chinese or Korean person's own name, read syllable by syllable only.
  if (tokens.length < 2) return null;
  return {
    tokens,
    identity: tokens
      .map((t) => t.text)
      .sort()
      .join(' '),
  };
}
