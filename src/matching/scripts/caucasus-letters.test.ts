import { describe, expect, it } from 'vitest';
import { armenianLetters, georgianWithoutNominative } from './caucasus-letters.js';

describe('armenianLetters', () => {
  it('reads ու as u and ռ as r, in either case', () => {
    expect(armenianLetters('Ռուբեն Մուրադյան')).toBe('Ruբեն Մuրադյան');
    expect(armenianLetters('ՌՈՒԲԵՆ')).toBe('RUԲԵՆ');
  });
});

describe('georgianWithoutNominative', () => {
  it('leaves out the -i a foreign name ending in a consonant takes, not a vowel of the name', () => {
    expect(georgianWithoutNominative('ბორის სოროკინი')).toBe('ბორის სოროკინ');
    expect(georgianWithoutNominative('ალი ხამენეი')).toBe('ალი ხამენეი');
  });
});
