// The fields of a published record as an analyst reads them: labels in words ("SDN type", "ID number") with the
// raw field name kept for reference, internal bookkeeping hidden (which file format a record came from), and a
// flag shown only when it says something ("remarks cut short" when they were).

/** Fields that describe how we read the record, not the listed party. */
const HIDDEN: ReadonlySet<string> = new Set(['published_format']);

/** Flags worth a line only when set. */
const ONLY_WHEN_TRUE: ReadonlySet<string> = new Set(['remarks_truncated']);

const LABELS: Readonly<Record<string, string>> = {
  remarks_truncated: 'Remarks cut short (the publisher’s file stops them at 1,000 characters)',
  other_elements: 'Other published fields',
};

const WORDS: Readonly<Record<string, string>> = {
  id: 'ID',
  ids: 'IDs',
  uid: 'UID',
  url: 'URL',
  urls: 'URLs',
  sdn: 'SDN',
  imo: 'IMO',
  dob: 'date of birth',
  pob: 'place of birth',
  un: 'UN',
  eu: 'EU',
  uk: 'UK',
};

/** A field name in words: `sdn_type` is "SDN type", `dates_of_birth` "Dates of birth". */
export function fieldLabel(key: string): string {
  if (LABELS[key]) return LABELS[key];
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => WORDS[w.toLowerCase()] ?? w.toLowerCase());
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The fields to show, in the record's order: internal ones left out, flags only when set. */
export function visibleFields(record: Readonly<Record<string, unknown>>): [string, unknown][] {
  return Object.entries(record).filter(([k, v]) => !HIDDEN.has(k) && (!ONLY_WHEN_TRUE.has(k) || v === true));
}
