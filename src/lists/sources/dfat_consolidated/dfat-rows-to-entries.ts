// Turns DFAT's one-row-per-name sheet into one entry per listed party. A party's rows share a base
// reference (`101` primary, `101a`, `101b`, `34c1` aliases). DFAT sometimes reuses a base reference for an
// unrelated party further down, and sometimes files a late alias of an earlier party out of place
// (`2940j` two hundred rows after `2940`), so grouping is by base reference and block:
// - a Primary Name row whose base was already used starts a new party, sourceUid `<base>#<n>`;
// - a non-primary row whose base was already used, outside that base's block, joins the last party of that base.
import type { EntryKind, ListEntry } from '../../list-source.js';
import { dfatLayout, type DfatColumn } from './dfat-columns.js';

/** A row by column key, with its 1-based sheet row number. */
export interface DfatRow {
  readonly rowNumber: number;
  readonly get: (c: DfatColumn) => string | null;
  readonly unknown: ReadonlyArray<{ column: string; value: string }>;
}

/** The rows of one listed party, primary first when DFAT put it first. */
export interface DfatParty {
  readonly sourceUid: string;
  readonly rows: DfatRow[];
}

/** Removes the `_x000D_` artefact (an escaped carriage return DFAT's export leaves in text cells). */
export function stripX000D(value: string): string {
  return value.replace(/_x000D_/g, '');
}

