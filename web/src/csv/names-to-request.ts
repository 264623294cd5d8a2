// Bulk search takes ONE comma-separated string and splits it on commas. The form takes one name per line, so
// on several lines a name that itself holds a comma ("DOE, John") would become two names: it is sent as
// "John DOE" (the matcher largely ignores token order) and the change is reported, never done silently.
// A single line is split on commas, exactly as the API would ("Alice, Bob" pasted from an email).
import type { BulkSearchRequest, BulkSearchType } from '../api/api-types.ts';
import type { QualifierFields } from '../pages/qualifier-fields.ts';
export interface PreparedNames {
  readonly names: string[];
  readonly rewritten: { readonly from: string; readonly to: string }[];
}

export function prepareNames(text: string): PreparedNames {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  if (lines.length === 1)
    return {
      names: lines[0]!
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
      rewritten: [],
    };
  const names: string[] = [];
  const rewritten: { from: string; to: string }[] = [];
  for (const raw of lines) {
    if (!raw.includes(',')) {
      names.push(raw);
      continue;
    }
    const parts = raw
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean);
    const to = parts.length === 2 ? `${parts[1]} ${parts[0]}` : parts.join(' ');
    if (!to) continue;
    names.push(to);
    rewritten.push({ from: raw, to });
  }
  return { names, rewritten };
}

/** The API's limits on a names screening (README: at most 10,000 names, each at most 512 characters). */
export const MAX_NAMES = 10_000;
export const MAX_NAME_CHARS = 512;

const preview = (name: string) => (name.length > 40 ? `${name.slice(0, 40)}…` : name);

/**
 * What is wrong with these names before they are sent, in the API's words (names counted from 1, as the form and
 * the CSV list them, the limit stated), or null when they can be screened.
 */
export function checkNames(names: readonly string[]): string | null {
  if (names.length > MAX_NAMES)
    return `There are ${names.length.toLocaleString('en')} names; at most ${MAX_NAMES.toLocaleString('en')} can be screened at once. Split the list and screen it in parts.`;
  const tooLong = names.flatMap((n, i) => (n.length > MAX_NAME_CHARS ? [i] : []));
  const first = tooLong[0];
  if (first === undefined) return null;
  const name = names[first]!;
  const others = tooLong.length - 1;
  return (
    `Name ${first + 1} (“${preview(name)}”) is longer than ${MAX_NAME_CHARS} characters (${name.length}); at most ${MAX_NAME_CHARS}.` +
    (others > 0 ? ` ${others} more ${others === 1 ? 'name is' : 'names are'} too long as well.` : '')
  );
}

/** What the names form sends besides the names themselves. */
export interface NamesOptions {
  readonly searchType: BulkSearchType;
  readonly explain: boolean;
  /** The analyst's case or customer id, stored with the usage record when given. */
  readonly reference: string;
  /** Qualifiers applied to every name (sent as `records`, each name with them); null or absent: none. */
  readonly qualifiers?: QualifierFields | null;
  /** Each name's own qualifiers (a CSV's columns), by position; a field given here wins over `qualifiers`. */
  readonly perName?: readonly (QualifierFields | null)[] | null;
}

/**
 * The body of POST /api/v2/bulk-search for prepared names: the spec's comma-separated `names`, or with qualifiers
 * our extension's `records` (each name with the form's birth_date, country and entity_type, and its own from a CSV
 * where given; the rows come back alike).
 */
export function bulkSearchBody(names: readonly string[], options: NamesOptions): BulkSearchRequest {
  const { qualifiers, perName } = options;
  const body: BulkSearchRequest =
    qualifiers || perName?.some((q) => q !== null)
      ? { records: names.map((name, i) => ({ name, ...qualifiers, ...perName?.[i] })) }
      : { names: names.join(', ') };
  body.search_type = options.searchType;
  body.explain = options.explain;
  const reference = options.reference.trim();
  if (reference) body.additional_call_info = { reference };
  return body;
}
