// Reads the wallet endpoints' input: one address, or the bulk endpoint's comma- or newline-separated string.
// Whether each string can be an address is the format check's question (wallets/address-formats), asked
// after the lookup so that a listed address is never hidden behind a format problem.
import { badRequest } from '../../errors.js';

/** One address as sent, trimmed at the ends; 400 when blank. */
export function requireAddress(field: string, value: string): string {
  const a = value.trim();
  if (a === '') throw badRequest(`${field} must not be blank`);
  return a;
}

/** Addresses in submitted order, trimmed, with duplicates removed (first occurrence kept) and blanks dropped. */
export function parseAddressList(addresses: string, maxItems: number): string[] {
  const parts = addresses
    .split(/[,\r\n]+/)
    .map((a) => a.trim())
    .filter((a) => a !== '');
  if (parts.length === 0)
    throw badRequest('addresses must contain at least one address (separate them by commas or newlines)');
  if (parts.length > maxItems)
    throw badRequest(`addresses holds ${parts.length} addresses; at most ${maxItems} per request`);
  return [...new Set(parts)];
}
