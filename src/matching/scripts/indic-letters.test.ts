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

describe('indicLetters in the other Brahmic scripts', () => {
  it('reads the inherent a in Gujarati, Gurmukhi, Telugu, Kannada and Malayalam', () => {
    expect(indicLetters('ભરત પટેલ')).toBe('bharat patel');
    expect(indicLetters('ઝવેરી')).toBe('zaveri'); // Gujarati ઝ is z
    expect(indicLetters('గోపాల్ రెడ్డి')).toBe('gopal reddi');
    expect(indicLetters('ಬೋರಿಸ್ ಗಡಿನ್')).toBe('boris gadin');
    // Malayalam's chillu letters are consonants without a vowel; its anusvara an m.
    expect(indicLetters('ബോറിസ് ഗദിൻ')).toBe('boris gadin');
    expect(indicLetters('കിം')).toBe('kim');
  });

  it('reads Gurmukhi sha with its nukta and the addak doubling the next consonant', () => {
    expect(indicLetters('ਬੋਰਿਸ ਸ਼ਾਹ')).toBe('boris shah');
    expect(indicLetters('ਪੱਕਾ')).toBe('pakka');
    // The foreign reading: a cluster written without a virama (ਵਲਾ vla).
    expect(indicLetters('ਵਲਾਸੋਵ', true)).toBe('vlasov');
  });

  it('reads Tamil stops voiced between vowels and after a nasal, unvoiced at the start and doubled', () => {
    expect(indicLetters('மார்ட்டின் கோகன்')).toBe('marttin kogan');
    expect(indicLetters('பொரிஸ் கதின்')).toBe('poris kadin');
    expect(indicLetters('அந்தோனி')).toBe('andoni');
    // A final ச் is a foreign ch; the foreign reading keeps the stops as written.
    expect(indicLetters('இவானோவிச்')).toBe('ivanovich');
    expect(indicLetters('நிகோலை பந்கோவ்', true)).toBe('nikolai pankov');
  });

  it('reads Tamil ச with a vowel as s in the native reading and ch in the foreign one (ஸ writes a foreign s)', () => {
    expect(indicLetters('செல்வம்')).toBe('selvam');
    expect(indicLetters('கோஸசேவ் சோய்', true)).toBe('kosachev choy');
  });

  it('reads Devanagari भ्ल at the start of a word as v, as Nepali writes foreign names; any भ in the foreign reading', () => {
    expect(indicLetters('भ्लासोभ')).toBe('vlasobh');
    expect(indicLetters('भ्लासोभ', true)).toBe('vlasov');
    expect(indicLetters('भ्रमर')).toBe('bhramar');
    expect(indicLetters('ଭ୍ଲାସୋଭ')).toBe('vlasobh');
  });
});

describe('indicLetters in Sinhala', () => {
  it('reads every inherent a, æ as a, the anusvara as ng and the prenasalised letters', () => {
    expect(indicLetters('රාම')).toBe('rama');
    expect(indicLetters('ඇලෙක්ස් පෙරේරා')).toBe('aleks perera');
    expect(indicLetters('ජොං')).toBe('jong');
    expect(indicLetters('ඳුනු')).toBe('ndunu');
    // A conjunct written with the zero-width joiner.
    expect(indicLetters('ශ්‍රී')).toBe('shri');
  });
});
