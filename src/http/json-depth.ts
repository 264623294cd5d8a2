// Nesting depth of a JSON text, measured without parsing it: a deeply nested body is refused before any
// recursive code (the parser, the validator, the usage record's serialiser) can overflow the stack.

/** The deepest JSON the API accepts; documented in the README's limits. */
export const MAX_JSON_DEPTH = 64;

/** True when arrays and objects in `text` nest deeper than `max` levels (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
