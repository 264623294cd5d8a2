import { describe, expect, it } from 'vitest';
import { indicLetters } from './indic-letters.js';

describe('indicLetters', () => {
  it('reads the inherent a of Devanagari consonants, and drops it where Hindi does not say it', () => {
    expect(indicLetters('नरेंद्र मोदी')).toBe('narendra modi'); // a final a after a cluster is said
    expect(indicLetters('राम')).toBe('ram'); // not after a single consonant
    expect(indicLetters('अहमद')).toBe('ahmad'); // nor between a vowel-consonant and a consonant-vowel
    expect(indicLetters('कमला')).toBe('kamla');
    expect(indicLetters('व्लादिमीर पुतिन')).toBe('vladimir putin');
  });

  it('reads nukta consonants and an anusvara (m before a labial)', () => {
    expect(indicLetters('रज़ा')).toBe('raza');
    expect(indicLetters('फ़ारूक़')).toBe('faruq');
    expect(indicLetters('संपत')).toBe('sampat');
  });

  it('reads Bengali through the same table; ভ is v in a cluster, and anywhere in the foreign reading', () => {
    expect(indicLetters('মুজিবুর রহমান')).toBe('mujibur rahman');
    expect(indicLetters('শেখ হাসিনা')).toBe('shekh hasina');
    expect(indicLetters('ভ্লাদিমির পুতিন')).toBe('vladimir putin');
    expect(indicLetters('ভারত')).toBe('bharat');
    expect(indicLetters('ভিক্টর', true)).toBe('viktar'); // the inherent vowel read a, as most romanised names write it
  });

  it('keeps any other text as it is', () => {
    expect(indicLetters('Ali नरेंद्र')).toBe('Ali narendra');
  });
});
