// SECO publishes names as ordered parts (given-name, family-name, whole-name, ...) with spelling variants per part
// (other transliterations, other scripts). A whole name is the parts' values in `order`; each language/script of the
// variants gives further whole names, with parts lacking a variant in that script keeping their main value.
import type { XmlNode } from '../../formats/xml-elements.js';
import { clean } from '../../formats/text.js';
import {
  attrsOf,
  reportUnknownChildren,
  textOf,
  unrecognised,
  type UnrecognisedElement,
} from './read-seco-xml.js';

/** One name-part as published. */
export interface SecoNamePart {
  readonly order: string | null;
  readonly name_part_type: string | null;
  readonly value: string | null;
  readonly spelling_variants: ReadonlyArray<{
    readonly lang: string | null;
    readonly script: string | null;
    readonly spelling_variant_type: string | null;
    readonly value: string;
  }>;
}

/** One name element of an identity, with the whole names derived from it. */
export interface SecoName {
  readonly identity_ssid: string | null;
  readonly main_identity: boolean;
  readonly ssid: string | null;
  readonly name_type: string | null;
  readonly quality: string | null;
  readonly lang: string | null;
  /** The parts' values joined in order (titles left out: they are not part of the name). */
  readonly whole_name: string | null;
  /** Whole names built from the spelling variants. */
  readonly spelling_variant_names: readonly string[];
  readonly parts: readonly SecoNamePart[];
}

// A title ("Colonel", "Sheikh") is kept in the parts but is not screened as part of the name.
const NOT_IN_WHOLE_NAME = new Set(['title']);

function part(node: XmlNode, path: string, extra: UnrecognisedElement[]): SecoNamePart {
  const attrs = attrsOf(node, ['order', 'name-part-type'], path, extra);
  reportUnknownChildren(node, ['value', 'spelling-variant'], path, extra);
  const variants = node.children
    .filter((c) => c.name === 'spelling-variant')
    .flatMap((v) => {
      const a = attrsOf(v, ['lang', 'script', 'spelling-variant-type'], `${path}/spelling-variant`, extra);
      const value = clean(v.text);
      if (value === null) return [];
      for (const c of v.children) extra.push(unrecognised(c, `${path}/spelling-variant/${c.name}`));
      return [
        {
          lang: a['lang'] ?? null,
          script: a['script'] ?? null,
          spelling_variant_type: a['spelling_variant_type'] ?? null,
          value,
        },
      ];
    });
  return {
    order: attrs['order'] ?? null,
    name_part_type: attrs['name_part_type'] ?? null,
    value: textOf(node, 'value', path, extra),
    spelling_variants: variants,
  };
}

const rank = (order: string | null): number => {
  const n = order === null ? NaN : Number(order);
  return Number.isFinite(n) ? n : Number.MAX_SAFE_INTEGER;
};

const joined = (values: ReadonlyArray<string | null>): string | null =>
  clean(values.filter((v) => v !== null).join(' '));

/** Whole names for every language/script the variants use (cartesian product when a part has several). */
function variantNames(parts: readonly SecoNamePart[]): string[] {
  const cultures = new Map<string, { lang: string | null; script: string | null }>();
  for (const p of parts) {
    for (const v of p.spelling_variants) cultures.set(`${v.lang ?? ''}|${v.script ?? ''}`, v);
  }
  const out: string[] = [];
  for (const { lang, script } of cultures.values()) {
    let combos: Array<Array<string | null>> = [[]];
    for (const p of parts) {
      const own = p.spelling_variants
        .filter((v) => v.lang === lang && v.script === script)
        .map((v) => v.value);
      const options = own.length > 0 ? own : [p.value];
      combos = combos.flatMap((c) => options.map((o) => [...c, o]));
    }
    for (const c of combos) {
      const name = joined(c);
      if (name !== null && !out.includes(name)) out.push(name);
    }
  }
  return out;
}

/** Reads one `name` element of an identity. */
export function readSecoName(
  node: XmlNode,
  identity: { ssid: string | null; main: boolean },
  path: string,
  extra: UnrecognisedElement[],
): SecoName {
  const attrs = attrsOf(node, ['ssid', 'name-type', 'quality', 'lang'], path, extra);
  reportUnknownChildren(node, ['name-part'], path, extra);
  const parts = node.children
    .filter((c) => c.name === 'name-part')
    .map((c, i) => ({ p: part(c, `${path}/name-part`, extra), i }))
    // Sort by the published order; parts without one keep their document position after the ordered ones.
    .sort((a, b) => rank(a.p.order) - rank(b.p.order) || a.i - b.i)
    .map((x) => x.p);
  const screened = parts.filter((p) => !NOT_IN_WHOLE_NAME.has(p.name_part_type ?? ''));
  const whole = joined(screened.map((p) => p.value));
  return {
    identity_ssid: identity.ssid,
    main_identity: identity.main,
    ssid: attrs['ssid'] ?? null,
    name_type: attrs['name_type'] ?? null,
    quality: attrs['quality'] ?? null,
    lang: attrs['lang'] ?? null,
    whole_name: whole,
    spelling_variant_names: variantNames(screened).filter((n) => n !== whole),
    parts,
  };
}
