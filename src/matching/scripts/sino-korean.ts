// Korean names written in Han characters, one syllable a word (金 正 日, 楊·一·辛 for Sin Yong Il): Chinese writes a
// Korean person's name with the characters of its syllables, whose Korean readings the lists spell (Kim, Il), where
// pinyin reads them otherwise (jin, yi). A reading of its own (name-index.ts, fuzzy_search only): each word of one
// character that is a common syllable of Korean names read in Korean, the rest as the plain reading reads it.

// The Korean readings (McCune-Reischauer as the lists spell North Korean names, without its breves and apostrophes:
// the variant and loose keys pair Cheol with Chol, Jeong with Jong) of the characters of Korean surnames and given
// names whose pinyin is another spelling (金 jin Kim, 一 yi Il, 朴 pu Pak); not those pinyin already spells (洪 hong,
// 安 an, 南 nan for Nam pairs as a typo), traditional and simplified forms both.
const SINO_KOREAN: ReadonlyMap<string, string> = new Map(
  (
    [
      ['金', 'kim'],
      ['李', 'ri'],
      ['朴', 'pak'],
      ['崔', 'choe'],
      ['鄭郑', 'jong'],
      ['姜', 'kang'],
      ['趙赵', 'cho'],
      ['尹', 'yun'],
      ['張张', 'jang'],
      ['吳吴', 'o'],
      ['徐', 'so'],
      ['權权', 'kwon'],
      ['黃黄', 'hwang'],
      ['柳', 'ryu'],
      ['全', 'jon'],
      ['高', 'ko'],
      ['文', 'mun'],
      ['白', 'paek'],
      ['許许', 'ho'],
      ['玄', 'hyon'],
      ['盧卢', 'ro'],
      ['車车', 'cha'],
      ['具', 'ku'],
      ['禹', 'u'],
      ['羅罗', 'ra'],
      ['蔡', 'chae'],
      ['千', 'chon'],
      ['咸', 'ham'],
      ['延', 'yon'],
      ['明', 'myong'],
      ['奇', 'ki'],
      ['琴', 'kum'],
      ['玉', 'ok'],
      ['卓', 'tak'],
      ['石', 'sok'],
      ['吉', 'kil'],
      ['表', 'pyo'],
      ['陸陆', 'ryuk'],
      ['一日', 'il'],
      ['哲鐵铁', 'chol'],
      ['永英榮荣', 'yong'],
      ['勇龍龙容', 'yong'],
      ['光', 'kwang'],
      ['國国', 'kuk'],
      ['正貞贞', 'jong'],
      ['恩', 'un'],
      ['浩鎬镐虎', 'ho'],
      ['秀洙守', 'su'],
      ['賢贤鉉铉', 'hyon'],
      ['東东', 'tong'],
      ['植', 'sik'],
      ['碩硕錫锡', 'sok'],
      ['赫爀', 'hyok'],
      ['淑', 'suk'],
      ['熙姬', 'hui'],
      ['子', 'ja'],
      ['順顺', 'sun'],
      ['仁', 'in'],
      ['泰太大', 'tae'],
      ['相', 'sang'],
      ['基', 'ki'],
      ['天', 'chon'],
      ['萬万', 'man'],
      ['福', 'pok'],
      ['德', 'tok'],
      ['學学', 'hak'],
      ['根', 'kun'],
      ['勳勋', 'hun'],
      ['雄', 'ung'],
      ['在載载', 'jae'],
      ['中', 'jung'],
      ['世', 'se'],
      ['海', 'hae'],
      ['斗', 'tu'],
    ] as const
  ).flatMap(([chars, reading]) => [...chars].map((ch) => [ch, reading] as const)),
);

// Words split as script-reading.ts splits them (spaces, punctuation, the middle dots of Chinese and katakana).
const WORD = /[^\s\p{P}\p{S}\u30fb\u00b7]+/gu;

const HAN = /\p{Script=Han}/u;

/**
 * The name with each word of one Han character that is a common syllable of Korean names written in its Korean
 * reading (`楊·一·辛` -> `楊 il 辛`), for a name of two such words or more (written syllable by syllable, as
 * script-reading.ts reads its syllables: not a Japanese name's one-character given name beside its surname, 佐藤 明);
 * null where none is.
 */
export function sinoKoreanName(raw: string): string | null {
  const words = raw.normalize('NFKC').match(WORD);
  if (words === null || words.filter((w) => w.length === 1 && HAN.test(w)).length < 2) return null;
  let read = false;
  const out = words.map((w) => {
    const reading = w.length === 1 ? SINO_KOREAN.get(w) : undefined;
    if (reading === undefined) return w;
    read = true;
    return reading;
  });
  return read ? out.join(' ') : null;
}
