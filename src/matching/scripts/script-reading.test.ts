import { describe, expect, it } from 'vitest';
import type { SearchType } from '../../domain/screening.js';
import { buildNameIndex } from '../name-index.js';
import type { MatchExplanation } from '../name-index.js';
import { readScriptWords } from './script-reading.js';
import { sinoKoreanName } from './sino-korean.js';
import { latinSound } from './sound-key.js';

describe('readScriptWords', () => {
  it('reads each script word as one joined text with its sounds, and Latin words as they are', () => {
    expect(readScriptWords('習近平 Jinping')).toEqual([
      { script: 'han', text: 'xijinping', sounds: ['SNPN', 'SMPM', 'SKNPN', 'SKMPM', 'KNPN', 'KMPM'] },
      { script: 'latin', text: 'Jinping' },
    ]);
    expect(readScriptWords('ולדימיר פוטין')).toMatchObject([
      { script: 'hebrew', sounds: ['PLTML'] },
      { script: 'hebrew', sounds: ['PTN'] },
    ]);
  });

  it('reads a Thai or Lao word as a foreign name read back, with the sounds of its letters with and without the silent ones', () => {
    expect(readScriptWords('มาร์ติน คาร์เตอร์')).toEqual([
      { script: 'thai', text: 'martin', sounds: ['MLTN', 'MTN'] },
      { script: 'thai', text: 'kartoer', sounds: ['KLTL', 'KT'] },
    ]);
    expect(readScriptWords('ຄາລ ຈອນ')?.map((w) => w.text)).toEqual(['kal', 'jon']);
  });

  it('reads a Khmer word by its letters, with their sound', () => {
    expect(readScriptWords('ម៉ាទីន ហ្គ្រីន')).toEqual([
      { script: 'khmer', text: 'matin', sounds: ['MTN'] },
      { script: 'khmer', text: 'grin', sounds: ['KLN'] },
    ]);
  });

  it('reads a Tamil word as written, with the classes that hold both of its stops (ப p b f, க k g, ஜ j z; ச ch)', () => {
    expect(readScriptWords('பேதோர் கஜிமோவிச் சுபரோவ்')).toEqual([
      { script: 'tamil', text: 'petor', sounds: ['PTL'] },
      { script: 'tamil', text: 'kajimovich', sounds: ['KSMPS'] },
      { script: 'tamil', text: 'chuparov', sounds: ['SPLP'] },
    ]);
    // Particles are read as the Latin words (ben, al), not as names of their sounds.
    expect(readScriptWords('அலீ பேந் அல் ஹஸந்')?.map((w) => [w.script, w.text])).toEqual([
      ['tamil', 'ali'],
      ['latin', 'ben'],
      ['latin', 'al'],
      ['tamil', 'hasan'],
    ]);
  });

  it('reads 什 as transcriptions say it, shi (any-ascii: shen)', () => {
    expect(readScriptWords('纳卡什')?.[0]).toMatchObject({
      text: 'nakashi',
      sounds: expect.arrayContaining(['NKS']),
    });
    expect(readScriptWords('阿什拉夫')?.[0]).toMatchObject({
      sounds: expect.arrayContaining([latinSound('ashraf')]),
    });
  });

  it('reads the legal forms Korean, Japanese and Chinese write as a word as Latin legal forms', () => {
    expect(readScriptWords('주식회사 우주')?.map((w) => [w.script, w.text])).toEqual([
      ['latin', 'co'],
      ['hangul', 'uju'],
    ]);
    expect(readScriptWords('株式会社 田中')?.[0]).toEqual({ script: 'latin', text: 'kk' });
    expect(readScriptWords('有限公司')).toEqual([{ script: 'latin', text: 'ltd' }]);
  });

  it('splits the joined Arabic article off as a Latin word', () => {
    expect(readScriptWords('القذافي')?.map((w) => [w.script, w.text])).toEqual([
      ['latin', 'al'],
      ['arabic', 'qdhfy'],
    ]);
  });

  it('reads the name particles as Arabic and Hebrew write them as the Latin particles', () => {
    expect(readScriptWords('أبو سمير رشيد')?.map((w) => [w.script, w.text])).toEqual([
      ['latin', 'abu'],
      ['arabic', 'smyr'],
      ['arabic', 'rshyd'],
    ]);
    expect(readScriptWords('דה לנגה')?.[0]).toEqual({ script: 'latin', text: 'de' });
  });

  it('reads the Arabic article and particles as Hebrew, Korean and Japanese write them as Latin particles', () => {
    expect(readScriptWords('סמיר אל-מצרי')?.[1]).toEqual({ script: 'latin', text: 'al' });
    expect(readScriptWords('אדם דה לה רוש')?.[2]).toEqual({ script: 'latin', text: 'la' });
    expect(readScriptWords('사미르 알 마스리')?.[1]).toEqual({ script: 'latin', text: 'al' });
    expect(readScriptWords('우스만 이븐 아판')?.[1]).toEqual({ script: 'latin', text: 'ibn' });
    expect(readScriptWords('サミール・アル＝マスリ')?.[1]).toEqual({ script: 'latin', text: 'al' });
  });

  it('reads عبد and עבד, the head of a compound name written apart, as abd', () => {
    expect(readScriptWords('عبد كريم')?.[0]).toEqual({ script: 'latin', text: 'abd' });
    expect(readScriptWords('עבד כרים')?.[0]).toEqual({ script: 'latin', text: 'abd' });
  });

  it('also hears a Korean word of three syllables or more without the article joined to it', () => {
    expect(readScriptWords('사미르 알마스리')?.[1]).toMatchObject({
      script: 'hangul',
      sounds: [latinSound('almasri'), latinSound('masri')],
    });
    expect(readScriptWords('무스타파 엘파라니')?.[1]).toMatchObject({
      sounds: expect.arrayContaining([latinSound('farani')]),
    });
    // Ali is two syllables; Aleksandr keeps its l: one reading each.
    expect(readScriptWords('알리 하산')?.[0]).toMatchObject({ sounds: [latinSound('ali')] });
    expect(readScriptWords('알렉산드르 이바노프')?.[0]).toMatchObject({ sounds: [latinSound('aleksandr')] });
  });

  it('also hears a Korean word of two classes with the r Korean leaves out before a consonant', () => {
    expect(readScriptWords('마크 루도빅')?.[0]).toMatchObject({
      sounds: [latinSound('mak'), latinSound('mark')],
    });
    expect(readScriptWords('워드 루도빅')?.[0]).toMatchObject({
      sounds: [latinSound('wod'), latinSound('ward')],
    });
    // No open syllable before a consonant (마이크 Mike: ma, i, keu), or three classes already: one reading.
    expect(readScriptWords('마이크 루도빅')?.[0]).toMatchObject({ sounds: [latinSound('mike')] });
    expect(readScriptWords('루도빅 마크')?.[0]).toMatchObject({ sounds: [latinSound('ludovik')] });
  });

  it('gives no reading to a name written in none of those scripts', () => {
    expect(readScriptWords('Victor Lux')).toBeNull();
  });
});

