// Attribute helpers for the EU FSF XML: the file is almost all attributes, published as empty strings when absent
// and in camelCase; records use snake_case keys, null for absent, booleans for xs:boolean.
import { clean, cleanBlock } from '../../formats/text.js';
import type { XmlNode } from '../../formats/xml-elements.js';

/** An element the parser does not know, kept verbatim so no published statement is dropped. */
export interface UnrecognisedElement {
  /** Element path below sanctionEntity, e.g. `nameAlias/transliteration`. */
  readonly path: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly text: string;
}

/** A converted attribute value. */
export type AttrValue = string | boolean | null;

const BOOLEAN_ATTRS = new Set([
  'strong',
  'circa',
  'asAtListingTime',
  'diplomatic',
  'knownExpired',
  'knownFalse',
  'reportedLost',
  'revokedByIssuer',
]);

const snake = (camel: string): string => camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

const DATE_WITH_ZONE = /^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})$/;

/** One attribute value: booleans as booleans (xs:boolean also allows 1/0), xs:date zones dropped. */
function convert(name: string, raw: string | undefined): AttrValue {
  const v = clean(raw);
  if (v === null) return null;
  if (BOOLEAN_ATTRS.has(name)) {
    if (v === 'true' || v === '1') return true;
    if (v === 'false' || v === '0') return false;
    return v;
  }
  const d = DATE_WITH_ZONE.exec(v);
  return d ? d[1]! : v;
}

/**
 * The listed attributes under snake_case keys (null when absent), then any other attribute the element carries,
 * so a new attribute is kept rather than dropped.
 */
export function attrsOf(node: XmlNode, known: readonly string[]): Record<string, AttrValue> {
  const out: Record<string, AttrValue> = {};
  for (const k of known) out[snake(k)] = convert(k, node.attrs[k]);
  for (const [k, v] of Object.entries(node.attrs)) {
    if (!known.includes(k) && k !== 'xmlns') out[snake(k)] = convert(k, v);
  }
  return out;
}

/** All text inside an element, children included, cleaned. */
export function flatText(node: XmlNode): string {
  return clean([node.text, ...node.children.map(flatText)].join(' ')) ?? '';
}

/** Records a child element the converter does not know. */
export function unrecognised(node: XmlNode, path: string): UnrecognisedElement {
  return { path, attrs: { ...node.attrs }, text: flatText(node) };
}

export { clean, cleanBlock };
