// Each letter's neighbours on a QWERTY keyboard: the letter a typo most often puts in another's place. The engine
// reads a short legal form through such a typo (weak-word-typo.ts); the effectiveness report and the matching bench
// make their typos with them.

/** Each lower-case letter's neighbours on a QWERTY keyboard. */
export const KEYBOARD: Readonly<Record<string, string>> = {
  q: 'wa',
  w: 'qes',
  e: 'wrd',
  r: 'etf',
  t: 'ryg',
  y: 'tuh',
  u: 'yij',
  i: 'uok',
  o: 'ipl',
  p: 'ol',
  a: 'qsz',
  s: 'adw',
  d: 'sfe',
  f: 'dgr',
  g: 'fht',
  h: 'gjy',
  j: 'hku',
  k: 'jli',
  l: 'ko',
  z: 'xa',
  x: 'zc',
  c: 'xv',
  v: 'cb',
  b: 'vn',
  n: 'bm',
  m: 'n',
};
