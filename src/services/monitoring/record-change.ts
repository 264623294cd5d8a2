// Says what changed between two published records of one listed entry, in a reviewer's words: "aliases added",
// "birth date changed", "addresses removed". Records differ in shape from list to list, so the field is named by
// the first key on its path that reads as a known field (birth, alias, address...), else by its top-level key.
import { stringify } from 'safe-stable-stringify';

type Verb = 'added' | 'removed' | 'changed';

/** Fields by what their key says, checked from the deepest key up. */
const FIELDS: ReadonlyArray<readonly [RegExp, string]> = [
  [/birth|dob/i, 'birth date'],
  [/alias|aka|also_known/i, 'aliases'],
  [/address/i, 'addresses'],
  [/nationalit|citizen/i, 'nationality'],
  [/program|regime|sanction|list_type/i, 'programs'],
  [/remark|comment|note/i, 'remarks'],
  [/passport|document|identif|id_number|ids$/i, 'identity documents'],
  [/delist/i, 'delisting'],
  [/^name$|name_parts|first_name|last_name|whole_name|full_name/i, 'name'],
];

const empty = (v: unknown) =>
  v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);

const canonical = (v: unknown) => stringify(v) ?? 'null';

function label(path: readonly string[]): string {
  for (let i = path.length - 1; i >= 0; i--)
    for (const [pattern, name] of FIELDS) if (pattern.test(path[i]!)) return name;
  return (path[0] ?? 'record').replace(/_/g, ' ');
}

function walk(a: unknown, b: unknown, path: string[], out: Map<string, Verb>): void {
  if (canonical(a) === canonical(b)) return;
  const note = (verb: Verb) => {
    const name = label(path);
    const had = out.get(name);
    out.set(name, had === undefined || had === verb ? verb : 'changed');
  };
  if (empty(a)) return note('added');
  if (empty(b)) return note('removed');
  if (Array.isArray(a) && Array.isArray(b)) {
    const before = new Set(a.map(canonical));
    const after = new Set(b.map(canonical));
    const added = [...after].some((x) => !before.has(x));
    const removed = [...before].some((x) => !after.has(x));
    return note(added && removed ? 'changed' : added ? 'added' : removed ? 'removed' : 'changed');
  }
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      walk(a[key], b[key], [...path, key], out);
    return;
  }
  note('changed');
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** "aliases added, birth date changed" (fields in the record's order); "record changed" when no field differs. */
export function describeRecordChange(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): string {
  const out = new Map<string, Verb>();
  walk(before, after, [], out);
  if (out.size === 0) return 'record changed';
  return [...out].map(([name, verb]) => `${name} ${verb}`).join(', ');
}

/** The reopen reason of a cleared alert whose listed record changed (without detail when the old one is gone). */
export function listingChangedReason(
  before: Readonly<Record<string, unknown>> | undefined,
  after: Readonly<Record<string, unknown>> | undefined,
): string {
  return before && after ? `listing changed: ${describeRecordChange(before, after)}` : 'listing changed';
}
