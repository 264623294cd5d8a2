// Russian, Ukrainian and Belarusian decline names: a text that names a person in the genitive, dative or instrumental
// ("Киви Іллі Володимировича", of Ilya Vladimirovich Kiva) writes every word with a case ending, while lists write the
// nominative. The nominatives a declined word may come from, as folded text (any-ascii: я ya, ю yu, й y, и i).
// name-index.ts reads such a query with each word replaced by the first of them that is a given name or patronymic of
// given-name-groups.ts, else the first the index holds: one more reading, searched beside the plain one. Lithuanian
// and Latvian nominative endings too (balticCandidates).

/** A case ending and the nominative endings it may stand for, most likely first. */
type Rule = readonly [ending: string, nominatives: readonly string[]];

const MASC_ADJ = ['skiy', 'skyi', 'skii', 'ski', 'skoy'];
const FEM_ADJ = ['skaya', 'ska', 'skaia'];
const FEM = ['a', 'ya', 'ia'];

// Longest endings first; every rule whose ending the word has is tried, in this order.
const RULES: readonly Rule[] = [
  // adjectival surnames (Zelenskiy, Zelenskogo, Zelenskomu; Zelenskaya, Zelenskoy)
  ['skogo', MASC_ADJ],
  ['skoho', MASC_ADJ],
  ['skomu', MASC_ADJ],
  ['skoyu', FEM_ADJ],
  ['skoiu', FEM_ADJ],
  ['skuyu', FEM_ADJ],
  ['skoyi', FEM_ADJ],
  ['skim', MASC_ADJ],
  ['skym', MASC_ADJ],
  ['skom', MASC_ADJ],
  ['skoy', FEM_ADJ],
  ['skoi', FEM_ADJ],
  // surnames in -ov, -ev, -in (Ivanovym, Ivanovoy: Ivanov, Ivanova)
  ['ovoyu', ['ova']],
  ['ovoiu', ['ova']],
  ['inoyu', ['ina']],
  ['ovym', ['ov']],
  ['evym', ['ev']],
  ['inym', ['in']],
  ['ovoy', ['ova']],
  ['ovoi', ['ova']],
  ['inoy', ['ina']],
  ['inoi', ['ina']],
  // Ukrainian dative and locative of men's names (Shevchenkovi, Volodymyrovi, Serhiievi)
  ['ovi', ['', 'o']],
  ['evi', ['', 'y', 'i']],
  // instrumental of women's names and of a-stems (Kivoyu, Kivoy, Illeyu)
  ['oyu', FEM],
  ['oiu', FEM],
  ['eyu', FEM],
  ['eiu', FEM],
  ['oy', FEM],
  ['oi', FEM],
  ['ey', FEM],
  ['ei', FEM],
  // accusative and dative of soft stems (Illyu, Serhiyu)
  ['yu', ['ya', 'ia', 'y', 'i']],
  ['iu', ['ia', 'ya', 'i', 'y']],
  // instrumental of men's names (Vladimirom, Yushchenkom, Serhiyem, Sergeem, Putinym)
  ['om', ['', 'o']],
  ['em', ['', 'y', 'i']],
  ['ym', ['']],
  ['im', ['']],
  // genitive, dative, accusative, prepositional
  ['a', ['', 'o']],
  ['u', ['', 'o', 'a']],
  ['y', ['a']],
  ['i', ['a', 'ya', 'ia', '']],
  ['e', ['', 'a', 'ya']],
];

/** A declined word keeps at least this many letters of its stem. */
const MIN_STEM = 3;

/**
 * Lithuanian and Latvian give a foreign name their nominative ending (Vladimiras Putinas, Vladimirs Putins; the
 * patronymic Vladimirovičius, Vladimirovičs): a Latin name every strong word of which ends in s may be written so.
 */
export function balticCandidates(text: string): string[] {
  const out: string[] = [];
  for (const ending of ['ius', 'as', 'is', 'ys', 'us', 's'])
    if (text.length - ending.length >= MIN_STEM && text.endsWith(ending))
      out.push(text.slice(0, -ending.length));
  return out;
}

/** A folded word that may be a declined patronymic (Mykolaiovycha, Ivanovichem, Ivanivny): a cheap test first. */
export const DECLINED_PATRONYMIC = /[aeio]v(?:[iy]ch|n)(?:a|u|e|i|y|em|om|oi|oy|oyu|oiu|ou|ovi|evi)$/;

/** The nominatives a folded word may be declined from, most likely first (none for a word too short to decline). */
export function nominativeCandidates(text: string): string[] {
  const out: string[] = [];
  for (const [ending, nominatives] of RULES) {
    if (text.length - ending.length < MIN_STEM || !text.endsWith(ending)) continue;
    const stem = text.slice(0, text.length - ending.length);
    for (const n of nominatives) {
      const candidate = stem + n;
      if (candidate !== text && !out.includes(candidate)) out.push(candidate);
    }
  }
  return out;
}
