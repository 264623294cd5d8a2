import { describe, expect, it } from 'vitest';
import { thaiLetters } from './thai-letters.js';

describe('thaiLetters', () => {
  it('reads a leading vowel after its consonant, with the vowel letters it combines with', () => {
    expect(thaiLetters('เดวิด เซลเลอร์')).toBe('dewid selloer');
    expect(thaiLetters('โรเบิร์ต')).toBe('roboert');
    expect(thaiLetters('ไมเคิล')).toBe('maikhoel');
    expect(thaiLetters('เซียร์เกย์')).toBe('siarkey');
  });

  it('reads อ as a silent carrier at the start of a syllable and as o between consonants', () => {
    expect(thaiLetters('อีวาน โซโรคิน')).toBe('iwan sorokhin');
    expect(thaiLetters('อันตอน')).toBe('anton');
  });

  it('keeps a letter under the silent mark (the foreign spelling it shows), reads ห before a sonorant as silent', () => {
    expect(thaiLetters('มาร์ติน')).toBe('martin');
    expect(thaiLetters('หมิง')).toBe('ming');
  });

  it('reads Lao through the same layout, with its own letters', () => {
    expect(thaiLetters('ບໍລິສ ເຊເລນອບ')).toBe('bolis selenob');
    expect(thaiLetters('ເລັກ')).toBe('lek');
  });

  it('keeps any other text as it is', () => {
    expect(thaiLetters('Ali มาร์ติน')).toBe('Ali martin');
  });
});
