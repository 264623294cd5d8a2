import { describe, expect, it } from 'vitest';
import { hebrewReading } from './hebrew-sound.js';
import { latinSound } from './sound-key.js';
import { latinVowelGaps, vowelsAgree } from './vowel-gaps.js';

const agree = (hebrew: string, latin: string): boolean => {
  const { sound, vowels } = hebrewReading(hebrew);
  return vowelsAgree(vowels, sound, latin);
};

describe('latinVowelGaps', () => {
  it('lists the vowels before, between and after the consonant classes', () => {
    expect(latinSound('ronit')).toBe('LNT');
    expect(latinVowelGaps('ronit')).toEqual(['', 'o', 'i', '']);
    expect(latinVowelGaps('schubert')).toEqual(['', 'u', 'e', '', '']);
  });

  it('drops a vowel between two classes that collapse, keeps an initial h', () => {
    expect(latinVowelGaps('lola')).toEqual(['', 'a']);
    expect(latinVowelGaps('herbert')).toEqual(['he', '', 'e', '', '']);
  });
});

describe('hebrewReading vowels', () => {
  it('records vav as o, yod as i, alef, ayin, double yod and a final he as any vowel', () => {
    expect(hebrewReading('רונית').vowels).toEqual(['', 'o', 'i', '']);
    expect(hebrewReading('אנה').vowels).toEqual(['a', 'a']);
    expect(hebrewReading("ג'יימס").vowels).toEqual(['', 'a', '', '']);
  });
});

describe('vowelsAgree', () => {
  it('needs a Latin vowel of the quality of each vowel letter', () => {
    expect(agree('דינה', 'dina')).toBe(true);
    expect(agree('דינה', 'dana')).toBe(false);
    expect(agree('רונית', 'ronit')).toBe(true);
    expect(agree('רונית', 'renate')).toBe(false);
  });

  it('lets the script leave a vowel out inside a word, not at its start nor a final vowel other than e', () => {
    expect(agree('הרברט', 'herbert')).toBe(true);
    expect(agree('בלייק', 'blake')).toBe(true);
    expect(agree('אוטו', 'otto')).toBe(true);
    expect(agree('אוט', 'otto')).toBe(false);
    expect(agree('מרקו', 'amarko')).toBe(false);
  });
});
