// Reads the SECO XML (Gesamtliste.xml) in streaming passes: the lookup tables a target refers to by id (sanctions
// programmes via sanctions-set ssid, places via place-id), read in their own passes so the parser does not depend
// on where in the file the publisher puts them relative to the targets; then the targets.
import type { Readable } from 'node:stream';
import { xmlElements, type XmlNode } from '../../formats/xml-elements.js';
import { clean } from '../../formats/text.js';

// Generic readers for the SECO XML: kebab-case attributes become snake_case keys, and anything the parser does not
// know is kept as an UnrecognisedElement, so a change in the publisher's format never drops a statement silently.

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

/** A programme as a target sees it through one of the programme's sanctions sets. */
export interface SecoProgram {
  readonly program_ssid: string | null;
  readonly version_date: string | null;
  readonly predecessor_version_date: string | null;
  /** Texts by the publisher's language code (`eng`, `ger`, `fre`, `ita`). */
  readonly program_key: Readonly<Record<string, string>>;
  readonly program_name: Readonly<Record<string, string>>;
  readonly sanctions_set: Readonly<Record<string, string>>;
  readonly origin: string | null;
  readonly unrecognised: readonly UnrecognisedElement[];
}

/** A place (location, area, country) that addresses and places of birth point at. */
export interface SecoPlace {
  readonly location: string | null;
  readonly area: string | null;
  readonly country: string | null;
  readonly country_iso_code: string | null;
  readonly unrecognised: readonly UnrecognisedElement[];
}

/** Everything a target can reference, keyed by ssid. */
export interface SecoHeader {
  /** Root attributes of swiss-sanctions-list (date, list-type). */
  readonly root: Readonly<Record<string, string>>;
  /** By sanctions-set ssid. */
  readonly programs: ReadonlyMap<string, SecoProgram>;
  /** By place ssid. */
  readonly places: ReadonlyMap<string, SecoPlace>;
}

/** Opens the file again for each pass (the FileSet hands out a fresh stream per open). */
export type OpenFile = () => Readable;

function byLang(nodes: XmlNode[], path: string, extra: UnrecognisedElement[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const n of nodes) {
    const lang = n.attrs['lang'] ?? '';
    const text = clean(n.text);
    if (text === null) continue;
    if (out[lang] !== undefined) extra.push(unrecognised(n, path));
    else out[lang] = text;
  }
  return out;
}

/** Converts one sanctions-program into an entry per sanctions set it holds. */
function programEntries(node: XmlNode): Array<[string, SecoProgram]> {
  const extra: UnrecognisedElement[] = [];
  const attrs = attrsOf(
    node,
    ['ssid', 'version-date', 'predecessor-version-date'],
    'sanctions-program',
    extra,
  );
  const kids = (n: string) => node.children.filter((c) => c.name === n);
  reportUnknownChildren(
    node,
    ['program-key', 'program-name', 'sanctions-set', 'origin'],
    'sanctions-program',
    extra,
  );
  const setsBySsid = new Map<string, XmlNode[]>();
  for (const s of kids('sanctions-set')) {
    const ssid = clean(s.attrs['ssid']);
    if (ssid === null) {
      extra.push(unrecognised(s, 'sanctions-program/sanctions-set'));
      continue;
    }
    setsBySsid.set(ssid, [...(setsBySsid.get(ssid) ?? []), s]);
  }
  const common = {
    program_ssid: attrs['ssid'] ?? null,
    version_date: attrs['version_date'] ?? null,
    predecessor_version_date: attrs['predecessor_version_date'] ?? null,
    program_key: byLang(kids('program-key'), 'sanctions-program/program-key', extra),
    program_name: byLang(kids('program-name'), 'sanctions-program/program-name', extra),
    origin: textOf(node, 'origin', 'sanctions-program', extra),
  };
  return [...setsBySsid].map(([ssid, sets]) => [
    ssid,
    { ...common, sanctions_set: byLang(sets, 'sanctions-program/sanctions-set', extra), unrecognised: extra },
  ]);
}

function place(node: XmlNode): SecoPlace {
  const extra: UnrecognisedElement[] = [];
  attrsOf(node, ['ssid'], 'place', extra);
  reportUnknownChildren(node, ['location', 'area', 'country'], 'place', extra);
  const countries = node.children.filter((c) => c.name === 'country');
  for (const c of countries.slice(1)) extra.push(unrecognised(c, 'place/country'));
  return {
    location: textOf(node, 'location', 'place', extra),
    area: textOf(node, 'area', 'place', extra),
    country: clean(countries[0]?.text),
    country_iso_code: clean(countries[0]?.attrs['iso-code']),
    unrecognised: extra,
  };
}

/** Reads programmes and places; throws on an id published twice with different content. */
export async function readSecoHeader(open: OpenFile, file: string): Promise<SecoHeader> {
  let root: Record<string, string> = {};
  const programs = new Map<string, SecoProgram>();
  for await (const node of secoElements(open, file, 'sanctions-program', (a) => (root = a))) {
    for (const [ssid, program] of programEntries(node)) {
      if (programs.has(ssid)) throw new Error(`${file}: sanctions-set ssid ${ssid} is published twice`);
      programs.set(ssid, program);
    }
  }
  const places = new Map<string, SecoPlace>();
  for await (const node of secoElements(open, file, 'place')) {
    const ssid = clean(node.attrs['ssid']);
    if (ssid === null) throw new Error(`${file}: a place has no ssid (${flatText(node)})`);
    const p = place(node);
    const before = places.get(ssid);
    if (before && JSON.stringify(before) !== JSON.stringify(p)) {
      throw new Error(`${file}: place ssid ${ssid} is published twice with different content`);
    }
    places.set(ssid, p);
  }
  return { root, programs, places };
}

/** xmlElements with the file name on XML errors (saxes reports only line:column). */
export async function* secoElements(
  open: OpenFile,
  file: string,
  recordName: string,
  onRoot?: (attrs: Record<string, string>) => void,
): AsyncGenerator<XmlNode> {
  try {
    yield* xmlElements(open(), recordName, onRoot);
  } catch (err) {
    throw new Error(`${file}: malformed XML: ${(err as Error).message}`, { cause: err });
  }
}
