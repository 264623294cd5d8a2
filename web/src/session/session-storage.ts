// Where the bearer token lives between page loads. localStorage so an analyst's tabs share one session for the
// working day; the token is dropped as soon as it expires or the server refuses it.
import type { Session } from '../api/api-types.ts';

const KEY = 'screening.session';

export interface StoredSession extends Session {
  readonly email: string;
}

export function loadSession(now = Date.now()): StoredSession | null {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as StoredSession;
    if (typeof s.token !== 'string' || Date.parse(s.expires_at) <= now) {
      window.localStorage.removeItem(KEY);
      return null;
    }
    return s;
  } catch {
    return null;
  }
}

export function saveSession(s: StoredSession): void {
  window.localStorage.setItem(KEY, JSON.stringify(s));
}

export function clearSession(): void {
  window.localStorage.removeItem(KEY);
}
