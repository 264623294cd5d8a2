import { describe, expect, it } from 'vitest';
import { myanmarSyllables } from './myanmar-syllables.js';

const read = (s: string): string => myanmarSyllables(s).trim().replace(/\s+/g, ' ');

describe('myanmarSyllables', () => {
  it('reads a name written without spaces as one Latin word a syllable', () => {
    expect(read('မင်းအောင်လှိုင်')).toBe('min aung hlaing');
    expect(read('သိန်းစိန်')).toBe('thein sein');
  });

  it('takes the vowel from the signs and the closing consonant together', () => {
    expect(read('ကျော်')).toBe('kyaw');
    expect(read('မောင်')).toBe('maung');
    expect(read('နိုင်')).toBe('naing');
    expect(read('ထွန်း')).toBe('htun');
    expect(read('ချစ်')).toBe('chit');
    expect(read('စိုး')).toBe('soe');
    expect(read('မျိုး')).toBe('myo');
  });

  it('reads medials into the onset (ငြ ny, ရှ sh) and a creaky nasal with a t', () => {
    expect(read('ငြိမ်း')).toBe('nyein');
    expect(read('ရွှေ')).toBe('shwe');
    expect(read('မြင့်')).toBe('myint');
    expect(read('ညွန့်')).toBe('nyunt');
  });

  it('closes a syllable with the consonant before a stacker', () => {
    expect(read('ကုမ္ပဏီ')).toBe('kone pa ni');
  });
});
