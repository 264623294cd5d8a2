import { describe, expect, it } from 'vitest';
import { katakanaSound, katakanaSounds } from './katakana-sound.js';
import { latinSound, latinSounds } from './sound-key.js';

describe('katakanaSound', () => {
  it('keeps each syllable consonant class, dropping the inserted vowels', () => {
    expect(katakanaSound('ヴィクトル')).toBe(latinSound('viktor'));
    expect(katakanaSound('マルティネス')).toBe(latinSound('martinez'));
    expect(katakanaSound('ブッシュ')).toBe(latinSound('bush'));
  });

  it('reads shi, chi, tsu and ji as sibilants and fu as a labial', () => {
    expect(katakanaSound('フランシス')).toBe(latinSound('francis'));
    expect(katakanaSound('シュミット')).toBe(latinSound('schmidt'));
    expect(katakanaSound('ツヴァイク')).toBe(latinSound('zweig'));
  });

  it('drops the long-vowel mark, so a final r heard as a long vowel is found', () => {
    expect(latinSounds('miller')).toContain(katakanaSound('ミラー'));
  });

  it('reads ン before a labial as m and ウ before a small vowel as w', () => {
    expect(katakanaSound('キャンベル')).toBe(latinSound('campbell'));
    expect(katakanaSound('ウィルソン')).toBe(latinSound('wilson'));
    expect(katakanaSound('ウスイ')).toBe('S');
  });

  it('also gives the readings of ambiguous kana: フ as a dropped h, initial ウ as v, inner チ as ti', () => {
    expect(katakanaSounds('アフマド')[0]).toBe('PMT');
    expect(katakanaSounds('アフマド')).toContain(latinSound('ahmad'));
    // Vladimir read with a soft d (d before i as j), as both spellings transcribe it.
    expect(latinSounds('vladimir')).toContain('PLSML');
    expect(katakanaSounds('ヴラジーミル')).toContain('PLSML');
    expect(katakanaSounds('ウラジーミル')).toContain('PLSML');
    expect(katakanaSounds('コンスタンチン')).toContain(latinSound('konstantin'));
    // A final チ stays ch: -vich.
    expect(katakanaSounds('イワノヴィチ')).toEqual([latinSound('ivanovich')]);
  });

  it('reads a final フ as a dropped h too (サーレフ Salih, サラーフ Salah), the plain reading first', () => {
    expect(katakanaSounds('サーレフ')).toEqual(['SLP', latinSound('salih')]);
    expect(katakanaSounds('サラーフ')).toContain(latinSound('salah'));
    // Wolf is read as written first.
    expect(katakanaSounds('ヴォルフ')[0]).toBe(latinSound('wolf'));
  });
});
