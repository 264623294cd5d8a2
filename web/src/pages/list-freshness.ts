// How fresh a list is, in words that keep two things apart: when we last refreshed it (our download worked) and
// how old the data is (the date the publisher put on it). "Refreshed 2 h ago; data dated 2026-02-27" can both
// be true of a list whose publisher has not changed it for nine months.
import type { ListView } from '../api/api-types.ts';
import { formatAge } from '../format.ts';

const DAY_MS = 24 * 3600_000;

/** A span of time in round words: "40 min", "5 h", "3 days". */
export function formatSpan(ms: number): string {
  const min = Math.max(1, Math.round(ms / 60_000));
  if (min < 60) return `${min} min`;
  const h = Math.round(min / 60);
  if (h < 48) return `${h} h`;
  const days = Math.round(h / 24);
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

/** How old a publisher's date (YYYY-MM-DD) is: "today", "12 days old", "9 months old"; null when unreadable. */
export function dataAge(date: string, now: number): string | null {
  const at = Date.parse(date.length === 10 ? `${date}T00:00:00Z` : date);
  if (Number.isNaN(at)) return null;
  const days = Math.floor((now - at) / DAY_MS);
  if (days < 1) return 'today';
  if (days < 61) return `${days} ${days === 1 ? 'day' : 'days'} old`;
  if (days < 730) return `${Math.round(days / 30.44)} months old`;
  return `${Math.floor(days / 365.25)} years old`;
}

/** A publisher's date with its age: "dated 2026-02-27 (9 months old)". */
function dated(date: string, now: number): string {
  const age = dataAge(date, now);
  return `dated ${date}${age ? ` (${age})` : ''}`;
}

/** The data date in words: "data dated 2026-02-27 (9 months old)", or that the publisher gives none. */
export function dataDateWords(l: Pick<ListView, 'data_date'>, now: number): string {
  return l.data_date ? `data ${dated(l.data_date, now)}` : 'the publisher gives no data date';
}

/** Both sides of one list's freshness, as a sentence. */
export function listFreshness(l: ListView, now: number): string {
  if (l.last_success_at === null) return 'Never loaded';
  const refreshed =
    l.status === 'stale'
      ? `Last good refresh ${formatAge(l.last_success_at, now)}`
      : `Refreshed ${formatAge(l.last_success_at, now)}`;
  return `${refreshed}; ${dataDateWords(l, now)}`;
}

/** The catalog's summary: how long ago the least recent good refresh was, and the oldest data date with its list. */
export function catalogFreshness(lists: readonly ListView[], now: number): string {
  const refreshed = lists.flatMap((l) => (l.last_success_at ? [Date.parse(l.last_success_at)] : []));
  const parts: string[] = [];
  if (refreshed.length > 0) parts.push(`refreshed in the last ${formatSpan(now - Math.min(...refreshed))}`);
  const byDate = lists.filter((l) => l.data_date).sort((a, b) => a.data_date!.localeCompare(b.data_date!));
  const oldest = byDate[0];
  if (oldest) parts.push(`oldest data: ${oldest.title}, ${dated(oldest.data_date!, now)}`);
  else if (lists.length > 0) parts.push('no publisher gives a data date');
  return parts.join('; ');
}
