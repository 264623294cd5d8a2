import { describe, expect, it } from 'vitest';
import { thaiLetters } from './thai-letters.js';

describe('thaiLetters', () => {
  it('reads a leading vowel after its consonant, with the vowel letters it combines with', () => {
    expect(thaiLetters('เดวิด เซลเลอร์')).toBe('dewid selloe');
    expect(thaiLetters('โรเบิร์ต')).toBe('roboet');
    expect(thaiLetters('ไมเคิล')).toBe('maikhoel');
    expect(thaiLetters('เซียร์เกย์', true)).toBe('siarkey');
  });

  it('reads อ as a silent carrier at the start of a syllable and as o between consonants', () => {
    expect(thaiLetters('อีวาน โซโรคิน')).toBe('iwan sorokhin');
    expect(thaiLetters('อันตอน')).toBe('anton');
  });

  it('leaves out a letter under the silent mark, reads ห before a sonorant as silent and รร as a', () => {
    expect(thaiLetters('มาร์ติน')).toBe('matin');
    expect(thaiLetters('หมิง')).toBe('ming');
    expect(thaiLetters('สุวรรณ')).toBe('suwan');
  });

  it('reads a foreign name back: the letter under the silent mark, ค ท พ จ as k t p j, ช as sh', () => {
    expect(thaiLetters('มาร์ติน', true)).toBe('martin');
    expect(thaiLetters('คาร์ล ชมิดท์', true)).toBe('karl shmidt');
    expect(thaiLetters('จอห์น พอตเตอร์', true)).toBe('john pottoer');
    expect(thaiLetters('ຄາລ ຈອນ', true)).toBe('kal jon');
  });

  it('reads Lao through the same layout, with its own letters', () => {
    expect(thaiLetters('ບໍລິສ ເຊເລນອບ')).toBe('bolis selenob');
    expect(thaiLetters('ເລັກ')).toBe('lek');
  });

  it('keeps any other text as it is', () => {
    expect(thaiLetters('Ali มาร์ติน')).toBe('Ali matin');
  });
});