describe('foreign names transcribed into Chinese or Korean (fuzzy_search)', () => {
  const index = buildNameIndex([
    { list: 'l', sourceUid: 'kantor', name: 'Vyacheslav KANTOR', aliases: [] },
    { list: 'l', sourceUid: 'shubin', name: 'SHUBIN, Igor Nikolayevich', aliases: [] },
    { list: 'l', sourceUid: 'korolev', name: 'Sergei Korolev', aliases: [] },
    { list: 'l', sourceUid: 'yoshida', name: 'Akari Yoshida', aliases: [] },
    { list: 'l', sourceUid: 'hani', name: 'Hani', aliases: [] },
    { list: 'l', sourceUid: 'kashan', name: 'KASHAN', aliases: [] },
  ]);
  const ids = (q: string, type: SearchType = 'fuzzy_search') =>
    index.search(q, type, { lists: null, explain: false }).map((m) => m.id);

  it('finds the Latin form from its Chinese transcription (consonant classes, final r dropped)', () => {
    expect(ids('維亞切斯拉夫 坎特')).toContain('l:kantor');
    expect(ids('蘇賓 伊戈爾 尼古拉耶維奇')).toContain('l:shubin');
  });

  it('finds the Latin form from its Korean transcription', () => {
    expect(ids('세르게이 코롤료프')).toContain('l:korolev');
    expect(ids('요시다 아카리')).toContain('l:yoshida');
  });

  it('does not read a one-word Chinese or Korean name as a transcription', () => {
    expect(ids('韩琪')).not.toContain('l:hani');
    expect(ids('곽성윤')).not.toContain('l:kashan');
  });

  it('never compares sounds in standard_match', () => {
    expect(ids('維亞切斯拉夫 坎特', 'standard_match')).toEqual([]);
  });
});

describe('Latin names written in Arabic script (fuzzy_search)', () => {
  const index = buildNameIndex([
    { list: 'l', sourceUid: 'serov', name: 'Sergei Viktorovich SEROV', aliases: [] },
    { list: 'l', sourceUid: 'volkov', name: 'Vitaly VOLKOV', aliases: [] },
    { list: 'l', sourceUid: 'olabi', name: 'Adel OLABI', aliases: [] },
  ]);
  const ids = (q: string) =>
    index.search(q, 'fuzzy_search', { lists: null, explain: false }).map((m) => m.id);

  it('finds the Latin form by consonant classes (no short vowels, waw as a vowel, تش as ch)', () => {
    expect(ids('سيرجي فكتوروفيتش سيروف')).toContain('l:serov');
    expect(ids('فيتالي فولكوف')).toContain('l:volkov');
  });

  it('does not pair two-class Arabic sounds (too common in a consonant-only script)', () => {
    // Labib is not Olabi, though both reduce to L P.
    expect(ids('عادل لبيب')).not.toContain('l:olabi');
  });
});

