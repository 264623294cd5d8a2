import { describe, expect, it } from 'vitest';
import { hebrewLetters, hebrewSound } from './hebrew-sound.js';
import { spelledBy } from './letter-pattern.js';
import { latinSound, latinSounds } from './sound-key.js';

describe('hebrewSound', () => {
  it('maps consonants to classes and leaves alef, he, het, ayin and yod out', () => {
    expect(hebrewSound('פוטין')).toBe(latinSound('putin'));
    expect(hebrewSound('אברהם')).toBe(latinSound('abraham'));
    expect(hebrewSound('שטיינמץ')).toBe(latinSound('steinmetz'));
  });

  it('reads vav as v/w at the start of a word or doubled, as a vowel inside a word', () => {
    expect(hebrewSound('ולדימיר')).toBe(latinSound('vladimir'));
    expect(hebrewSound('וושינגטון')).toBe(latinSound('washington'));
    expect(hebrewSound('רוזנברג')).toBe(latinSound('rosenberg'));
  });

  it('gives a letter with a geresh its own sound: ג׳ j, צ׳ ch, ת׳ th', () => {
    expect(latinSounds('george')).toContain(hebrewSound("ג'ורג'"));
    expect(hebrewSound('צ׳רצ׳יל')).toBe(latinSound('churchill'));
    expect(hebrewSound("סמית'")).toBe(latinSound('smith'));
  });

  it('reads טש as ch, and a final נג as the one nasal of a final ng', () => {
    expect(hebrewSound('טשרני')).toBe(latinSound('cherny'));
    expect(hebrewSound('קיטשנר')).toBe(latinSound('kitchener'));
    expect(spelledBy(hebrewLetters('טשן')!, 'chen')).toBe(true);
    // ק and כ are the qu of a Spanish or French k.
    expect(spelledBy(hebrewLetters('אנריקה')!, 'enrique')).toBe(true);
    expect(hebrewSound('יאנג')).toBe(latinSound('young'));
    expect(hebrewSound('פלמינג')).toBe(latinSound('fleming'));
    // Not a final נג: ng inside a word is n and g.
    expect(hebrewSound('אנגלו')).toBe(latinSound('anglo'));
  });

  it('ignores vowel points and the shin dot', () => {
    expect(hebrewSound('מֹשֶׁה')).toBe(hebrewSound('משה'));
    expect(hebrewSound('משה')).toBe(latinSound('moshe'));
  });

  it('reads kaf as k, so Latin kh is found through its k reading', () => {
    expect(latinSounds('mikhail')).toContain(hebrewSound('מיכאיל'));
  });
});

describe('hebrewLetters', () => {
  const spells = (hebrew: string, latin: string): boolean => spelledBy(hebrewLetters(hebrew)!, latin);

  it('lets a Latin spelling have short vowels where Hebrew writes none, consonant by consonant', () => {
    expect(spells('פבל', 'pavel')).toBe(true);
    expect(spells('קן', 'ken')).toBe(true);
    expect(spells('חטב', 'hattab')).toBe(true);
    expect(spells('סוזן', 'susanne')).toBe(true);
    expect(spells("ג'ק", 'jack')).toBe(true);
  });

  it('wants a vowel of the vav or yod it writes, and the letters in their order', () => {
    expect(spells('סוזן', 'sasan')).toBe(false);
    expect(spells('פבל', 'paul')).toBe(false);
    expect(spells('קן', 'kenny')).toBe(false);
  });
});
