// Validates wallet addresses and splits the bulk endpoint's comma- or newline-separated string.
import { badRequest } from '../../errors.js';

export const MAX_ADDRESS_LENGTH = 128;

/** One address as sent, trimmed at the ends; 400 when blank, too long, or with whitespace inside. */
export function checkAddress(field: string, value: string): string {
  const a = value.trim();
  if (a === '') throw badRequest(`${field} must not be blank`);
  if (a.length > MAX_ADDRESS_LENGTH)
    throw badRequest(`${field} must be at most ${MAX_ADDRESS_LENGTH} characters`);
  if (/\s/.test(a)) throw badRequest(`${field} must not contain whitespace inside the address`);
  return a;
}

/** Addresses in submitted order with duplicates removed (first occurrence kept) and blanks dropped. */
export function parseAddressList(addresses: string, maxItems: number): string[] {
  const parts = addresses
    .split(/[,\r\n]+/)
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (parts.length === 0)
    throw badRequest('addresses must contain at least one address (separate them by commas or newlines)');
  if (parts.length > maxItems)
    throw badRequest(`addresses holds ${parts.length} addresses; at most ${maxItems} per request`);
  const seen = new Set<string>();
  const out: string[] = [];
  parts.forEach((a, i) => {
    checkAddress(`addresses[${i}]`, a);
    if (!seen.has(a)) {
      seen.add(a);
      out.push(a);
    }
  });
  return out;
}
