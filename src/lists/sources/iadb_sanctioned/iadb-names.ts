// IDB titles carry other names inline: `Bamidele Obiniyi (also known as Bamidele Abayomi)`, `Elmcrest Group
// Limited, Formerly known as Landmarc Limited`, `Ecograph LLC (a.k.a. Ecography Company) (Ecograph)`, and a
// quoted short name in brackets: `“Timir” LLP (“Timir”)`, `Computech Business Services Limited (“Computech”)`.

/** Another name of a listed party and how the title (or the Other Name column) gives it. */
export interface IadbOtherName {
  readonly name: string;
  readonly relation: 'a.k.a.' | 'f.k.a.' | 'd.b.a.' | 'short name' | 'other name';
}

const MARKERS: ReadonlyArray<[RegExp, IadbOtherName['relation']]> = [
  [/also known as|a\.k\.a\.?|\baka\b/i, 'a.k.a.'],
  [/formerly known as|previously known as|formerly operating as:?|f\/k\/a|\bformerly\b/i, 'f.k.a.'],
  [/(?:also |currently )?doing business as|d\/b\/a/i, 'd.b.a.'],
];
const ANY_MARKER = new RegExp(`[\\s,(]*\\b(${MARKERS.map(([re]) => re.source).join('|')})\\s*:?\\s*`, 'i');

const count = (s: string, ch: string) => s.split(ch).length - 1;

/** Personal titles before individuals' names (`Mr. Oyo Sunaryo`). */
const TITLE = /^(?:mr|mrs|ms|miss|dr)\.?\s+/i;

/** Collapses spaces, drops a personal title, separators, wrapping quotes and unbalanced brackets at the ends. */
export function tidyName(s: string): string {
  let t = s
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;]+|[\s,;]+$/g, '')
    .replace(TITLE, '');
  for (;;) {
    const o = count(t, '(');
    const c = count(t, ')');
    if (o > c && t.endsWith('(')) t = t.slice(0, -1);
    else if (o > c && t.startsWith('(')) t = t.slice(1);
    else if (c > o && t.endsWith(')')) t = t.slice(0, -1);
    else if (o === 1 && c === 1 && t.startsWith('(') && t.endsWith(')')) t = t.slice(1, -1);
    else break;
    t = t.replace(/^[\s,;]+|[\s,;]+$/g, '');
  }
  return t.replace(/^['"“”]([^'"“”]+)['"“”]$/, '$1');
}

const relationOf = (marker: string): IadbOtherName['relation'] =>
  MARKERS.find(([re]) => re.test(marker))?.[1] ?? 'a.k.a.';

/** A quoted short name in trailing brackets: `(“Timir”)`, `("CENEDI")`. */
const SHORT_NAME = /\(\s*[“"”]([^“"”()]+)[”"“]\s*\)\s*$/;

/** Splits a title into the party's name and its other names. */
export function splitIadbTitle(title: string): { name: string; others: IadbOtherName[] } {
  const others: IadbOtherName[] = [];
  let rest = title;
  const short = SHORT_NAME.exec(rest);
  if (short) {
    others.push({ name: tidyName(short[1]!), relation: 'short name' });
    rest = rest.slice(0, short.index);
  }
  const first = ANY_MARKER.exec(rest);
  if (!first) return { name: tidyName(rest), others };
  const name = tidyName(rest.slice(0, first.index));
  let relation = relationOf(first[1]!);
  rest = rest.slice(first.index + first[0].length);
  const marked: IadbOtherName[] = [];
  for (;;) {
    const m = ANY_MARKER.exec(rest);
    // A trailing bracket after an alias (`(a.k.a. Ecography Company) (Ecograph)`) is another short form.
    const part = m ? rest.slice(0, m.index) : rest;
    const [alias, ...tail] = part.split(/\)\s*\(/);
    if (tidyName(alias ?? '')) marked.push({ name: tidyName(alias!), relation });
    for (const t of tail) if (tidyName(t)) marked.push({ name: tidyName(t), relation: 'short name' });
    if (!m) break;
    relation = relationOf(m[1]!);
    rest = rest.slice(m.index + m[0].length);
  }
  return { name: name || (marked.shift()?.name ?? tidyName(title)), others: [...marked, ...others] };
}
