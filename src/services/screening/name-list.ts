// Checks the names the screening endpoints take and splits the bulk endpoints' single comma-separated string.
import { badRequest } from '../../errors.js';

export const MAX_NAME_LENGTH = 512;

/** Why a name cannot be screened: it holds no letter or digit in any script (punctuation, emoji, controls, marks). */
export const NOTHING_TO_SCREEN = 'no letters or digits to screen';

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** Null when the name has a letter or digit to screen, else the reason it cannot be screened. */
export function unscreenable(name: string): string | null {
  return LETTER_OR_DIGIT.test(name.normalize('NFKC')) ? null : NOTHING_TO_SCREEN;
}

/** Checks a field's length: a string with a non-space character, at most MAX_NAME_LENGTH characters. */
export function checkLength(field: string, value: string): string {
  const name = value.trim();
  if (name === '') throw badRequest(`${field} must not be blank`);
  if (name.length > MAX_NAME_LENGTH)
    throw badRequest(
      `${field} is longer than ${MAX_NAME_LENGTH} characters (${name.length}); at most ${MAX_NAME_LENGTH}`,
    );
  return name;
}

/** Checks one name to screen: not blank, not too long, and holding a letter or digit (a clear answer needs one). */
export function checkName(field: string, value: string): string {
  const name = checkLength(field, value);
  const why = unscreenable(name);
  if (why) throw badRequest(`${field}: ${why}`);
  return name;
}

/**
 * The submitted names in order, blanks between commas dropped; 400 when none remain, too many, or one is too
 * long (counted from 1). A name with nothing to screen is kept: bulk reports it in that name's row instead.
 */
export function parseNameList(names: string, maxItems: number): string[] {
  const out = names
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (out.length === 0)
    throw badRequest('names must contain at least one name (names are separated by commas)');
  if (out.length > maxItems)
    throw badRequest(`names holds ${out.length} names; at most ${maxItems} per request`);
  out.forEach((n, i) => checkLength(`name ${i + 1}`, n));
  return out;
}
