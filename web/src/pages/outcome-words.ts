// A usage record's outcome in words and a badge tone: "2 matches" (a hit, red), "Clear" (green), "1 invalid" or
// "Error 503 · unavailable" (amber: not screened, never a hit's colour), each in the screened thing's own nouns.
// Records written before outcomes were kept fall back to their HTTP status.
import type { UsageRecord } from '../api/api-types.ts';
import { screenedThing, type ScreenedThing } from './endpoint-labels.ts';

/** The badge class: `hit` only for something found on a list or in the news. */
export type OutcomeTone = 'hit' | 'ok' | 'error' | 'neutral';

export interface OutcomeWords {
  readonly label: string;
  readonly tone: OutcomeTone;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const STATUS_WORDS: Readonly<Record<number, string>> = {
  400: 'request refused',
  401: 'not signed in',
  403: 'not allowed',
  404: 'not found',
  413: 'request too large',
  415: 'not JSON',
  429: 'too many requests',
  500: 'server error',
  502: 'provider error',
  503: 'unavailable',
  504: 'timed out',
};

const errorWords = (status: number): OutcomeWords => ({
  label: `Error ${status}${STATUS_WORDS[status] ? ` · ${STATUS_WORDS[status]}` : ''}`,
  tone: 'error',
});

const FOUND: Record<ScreenedThing, (n: number) => string> = {
  names: (n) => plural(n, 'match', 'matches'),
  wallets: (n) => `${n} listed`,
  'adverse-media': (n) => plural(n, 'implicating article', 'implicating articles'),
  'adverse-media-raw': (n) => plural(n, 'article', 'articles'),
};

const NOT_SCREENED: Record<ScreenedThing, (n: number) => string> = {
  names: (n) => `${plural(n, 'name', 'names')} not screened`,
  wallets: (n) => `${n} invalid`,
  'adverse-media': (n) => `${n} not screened`,
  'adverse-media-raw': (n) => `${n} not screened`,
};

const CLEAR: Record<ScreenedThing, string> = {
  names: 'Clear',
  wallets: 'Clear',
  'adverse-media': 'No adverse media',
  'adverse-media-raw': 'Clear',
};

export function outcomeWords(r: Pick<UsageRecord, 'endpoint' | 'status' | 'outcome'>): OutcomeWords {
  if (r.status >= 400) return errorWords(r.status);
  const thing = screenedThing(r.endpoint);
  const o = r.outcome;
  if (!thing || !o) return { label: `HTTP ${r.status}`, tone: 'neutral' };
  const n = o.count ?? 0;
  switch (o.kind) {
    case 'matches':
      return { label: o.count === null ? 'Found' : FOUND[thing](n), tone: 'hit' };
    case 'clear':
      return { label: CLEAR[thing], tone: 'ok' };
    case 'not_screened':
      return { label: NOT_SCREENED[thing](n), tone: 'error' };
    case 'unassessed':
      return {
        label: `${o.count === null ? 'Articles' : plural(n, 'article', 'articles')}, not assessed`,
        tone: 'neutral',
      };
    case 'error':
      return errorWords(r.status);
  }
}

/** The screened name or address, and how many more were sent with it. */
export function subjectWords(subject: UsageRecord['subject']): { text: string; more: string | null } | null {
  if (!subject) return null;
  const more = subject.count - 1;
  return { text: subject.text, more: more > 0 ? `and ${more.toLocaleString('en')} more` : null };
}
