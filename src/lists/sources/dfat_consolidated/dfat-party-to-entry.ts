// Builds the ListEntry of one DFAT party (its rows grouped by read-dfat-xlsx): the primary row's columns, and each
// other name with the details where it differs from the primary.
import type { EntryKind, ListEntry } from '../../list-source.js';
import { isPrimary, type DfatColumn, type DfatParty, type DfatRow } from './read-dfat-xlsx.js';
import { recordFacts } from '../../facts/record-facts.js';

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

/** The facts of a DFAT record (citizenship is often a demonym: "Iranian"). */
export const dfatFacts = recordFacts({
  birthDates: ['date_of_birth'],
  countries: ['citizenship', 'place_of_birth', 'address'],
});