const single = (v: string | undefined): string | null => {
  const t = stripX000D(v ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  return t ? t : null;
};
const multi = (v: string | undefined): string | null => {
  const t = stripX000D(v ?? '')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return t ? t : null;
};

/** Free-text columns keep their line breaks; the others are single values. */
const PROSE = new Set<DfatColumn>([
  'date_of_birth',
  'place_of_birth',
  'citizenship',
  'address',
  'additional_information',
  'listing_information',
  'instrument_of_designation',
]);

const isPrimary = (nameType: string | null) => /^(primary|primay)( name)?$/i.test(nameType ?? '');

const TYPES: Record<string, 'Individual' | 'Entity' | 'Vessel'> = {
  individual: 'Individual',
  person: 'Individual',
  entity: 'Entity',
  organisation: 'Entity',
  organization: 'Entity',
  vessel: 'Vessel',
  ship: 'Vessel',
};
const KINDS: Record<string, EntryKind> = { Individual: 'person', Entity: 'entity', Vessel: 'vessel' };

/** `Entity `, `individual`, `Individual\n` → Entity / Individual; an unknown value is kept as published. */
export function normaliseType(value: string | null): string | null {
  if (value === null) return null;
  return TYPES[value.toLowerCase()] ?? value;
}

/** TRUE/FALSE cells (exceljs gives booleans as "true"/"false"); other text is kept as published. */
function flag(value: string | null): boolean | string | null {
  if (value === null) return null;
  if (/^(true|yes|y|1)$/i.test(value)) return true;
  if (/^(false|no|n|0)$/i.test(value)) return false;
  return value;
}

function readRows(rows: readonly string[][], file: string): DfatRow[] {
  const layout = dfatLayout(rows, file);
  const out: DfatRow[] = [];
  for (let i = layout.headerIndex + 1; i < rows.length; i++) {
    const raw = rows[i] ?? [];
    const get = (c: DfatColumn): string | null => {
      const index = layout.columns.get(c);
      if (index === undefined) return null;
      return PROSE.has(c) ? multi(raw[index]) : single(raw[index]);
    };
    const unknown: Array<{ column: string; value: string }> = [];
    for (const u of layout.unknown) {
      const value = multi(raw[u.index]);
      if (value !== null) unknown.push({ column: u.header, value });
    }
    const known = new Set([...layout.columns.values(), ...layout.unknown.map((u) => u.index)]);
    raw.forEach((cell, index) => {
      const value = multi(cell);
      if (!known.has(index) && value !== null)
        unknown.push({ column: `(unnamed column ${index + 1})`, value });
    });
    const row: DfatRow = { rowNumber: i + 1, get, unknown };
    const hasContent = [...layout.columns.keys()].some((c) => get(c) !== null) || unknown.length > 0;
    // Blank rows (DFAT's sheet ends with formatted empty rows) state nothing.
    if (!hasContent) continue;
    if (get('reference') === null)
      throw new Error(`${file}: row ${i + 1} has no Reference; it cannot be attributed`);
    if (get('name') === null) throw new Error(`${file}: row ${i + 1} (${get('reference')}) has no name`);
    out.push(row);
  }
  return out;
}

/** Groups rows into parties as described at the top of this file. */
export function groupDfatRows(rows: readonly string[][], file: string): DfatParty[] {
  const parties: DfatParty[] = [];
  const byBase = new Map<string, DfatParty[]>();
  let lastBase: string | null = null;
  let current: DfatParty | null = null;
  for (const row of readRows(rows, file)) {
    const ref = row.get('reference')!;
    const base = /^\d+/.exec(ref)?.[0] ?? ref;
    const seen = byBase.get(base) ?? [];
    const start = (): DfatParty => {
      const party = { sourceUid: seen.length === 0 ? base : `${base}#${seen.length + 1}`, rows: [row] };
      seen.push(party);
      byBase.set(base, seen);
      parties.push(party);
      return party;
    };
    if (isPrimary(row.get('name_type'))) {
      const inBlock =
        base === lastBase && current !== null && !current.rows.some((r) => isPrimary(r.get('name_type')));
      if (inBlock) current!.rows.push(row);
      else current = start();
    } else if (base === lastBase && current !== null) {
      current.rows.push(row);
    } else if (seen.length > 0) {
      current = seen[seen.length - 1]!;
      current.rows.push(row);
    } else {
      current = start();
    }
    lastBase = base;
  }
  return parties;
}

const DETAIL_COLUMNS: readonly DfatColumn[] = [
  'type',
  'date_of_birth',
  'place_of_birth',
  'citizenship',
  'address',
  'additional_information',
  'listing_information',
  'committees',
  'control_date',
  'imo_number',
  'instrument_of_designation',
  'targeted_financial_sanction',
  'travel_ban',
  'arms_embargo',
  'maritime_restriction',
];

/** Builds the ListEntry (12-field record) for one party. */
export function dfatPartyToEntry(party: DfatParty): ListEntry {
  const primary = party.rows.find((r) => isPrimary(r.get('name_type'))) ?? party.rows[0]!;
  const name = primary.get('name')!;
  const typeOf = (r: DfatRow) => normaliseType(r.get('type'));
  const type = typeOf(primary) ?? party.rows.map(typeOf).find((t) => t !== null) ?? null;

  const aliases: string[] = [];
  const strong = new Set<string>();
  const otherNames = party.rows
    .filter((r) => r !== primary)
    .map((r) => {
      const alias = r.get('name')!;
      if (alias !== name && !aliases.includes(alias)) aliases.push(alias);
      if (!/weak/i.test(r.get('alias_strength') ?? '')) strong.add(alias);
      const differs: Record<string, string | null> = {};
      for (const c of DETAIL_COLUMNS) {
        const mine = c === 'type' ? typeOf(r) : r.get(c);
        const theirs = c === 'type' ? typeOf(primary) : primary.get(c);
        if (mine !== theirs) differs[c] = r.get(c);
      }
      for (const u of r.unknown) {
        if (!primary.unknown.some((p) => p.column === u.column && p.value === u.value)) {
          differs[u.column] = u.value;
        }
      }
      return {
        reference: r.get('reference'),
        name: alias,
        name_type: r.get('name_type'),
        alias_strength: r.get('alias_strength'),
        differs: Object.keys(differs).length > 0 ? differs : null,
      };
    });

  const record = {
    reference: primary.get('reference'),
    name,
    type,
    name_type: primary.get('name_type'),
    date_of_birth: primary.get('date_of_birth'),
    place_of_birth: primary.get('place_of_birth'),
    citizenship: primary.get('citizenship'),
    address: primary.get('address'),
    additional_information: primary.get('additional_information'),
    listing_information: primary.get('listing_information'),
    designation: {
      committees: primary.get('committees'),
      control_date: primary.get('control_date'),
      instrument_of_designation: primary.get('instrument_of_designation'),
      imo_number: primary.get('imo_number'),
      alias_strength: primary.get('alias_strength'),
      targeted_financial_sanction: flag(primary.get('targeted_financial_sanction')),
      travel_ban: flag(primary.get('travel_ban')),
      arms_embargo: flag(primary.get('arms_embargo')),
      maritime_restriction: flag(primary.get('maritime_restriction')),
      other_columns: primary.unknown.length > 0 ? primary.unknown : null,
    },
    other_names: otherNames,
  };
  return {
    list: 'dfat_consolidated',
    sourceUid: party.sourceUid,
    name,
    aliases,
    weakAliases: aliases.filter((a) => !strong.has(a)),
    kind: (type !== null ? KINDS[type] : undefined) ?? 'unknown',
    record,
  };
}