describe('Arabic names with the article, particles and abd as each script writes them (fuzzy_search)', () => {
  const index = buildNameIndex([
    { list: 'l', sourceUid: 'masri', name: 'Samir AL-MASRI', aliases: [] },
    { list: 'l', sourceUid: 'hakim', name: 'Nabil Abdul HAKIM', aliases: [] },
    { list: 'l', sourceUid: 'karim', name: 'KARIM, Abdullah', aliases: [] },
    { list: 'l', sourceUid: 'affan', name: 'Uthman ibn AFFAN', aliases: [] },
    { list: 'l', sourceUid: 'mavrov', name: 'Sergei MAVROV', aliases: [] },
    { list: 'l', sourceUid: 'cheyney', name: 'Peter CHEYNEY', aliases: [] },
  ]);
  const ids = (q: string) =>
    index.search(q, 'fuzzy_search', { lists: null, explain: false }).map((m) => m.id);

  it('finds al-Masri with the article written as a word, hyphenated or joined', () => {
    expect(ids('סמיר אל-מצרי')).toContain('l:masri');
    expect(ids('사미르 알마스리')).toContain('l:masri');
    expect(ids('サミール・アル＝マスリ')).toContain('l:masri');
    expect(ids('سمير المصري')).toContain('l:masri');
  });

  it('finds Abdul and Abdullah from عبد written apart, and a name with ibn from 이븐', () => {
    expect(ids('نبيل عبد حكيم')).toContain('l:hakim');
    expect(ids('عبد كريم')).toContain('l:karim');
    expect(ids('우스만 이븐 아판')).toContain('l:affan');
  });

  it('finds a Persian v written with a waw and a Hebrew ch written טש', () => {
    expect(ids('سرگئی ماوروف')).toContain('l:mavrov');
    expect(ids('פיטר טשייני')).toContain('l:cheyney');
  });
});

describe('Korean and Arabic readings of a sound the script leaves out or spells its own way (fuzzy_search)', () => {
  const index = buildNameIndex([
    { list: 'l', sourceUid: 'mark', name: 'Mark LUDOVIC', aliases: [] },
    { list: 'l', sourceUid: 'jose', name: 'Jose RIVERA MARCANO', aliases: [] },
    { list: 'l', sourceUid: 'kyong', name: 'KYONG Chol SOK', aliases: [] },
    { list: 'l', sourceUid: 'houthi', name: 'Abdul Malik al-Houthi', aliases: [] },
  ]);
  const search = (q: string) => index.search(q, 'fuzzy_search', { lists: null, explain: true });
  const ids = (q: string) => search(q).map((m) => m.id);

  it('finds Mark from 마크, paired as two classes are', () => {
    const hit = search('마크 루도빅').find((m) => m.id === 'l:mark');
    expect((hit?.explanation as MatchExplanation | undefined)?.pairs).toContainEqual(
      expect.objectContaining({ listed: 'mark', similarity: 0.72 }),
    );
  });

  it('pairs a word whose other reading is one class with a token left over (خوسيه Jose, 알후티 Houthi)', () => {
    expect(ids('خوسيه ريفيرا ماركانو')).toContain('l:jose');
    expect(ids('압둘 말리크 알후티')).toContain('l:houthi');
  });

  it('reads a final نج as ng (كينج Kyong)', () => {
    expect(ids('كينج تشول سوك')).toContain('l:kyong');
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

describe('sinoKoreanName', () => {
  it('reads the one-character words of a Korean name written syllable by syllable in Korean', () => {
    expect(sinoKoreanName('楊·一·辛')).toBe('楊 il 辛');
    expect(sinoKoreanName('金 湯 何')).toBe('kim 湯 何');
    expect(sinoKoreanName('金 正 日')).toBe('kim jong il');
  });

  it("reads nothing in a name with one such word or none (a Japanese name's given name, a Chinese name's characters)", () => {
    expect(sinoKoreanName('佐藤 明')).toBeNull();
    expect(sinoKoreanName('金 莉迪亞')).toBeNull();
    expect(sinoKoreanName('王秀英')).toBeNull();
    expect(sinoKoreanName('楊·何·欧')).toBeNull();
  });
});

describe('a one-character Han word of the script reading', () => {
  it('is a syllable where the name has two or more of them', () => {
    expect(readScriptWords('智·箱·陈')).toMatchObject([
      { text: 'zhi', syllable: true },
      { text: 'xiang', syllable: true },
      { text: 'chen', syllable: true },
    ]);
    expect(readScriptWords('嶋田 紬')![1]).not.toHaveProperty('syllable');
  });
});
