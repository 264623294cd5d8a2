// Readings of names by sound across scripts: the consonant classes of a Latin spelling and of a word in Han, Hangul,
// Arabic, Hebrew or katakana, the vowels between them, and the second reading of a name written in those scripts.
export { indicLetters } from './indic-letters.js';
export { spelledBy } from './letter-pattern.js';
export { myanmarSyllables } from './myanmar-syllables.js';
export { readScriptWords } from './script-reading.js';
export type { NameScript, ScriptWord } from './script-reading.js';
export {
  hanOnlySounds,
  latinSounds,
  nearSoundKeys,
  nearSounds,
  hanOnlyKeys,
  writtenRSounds,
} from './sound-key.js';
export { vowelsAgree } from './vowel-gaps.js';
