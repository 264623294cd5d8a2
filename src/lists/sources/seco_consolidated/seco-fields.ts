// Generic readers for the SECO XML: kebab-case attributes become snake_case keys, and anything the parser does not
// know is kept as an UnrecognisedElement, so a change in the publisher's format never drops a statement silently.
import { clean, cleanBlock } from '../../formats/text.js';
import type { XmlNode } from '../../formats/xml-elements.js';

/** An element (or attribute set) the parser does not know, kept verbatim. */
export interface UnrecognisedElement {
  /** Path below the target, e.g. `individual/identity/name/foo`; attributes alone end in `@`. */
  readonly path: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly text: string;
}

/** `place-id` → `place_id`. */
export const snake = (kebab: string): string => kebab.replace(/-/g, '_');

/** All text inside an element, children included, cleaned. */
export function flatText(node: XmlNode): string {
  return clean([node.text, ...node.children.map(flatText)].join(' ')) ?? '';
}

/** Keeps a whole unknown element. */
export function unrecognised(node: XmlNode, path: string): UnrecognisedElement {
  return { path, attrs: { ...node.attrs }, text: flatText(node) };
}

/**
 * The listed attributes under snake_case keys (null when absent); other attributes are reported to `extra`
 * rather than widening the record shape.
 */
export function attrsOf(
  node: XmlNode,
  known: readonly string[],
  path: string,
  extra: UnrecognisedElement[],
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const k of known) out[snake(k)] = clean(node.attrs[k]);
  const other = Object.fromEntries(
    Object.entries(node.attrs).filter(([k]) => !known.includes(k) && k !== 'xmlns'),
  );
  if (Object.keys(other).length > 0) extra.push({ path: `${path}@`, attrs: other, text: '' });
  return out;
}

/** Text of the single direct child `name`; repeated or nested ones are reported to `extra`. */
export function textOf(
  node: XmlNode,
  name: string,
  path: string,
  extra: UnrecognisedElement[],
): string | null {
  const matches = node.children.filter((c) => c.name === name);
  for (const m of matches.slice(1)) extra.push(unrecognised(m, `${path}/${name}`));
  const first = matches[0];
  if (!first) return null;
  if (first.children.length > 0 || Object.keys(first.attrs).length > 0) {
    extra.push({ path: `${path}/${name}`, attrs: { ...first.attrs }, text: '' });
    for (const c of first.children) extra.push(unrecognised(c, `${path}/${name}/${c.name}`));
  }
  return clean(first.text);
}

/** Reports direct children whose names are not in `known`. */
export function reportUnknownChildren(
  node: XmlNode,
  known: readonly string[],
  path: string,
  extra: UnrecognisedElement[],
): void {
  for (const c of node.children)
    if (!known.includes(c.name)) extra.push(unrecognised(c, `${path}/${c.name}`));
}

export { clean, cleanBlock };
