// Readings of names by sound across scripts: the consonant classes of a Latin spelling and of a word in Han, Hangul,
// Arabic, Hebrew or katakana, the vowels between them, and the second reading of a name written in those scripts.
export { armenianLetters, georgianWithoutNominative } from './caucasus-letters.js';
export { INDIC_LETTER, indicLetters } from './indic-letters.js';
export { spelledBy } from './letter-pattern.js';
export { khmerLetters } from './khmer-letters.js';
export { myanmarSyllables } from './myanmar-syllables.js';
export { readScriptWords } from './script-reading.js';
export { sinoKoreanName } from './sino-korean.js';
export type { NameScript, ScriptWord } from './script-reading.js';
export {
  droppedROneClass,
  hanOnlyKeys,
  hanOnlySounds,
  initialHSounds,
  latinSounds,
  nearSoundKeys,
  nearSounds,
  writtenRSounds,
} from './sound-key.js';
export { thaiLetters } from './thai-letters.js';
export { vowelsAgree } from './vowel-gaps.js';
