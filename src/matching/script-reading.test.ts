import { describe, expect, it } from 'vitest';
import type { SearchType } from '../domain/screening.js';
import { buildNameIndex } from './name-index.js';
import { normaliseScriptJoined } from './script-reading.js';

const reading = (raw: string) =>
  normaliseScriptJoined(raw)?.tokens.map((t) => ({ script: t.script, sounds: t.sounds }));

describe('normaliseScriptJoined', () => {
  it('reads each Hebrew word as one token, a geresh inside the word', () => {
    expect(reading("ג'ורג' וושינגטון")).toEqual([
      { script: 'hebrew', sounds: ['SLS'] },
      { script: 'hebrew', sounds: ['PSNKTN'] },
    ]);
  });

  it('reads katakana words separated by a middle dot or a space', () => {
    const expected = [
      { script: 'katakana', sounds: ['PKTL'] },
      { script: 'katakana', sounds: ['LKS'] },
    ];
    expect(reading('ヴィクトル・ルクス')).toEqual(expected);
    expect(reading('ヴィクトル ルクス')).toEqual(expected);
  });

  it('keeps Latin words of a mixed name as Latin tokens', () => {
    expect(reading('ヴィクトル Lux')?.map((t) => t.script)).toEqual(['katakana', 'latin']);
  });

  it('gives no reading to a one-word name or a Latin name', () => {
    expect(normaliseScriptJoined('ולדימיר')).toBeNull();
    expect(normaliseScriptJoined('Victor Lux')).toBeNull();
  });
});

describe('Latin names found from Hebrew and katakana transcriptions', () => {
  const index = buildNameIndex([
    { list: 'l', sourceUid: 'putin', name: 'Vladimir PUTIN', aliases: [] },
    { list: 'l', sourceUid: 'martinez', name: 'MARTINEZ, Victor', aliases: [] },
    { list: 'l', sourceUid: 'dina', name: 'Dina LOTAN', aliases: [] },
    { list: 'l', sourceUid: 'dana', name: 'Dana LOTAN', aliases: [] },
    { list: 'l', sourceUid: 'paul', name: 'Ron PAUL', aliases: [] },
  ]);
  const ids = (q: string, type: SearchType) =>
    index.search(q, type, { lists: null, explain: false }).map((m) => m.id);

  it('finds them at permissive and fuzzy, not at standard', () => {
    for (const type of ['permissive_match', 'fuzzy_search'] as const) {
      expect(ids('ולדימיר פוטין', type)).toContain('l:putin');
      expect(ids('ヴィクトル・マルティネス', type)).toContain('l:martinez');
    }
    expect(ids('ולדימיר פוטין', 'standard_match')).toEqual([]);
  });

  it('pairs a Hebrew word only with Latin spellings that have vowels where it writes vowel letters', () => {
    // דינה (Dina): a yod between d and n, so not Dana, though both are T N.
    expect(ids('דינה לוטן', 'fuzzy_search')).toContain('l:dina');
    expect(ids('דינה לוטן', 'fuzzy_search')).not.toContain('l:dana');
  });

  it('pairs two-class Hebrew words only at fuzzy (0.72, below permissive)', () => {
    expect(ids('רון פול', 'fuzzy_search')).toContain('l:paul');
    expect(ids('רון פול', 'permissive_match')).not.toContain('l:paul');
  });
});
