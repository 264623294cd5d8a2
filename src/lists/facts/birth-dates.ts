// Dates of birth as the lists write them ("12 Jul 1986", "circa 1951", "1963 to 1965", "12/07/1986", "1986-07-12",
// "12.07.1986", "Jul 1986") turned into the one published-precision shape: `YYYY`, `YYYY-MM` or `YYYY-MM-DD`.

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
  janv: 1,
  fev: 2,
  fevr: 2,
  mars: 3,
  avr: 4,
  mai: 5,
  juin: 6,
  juil: 7,
  aout: 8,
  sept: 9,
  okt: 10,
  dez: 12,
  mrz: 3,
  maerz: 3,
  marz: 3,
};

/** A range of years published as "between 1960 and 1965" is kept as its years, up to this many. */
const MAX_RANGE_YEARS = 12;

const pad = (n: number) => String(n).padStart(2, '0');

function validYear(y: number): boolean {
  return y >= 1850 && y <= 2100;
}

function ymd(y: number, m: number | null, d: number | null): string | null {
  if (!validYear(y)) return null;
  if (m === null || m < 1 || m > 12) return String(y);
  if (d === null || d < 1 || d > 31) return `${y}-${pad(m)}`;
  return `${y}-${pad(m)}-${pad(d)}`;
}

function monthOf(word: string): number | null {
  const w = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\.$/, '');
  return MONTHS[w] ?? MONTHS[w.slice(0, 3)] ?? null;
}

/** One date as written, or null when it states no year. Day-first for `12/07/1986` (every list we carry writes so). */
function oneDate(text: string): string | null {
  const t = text.trim();
  // Placeholders for an unknown day or month ("dd/mm/1961", "00/00/1963", "00/07/1961").
  const t0 = t
    .replace(/^(?:dd|00)([./-])(?:mm|00)\1(\d{4})$/i, '$2')
    .replace(/^(?:dd|00)([./-])(\d{1,2}\1\d{4})$/i, '$2');
  if (t0 !== t) return oneDate(t0.replace(/[.-]/g, '/'));
  let m = /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (m) return ymd(+m[1]!, +m[2]!, +m[3]!);
  m = /^(\d{4})-(\d{1,2})(?:-(\d{1,2}))?(?:[T ].*)?$/.exec(t);
  if (m) return ymd(+m[1]!, +m[2]!, m[3] ? +m[3] : null);
  m = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/.exec(t);
  if (m) return +m[2]! > 12 ? ymd(+m[3]!, +m[1]!, +m[2]!) : ymd(+m[3]!, +m[2]!, +m[1]!);
  m = /^(\d{1,2})[./-](\d{4})$/.exec(t);
  if (m) return ymd(+m[2]!, +m[1]!, null);
  m = /^(\d{1,2})\s*([\p{L}.]+)\s*(\d{4})$/u.exec(t);
  if (m) return monthOf(m[2]!) === null ? null : ymd(+m[3]!, monthOf(m[2]!), +m[1]!);
  m = /^([\p{L}.]+)\s+(\d{1,2}),?\s+(\d{4})$/u.exec(t);
  if (m) return monthOf(m[1]!) === null ? null : ymd(+m[3]!, monthOf(m[1]!), +m[2]!);
  m = /^([\p{L}.]+)\s+(\d{4})$/u.exec(t);
  if (m) return monthOf(m[1]!) === null ? null : ymd(+m[2]!, monthOf(m[1]!), null);
  m = /^(\d{4})$/.exec(t);
  if (m) return ymd(+m[1]!, null, null);
  return null;
}

/**
 * Every date of birth in a published value: one date, several (`;`, `,` or " or " between them), an approximation
 * ("circa 1951", "approximately 1970": the year) or a range of years ("1963 to 1965", "between 1960 and 1965": each
 * year). Duplicates dropped; what is not a date is skipped.
 */
export function birthDatesIn(text: string | null | undefined): string[] {
  if (text === null || text === undefined) return [];
  const out: string[] = [];
  const add = (d: string | null) => {
    if (d !== null && !out.includes(d)) out.push(d);
  };
  const cleaned = text.replace(/\b(circa|ca\.?|approximately|approx\.?|about|c\.)\s*/gi, '').trim();
  for (const part of cleaned.split(/;|\s+or\s+|,(?!\s*\d{4}\b)/i)) {
    const p = part.trim();
    if (p === '') continue;
    const range = /^(?:between\s+)?(\d{4})\s*(?:to|and|-|–)\s*(\d{4})$/i.exec(p);
    if (range) {
      const [a, b] = [+range[1]!, +range[2]!];
      if (validYear(a) && validYear(b) && b >= a && b - a <= MAX_RANGE_YEARS)
        for (let y = a; y <= b; y++) add(String(y));
      continue;
    }
    add(oneDate(p));
  }
  return out;
}
