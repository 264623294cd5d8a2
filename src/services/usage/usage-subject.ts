// What a screening call screened, read from its request body when the usage record is built: the first name or
// address sent and how many were sent (split the way the endpoint splits them), for the history to show.
import type { UsageSubject } from '../../domain/usage.js';
import { isScreeningEndpoint, type ScreeningEndpoint } from './screening-endpoints.js';

/** Characters of the subject kept: a name is at most 512, so only an over-long (refused) one is cut. */
export const SUBJECT_MAX_CHARS = 512;

const field = (body: unknown, name: string): string | null => {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return null;
  const v = (body as Record<string, unknown>)[name];
  return typeof v === 'string' ? v : null;
};

const one = (text: string | null): UsageSubject | null => {
  const t = text?.trim();
  return t ? { text: t.slice(0, SUBJECT_MAX_CHARS), count: 1 } : null;
};

const many = (items: readonly string[]): UsageSubject | null =>
  items.length === 0 ? null : { text: items[0]!.slice(0, SUBJECT_MAX_CHARS), count: items.length };

// Bulk names are one comma-separated string, blanks between commas dropped (services/screening/name-list.ts), or
// (v2, our extension) `records`, each with its own name.
const names = (body: unknown) =>
  many(
    recordNames(body) ??
      (field(body, 'names') ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
  );

const recordNames = (body: unknown): string[] | null => {
  const records =
    body !== null && typeof body === 'object' ? (body as Record<string, unknown>)['records'] : null;
  if (!Array.isArray(records)) return null;
  return records.map((r) => field(r, 'name')?.trim() ?? '').filter(Boolean);
};

// Bulk addresses are split on commas and newlines, duplicates screened once (services/wallets/address-list.ts).
const addresses = (body: unknown) =>
  many([
    ...new Set(
      (field(body, 'addresses') ?? '')
        .split(/[,\r\n]+/)
        .map((a) => a.trim())
        .filter(Boolean),
    ),
  ]);

const READERS: Record<ScreeningEndpoint, (body: unknown) => UsageSubject | null> = {
  '/api/v2/search': (b) => one(field(b, 'prompt')),
  '/api/v1/search': (b) => one(field(b, 'prompt')),
  '/api/v2/bulk-search': names,
  '/api/v1/bulk-search': names,
  '/api/v2/wallet-search': (b) => one(field(b, 'address')),
  '/api/v2/bulk-wallet-search': addresses,
  '/api/v2/adverse-media-search': (b) => one(field(b, 'name')),
  '/api/v2/adverse-media-search-raw': (b) => one(field(b, 'name')),
};

/** The subject of a call to `endpoint` with this request body; null for other endpoints or a body naming nothing. */
export function usageSubject(endpoint: string, body: unknown): UsageSubject | null {
  return isScreeningEndpoint(endpoint) ? READERS[endpoint](body) : null;
}
