// One HTTP call to a search provider, with the timeout and the status -> typed error table every adapter shares.
import { SearchUnavailableError, type UpstreamFailure } from '../../errors.js';

/** How one provider's HTTP statuses read, beyond the common table (e.g. Tavily's 432/433 quota codes). */
export interface StatusTable {
  readonly busy?: readonly number[];
}

export interface ProviderCall {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: unknown;
  readonly timeoutMs: number;
  readonly statuses?: StatusTable;
}

// Messages reach callers and logs: they say what happened, never which provider or which address.
const MESSAGES: Readonly<Record<UpstreamFailure, string>> = {
  upstream_unreachable:
    'adverse media search failed: the search service could not be reached or gave an unusable answer; nothing was screened, retry later',
  upstream_busy: 'adverse media search is busy or rate-limited; nothing was screened, retry later',
  upstream_timeout: 'adverse media search timed out; nothing was screened, retry later',
};

export const searchUnavailable = (code: UpstreamFailure): SearchUnavailableError =>
  new SearchUnavailableError(code, MESSAGES[code]);

/** The failure a provider status means: 429/503 (and listed quota codes) busy, 504 timeout, anything else unreachable. */
export function failureForStatus(status: number, table: StatusTable = {}): UpstreamFailure {
  if (status === 429 || status === 503 || table.busy?.includes(status)) return 'upstream_busy';
  if (status === 504 || status === 408) return 'upstream_timeout';
  // 400/401/403 mean our request or key was refused, 5xx that the provider failed: either way a bad gateway.
  return 'upstream_unreachable';
}

/** Sends the call and returns the parsed JSON body of a 2xx answer; throws SearchUnavailableError otherwise. */
export async function fetchProviderJson(call: ProviderCall): Promise<unknown> {
  const signal = AbortSignal.timeout(call.timeoutMs);
  let res: Response;
  try {
    res = await fetch(call.url, {
      method: call.method,
      headers: { accept: 'application/json', ...call.headers },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal,
    });
  } catch {
    throw searchUnavailable(signal.aborted ? 'upstream_timeout' : 'upstream_unreachable');
  }
  try {
    if (!res.ok) {
      // Drain the body so the connection can be reused.
      await res.arrayBuffer().catch(() => undefined);
      throw searchUnavailable(failureForStatus(res.status, call.statuses));
    }
    return await res.json();
  } catch (err) {
    if (err instanceof SearchUnavailableError) throw err;
    throw searchUnavailable(signal.aborted ? 'upstream_timeout' : 'upstream_unreachable');
  }
}

/** A string field of an untrusted object, or null. */
export function str(o: Record<string, unknown>, key: string): string | null {
  const v = o[key];
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

/** The array at `key` of a provider's answer; anything else is an unusable answer (502). */
export function resultArray(body: unknown, ...path: string[]): Record<string, unknown>[] {
  let v: unknown = body;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined;
  if (!Array.isArray(v)) throw searchUnavailable('upstream_unreachable');
  return v.filter((x): x is Record<string, unknown> => x !== null && typeof x === 'object');
}

/** A provider date (ISO, RFC 2822, date-only) as YYYY-MM-DD, or null when unparseable. */
export function isoDay(raw: string | null): string | null {
  if (!raw) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(raw);
  if (m) return m[1]!;
  const t = Date.parse(raw);
  return Number.isNaN(t) ? null : new Date(t).toISOString().slice(0, 10);
}

/** A relevance in [0, 1], or null. */
export function fraction(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? Math.max(0, Math.min(1, v)) : null;
}

/** Joins a base address and a path without doubling or losing slashes. */
export function endpoint(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
