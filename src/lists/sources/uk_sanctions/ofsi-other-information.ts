// The OFSI Consolidated List packs several fields into its "Other Information" column as
// "(Label):value" runs, e.g. "(UK Sanctions List Ref):GHR0086. (UK Statement of Reasons):... (Gender):Male".
// Only the labels OFSI uses are split on: parentheses inside prose ("(1) Address formerly ...",
// "(United States of America):") are left alone. The raw text is always kept as well.

/** The labels OFSI writes in Other Information (2022 format), as published. */
export const OFSI_LABELS = [
  'UK Sanctions List Ref',
  'UK Statement of Reasons',
  'UN Ref',
  'Gender',
  'Phone number',
  'Tel',
  'Fax',
  'Email address',
  'Website',
  'Type of entity',
  'Parent company',
  'Subsidiaries',
  'Business Reg No',
  'IMO number',
  'Flag of ship',
  'Previous flags',
  'Type of ship',
  'Tonnage of ship',
  'Length of ship',
  'Year built',
  'Current owners',
] as const;

/** One of the labels above. */
export type OfsiLabel = (typeof OFSI_LABELS)[number];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LABEL_RE = new RegExp(`\\((${OFSI_LABELS.map(escape).join('|')})\\):`, 'g');

/** Splits Other Information into its labelled parts (trimmed text after each label, up to the next label). */
export function splitOtherInformation(text: string): Map<OfsiLabel, string[]> {
  const out = new Map<OfsiLabel, string[]>();
  const hits = [...text.matchAll(LABEL_RE)];
  hits.forEach((m, i) => {
    const start = m.index + m[0].length;
    const end = hits[i + 1]?.index ?? text.length;
    const value = text.slice(start, end).trim();
    if (!value) return;
    const label = m[1] as OfsiLabel;
    const list = out.get(label) ?? [];
    if (!list.includes(value)) list.push(value);
    out.set(label, list);
  });
  return out;
}

/** A reference such as GHR0086 or SDi.005 at the start of a labelled part ("RUS2305. Financial ..."). */
export function leadingReference(value: string | undefined): string | null {
  const m = /^(\S+)/.exec(value?.trim() ?? '');
  const ref = m?.[1]?.replace(/[.,;]+$/, '');
  return ref ? ref : null;
}
