// What a screening call found, read from the whole response when its usage record is built, so the history can
// say "3 matches" or "clear" even where the stored body is cut to its head. A failed call is an error whatever its
// body; a name or address that could not be screened is never counted clear.
import type { UsageOutcome } from '../../domain/usage.js';
import { isScreeningEndpoint, type ScreeningEndpoint } from './screening-endpoints.js';

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null;
const arr = (v: unknown): unknown[] | null => (Array.isArray(v) ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Found, else not screened, else clear: what a batch amounts to. */
function tally(found: number, notScreened: number, clear: number): UsageOutcome {
  if (found > 0) return { kind: 'matches', count: found };
  if (notScreened > 0) return { kind: 'not_screened', count: notScreened };
  return { kind: 'clear', count: clear };
}

/** v2 and v1 single-name search: the matches returned. */
function single(r: Json): UsageOutcome | null {
  const results = arr(r['search results']);
  return results ? tally(results.length, 0, 1) : null;
}

/** v2 bulk: one summary row per name (`error` when not screened), match rows after it. */
function bulkRows(r: Json): UsageOutcome | null {
  const rows = arr(r.results);
  if (!rows) return null;
  let found = 0;
  let notScreened = 0;
  let clear = 0;
  for (const row of rows.map(obj)) {
    if (row?.row_type !== 'summary') continue;
    const total = num(row.total_matches) ?? 0;
    if (typeof row.error === 'string') notScreened++;
    else if (total > 0) found += total;
    else clear++;
  }
  return tally(found, notScreened, clear);
}

/** v1 bulk: one item per name with its results (`error` when not screened). */
function v1Bulk(r: Json): UsageOutcome | null {
  const items = arr(r['search results']);
  if (!items) return null;
  let found = 0;
  let notScreened = 0;
  let clear = 0;
  for (const item of items.map(obj)) {
    const results = arr(item?.['search results'])?.length ?? 0;
    if (typeof item?.error === 'string') notScreened++;
    else if (results > 0) found += results;
    else clear++;
  }
  return tally(found, notScreened, clear);
}

/** A wallet result: listed, invalid (`info` set on an unlisted address) or clear. */
const walletTally = (results: readonly unknown[]) => {
  let listed = 0;
  let invalid = 0;
  let clear = 0;
  for (const w of results.map(obj)) {
    if (w?.listed === true) listed++;
    else if (w?.info !== null && w?.info !== undefined) invalid++;
    else clear++;
  }
  return tally(listed, invalid, clear);
};

function wallet(r: Json): UsageOutcome | null {
  const result = obj(r['wallet screening result']);
  return result ? walletTally([result]) : null;
}

/** Bulk wallets: the summary's counts (distinct addresses), else the results themselves. */
function bulkWallet(r: Json): UsageOutcome | null {
  const s = obj(r.summary);
  const [listed, invalid, clear] = [num(s?.listed), num(s?.invalid), num(s?.clear)];
  if (listed !== null && clear !== null) return tally(listed, invalid ?? 0, clear);
  const results = arr(r.results);
  return results ? walletTally(results) : null;
}

/** Scored adverse media: a band above none is a finding; `unknown` means no article could be judged. */
function adverseMedia(r: Json): UsageOutcome | null {
  const risk = obj(r.risk);
  const returned = num(obj(r.summary)?.returned);
  if (!risk || typeof risk.band !== 'string') return null;
  if (risk.band === 'none') return { kind: 'clear', count: returned };
  if (risk.band === 'unknown') return { kind: 'unassessed', count: returned };
  return { kind: 'matches', count: num(risk.implicating_articles) };
}

/** Raw adverse media returns articles without judging them. */
function adverseMediaRaw(r: Json): UsageOutcome | null {
  const returned = num(obj(r.summary)?.returned) ?? arr(r['adverse media results'])?.length;
  return returned === undefined ? null : { kind: 'unassessed', count: returned };
}

const READERS: Record<ScreeningEndpoint, (response: Json) => UsageOutcome | null> = {
  '/api/v2/search': single,
  '/api/v1/search': single,
  '/api/v2/bulk-search': bulkRows,
  '/api/v1/bulk-search': v1Bulk,
  '/api/v2/wallet-search': wallet,
  '/api/v2/bulk-wallet-search': bulkWallet,
  '/api/v2/adverse-media-search': adverseMedia,
  '/api/v2/adverse-media-search-raw': adverseMediaRaw,
};

/**
 * The outcome of a call to `endpoint` that answered `status` with `response` (the JSON text sent); null for
 * endpoints that screen nothing and for a success whose body cannot be read. `value`, when given, is the object
 * the text was serialised from, read instead of parsing the text again (up to 50 matches per name, or a whole
 * bulk, per call).
 */
export function usageOutcome(
  endpoint: string,
  status: number,
  response: string | null,
  value?: unknown,
): UsageOutcome | null {
  if (!isScreeningEndpoint(endpoint)) return null;
  if (status >= 400) return { kind: 'error', count: null };
  let parsed: unknown = value;
  if (obj(parsed) === null) {
    if (response === null) return null;
    try {
      parsed = JSON.parse(response);
    } catch {
      return null;
    }
  }
  const r = obj(parsed);
  return r ? READERS[endpoint](r) : null;
}
