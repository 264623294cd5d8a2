// Text and sub-record helpers for the UN XML: the UN pads values with spaces and publishes empty placeholder
// elements (<INDIVIDUAL_ALIAS><QUALITY/><ALIAS_NAME/></INDIVIDUAL_ALIAS>), which must not become records.
import { clean, cleanBlock } from '../../formats/text.js';
import type { XmlNode } from '../../formats/xml-elements.js';

/** An element the parser does not know, kept verbatim so no published statement is dropped. */
export interface UnrecognisedElement {
  /** Element path below the INDIVIDUAL/ENTITY record, e.g. `INDIVIDUAL_ADDRESS/PO_BOX`. */
  readonly path: string;
  readonly text: string;
}

/** xs:date values may carry a zone (`2015-04-07-04:00`); the calendar date is the unambiguous part. */
export function normDate(s: string | null): string | null {
  if (s === null) return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})?$/.exec(s);
  return m ? m[1]! : s;
}

/** All text inside an element, children included, cleaned. */
export function flatText(node: XmlNode): string {
  const parts = [node.text, ...node.children.map(flatText)];
  return clean(parts.join(' ')) ?? '';
}

/** Cleaned texts of the VALUE children of every direct child called `name` (TITLE, NATIONALITY, ...). */
export function valueList(node: XmlNode, name: string, path: string, extra: UnrecognisedElement[]): string[] {
  const out: string[] = [];
  for (const wrapper of node.children.filter((c) => c.name === name)) {
    for (const v of wrapper.children) {
      if (v.name !== 'VALUE') {
        extra.push({ path: `${path}/${name}/${v.name}`, text: flatText(v) });
        continue;
      }
      const t = clean(v.text);
      if (t !== null) out.push(t);
    }
  }
  return out;
}

/**
 * Reads the known children of a sub-element into snake_case keys (null when absent); anything else goes to
 * `extra`. Returns null for an all-empty placeholder element.
 */
export function subRecord(
  node: XmlNode,
  keys: readonly string[],
  path: string,
  extra: UnrecognisedElement[],
  dateKeys: readonly string[] = [],
): Record<string, string | null> | null {
  const out: Record<string, string | null> = {};
  for (const k of keys) out[k.toLowerCase()] = null;
  let any = false;
  const seen = new Set<string>();
  for (const c of node.children) {
    if (!keys.includes(c.name) || seen.has(c.name) || c.children.length > 0) {
      const t = flatText(c);
      if (t) extra.push({ path: `${path}/${c.name}`, text: t });
      continue;
    }
    seen.add(c.name);
    const text = clean(c.text);
    out[c.name.toLowerCase()] = dateKeys.includes(c.name) ? normDate(text) : text;
    if (text !== null) any = true;
  }
  return any ? out : null;
}

export { clean, cleanBlock };
