// Dates as the three enforcement publishers write them, to YYYY-MM-DD without a time-zone shift: RSS
// "Tue, 04 Mar 2025 12:00:00 -0500", CFTC "03/04/2025" (month first), MAS "04 Mar 2025", "March 4, 2025",
// ISO "2025-03-04T17:00:00Z".
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const iso = (y: number, m: number, d: number): string | null => {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1900 || y > 2200) return null;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCMonth() !== m - 1) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};
const month = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

/** The calendar date written in the text (as written, not converted to UTC), or null. */
export function publishedDate(text: string | null | undefined): string | null {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(t);
  if (m) return iso(+m[1]!, +m[2]!, +m[3]!);
  m = /\b(\d{1,2})\/(\d{1,2})\/(\d{4})\b/.exec(t);
  if (m) return iso(+m[3]!, +m[1]!, +m[2]!);
  m = /\b(\d{1,2})(?:st|nd|rd|th)? ([A-Za-z]{3,9})\.?,? (\d{4})\b/.exec(t);
  if (m && month(m[2]!) > 0) return iso(+m[3]!, month(m[2]!), +m[1]!);
  m = /\b([A-Za-z]{3,9})\.? (\d{1,2}),? (\d{4})\b/.exec(t);
  if (m && month(m[1]!) > 0) return iso(+m[3]!, month(m[1]!), +m[2]!);
  return null;
}
