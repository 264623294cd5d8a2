// EBRD names carry other names and qualifications inline: `Gesaworld S.A. also known as Gesaworld Group S.A.`,
// `Development and Relief Corporation International B.V. (also known as DRC International b.v.; also d.b.a. DRC
// Medical)`, `Laxminarayan Mallick, also doing business under Laxmi Narayan Construction or Laxminarayan
// Construction`, `Mr. Farkhad … Amraev and any entity controlled directly or indirectly by …`.

const MARKERS: ReadonlyArray<[string, 'a.k.a.' | 'f.k.a.' | 'd.b.a.']> = [
  ['may also be doing business as', 'd.b.a.'],
  ['also doing business under', 'd.b.a.'],
  ['also doing business as', 'd.b.a.'],
  ['doing business as', 'd.b.a.'],
  ['also d\\.b\\.a\\.?', 'd.b.a.'],
  ['d/b/a', 'd.b.a.'],
  ['also known as', 'a.k.a.'],
  ['a\\.k\\.a\\.?', 'a.k.a.'],
  ['formerly operating as:?', 'f.k.a.'],
  ['formerly known as', 'f.k.a.'],
  ['previously known as', 'f.k.a.'],
  ['f/k/a', 'f.k.a.'],
  ['formerly', 'f.k.a.'],
];
const MARKER = new RegExp(`[\\s,;(]*\\b(${MARKERS.map(([m]) => m).join('|')})(?=[\\s:]|$)\\s*:?\\s*`, 'i');
const relationOf = (m: string) =>
  MARKERS.find(([re]) => new RegExp(`^${re}$`, 'i').test(m.trim()))?.[1] ?? 'a.k.a.';

/** Personal titles before individuals' names (`Mr. Bamidele Obiniyi`, `Mr Bamidele`, `Ms. Lloly`). */
export const TITLE = /^(?:mr|mrs|ms|miss|dr)\.?\s+/i;
/** A scope qualification after a name: `… and any entity controlled directly or indirectly by …`. */
const QUALIFICATION = /\s+and any (?:entity|entities|company|companies)\b.*$/is;

const count = (s: string, ch: string) => s.split(ch).length - 1;

/** Collapses spaces, drops a title, trailing separators and brackets left unbalanced by a split. */
export function tidyEbrdName(s: string): string {
  let t = s.replace(/\s+/g, ' ').replace(/^[\s,;]+|[\s,;]+$/g, '');
  for (;;) {
    const o = count(t, '(');
    const c = count(t, ')');
    if (o > c && t.endsWith('(')) t = t.slice(0, -1);
    else if (o > c && t.startsWith('(')) t = t.slice(1);
    else if (c > o && t.endsWith(')')) t = t.slice(0, -1);
    else break;
    t = t.replace(/^[\s,;]+|[\s,;]+$/g, '');
  }
  return t.replace(TITLE, '');
}

/** A name, its other names (with how they were introduced) and whether it had a personal title. */
export interface EbrdName {
  readonly name: string;
  readonly others: ReadonlyArray<{ name: string; relation: 'a.k.a.' | 'f.k.a.' | 'd.b.a.' }>;
  readonly titled: boolean;
}

export function splitEbrdName(raw: string): EbrdName {
  const text = raw.replace(/\s+/g, ' ').trim().replace(QUALIFICATION, '');
  const first = MARKER.exec(text);
  const head = first ? text.slice(0, first.index) : text;
  const others: Array<{ name: string; relation: 'a.k.a.' | 'f.k.a.' | 'd.b.a.' }> = [];
  if (first) {
    let relation = relationOf(first[1]!);
    let rest = text.slice(first.index + first[0].length);
    for (;;) {
      const m = MARKER.exec(rest);
      const part = m ? rest.slice(0, m.index) : rest;
      // "under A or B": alternatives of one d.b.a.
      for (const alt of relation === 'd.b.a.' ? part.split(/\s+or\s+/) : [part]) {
        const name = tidyEbrdName(alt);
        if (name && !others.some((o) => o.name === name)) others.push({ name, relation });
      }
      if (!m) break;
      relation = relationOf(m[1]!);
      rest = rest.slice(m.index + m[0].length);
    }
  }
  return { name: tidyEbrdName(head) || tidyEbrdName(text), others, titled: TITLE.test(text) };
}
