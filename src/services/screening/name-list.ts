// Splits the bulk endpoints' single comma-separated `names` string and enforces the documented limits.
import { badRequest } from '../../errors.js';

export const MAX_NAME_LENGTH = 512;

/** Checks one name: a string with a non-space character, at most MAX_NAME_LENGTH characters. */
export function checkName(field: string, value: string): string {
  const name = value.trim();
  if (name === '') throw badRequest(`${field} must not be blank`);
  if (name.length > MAX_NAME_LENGTH)
    throw badRequest(`${field} must be at most ${MAX_NAME_LENGTH} characters`);
  return name;
}

/** The submitted names in order, blanks between commas dropped; 400 when none remain or too many. */
export function parseNameList(names: string, maxItems: number): string[] {
  const out = names
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (out.length === 0)
    throw badRequest('names must contain at least one name (names are separated by commas)');
  if (out.length > maxItems)
    throw badRequest(`names holds ${out.length} names; at most ${maxItems} per request`);
  out.forEach((n, i) => checkName(`names[${i}]`, n));
  return out;
}
