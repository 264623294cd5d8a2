import { describe, expect, it } from 'vitest';
import { arabicReading, arabicSound } from './arabic-sound.js';
import { latinSound } from './sound-key.js';
import { vowelsAgree } from './vowel-gaps.js';

const agree = (arabic: string, latin: string): boolean => {
  const { sound, vowels } = arabicReading(arabic);
  return vowelsAgree(vowels, sound, latin);
};

describe('arabicSound', () => {
  it('reads a final نغ (Persian نگ) as the one nasal of a final ng', () => {
    expect(arabicSound('جانغ')).toBe(latinSound('jang'));
    expect(arabicSound('هونگ')).toBe(latinSound('hong'));
  });
});

describe('arabicReading vowels', () => {
  it('records ya as i and alif, hamza, ayn, waw inside a word and a final ta marbuta as any vowel', () => {
    expect(arabicReading('سمير')).toEqual({ sound: 'SML', vowels: ['', '', 'i', ''] });
    expect(arabicReading('محمود')).toEqual({ sound: 'MT', vowels: ['', 'a', ''] });
    expect(arabicReading('فاطمة').vowels).toEqual(['', 'a', '', 'a']);
    expect(arabicReading('مصطفى').vowels).toEqual(['', '', '', '', 'a']);
  });

  it('pairs only with Latin spellings that have vowels where the word writes long vowels', () => {
    expect(agree('سمير', 'samir')).toBe(true);
    expect(agree('سمير', 'somar')).toBe(false);
    expect(agree('محمود', 'mahmoud')).toBe(true);
    expect(agree('مصطفى', 'mustafa')).toBe(true);
    // An initial alif or ayn is a vowel the Latin spelling starts with.
    expect(agree('عمر', 'omar')).toBe(true);
    expect(agree('عمر', 'mohr')).toBe(false);
  });
});
