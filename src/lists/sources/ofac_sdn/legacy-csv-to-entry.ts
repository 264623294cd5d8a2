// Joins one sdn.csv / cons_prim.csv row with its alt, add and spill-over comment rows into the OFAC record.
import type { PublishedWallet } from '../../list-source.js';
import {
  cleanName,
  extractDigitalCurrencyAddresses,
  type OfacAddress,
  type OfacAlias,
  type OfacRecord,
} from './ofac-record-to-entry.js';
import type { AddCsvRow, AltCsvRow, CommentCsvRow, PrimaryCsvRow } from './read-legacy-csv.js';

// The legacy CSV files keep weak AKAs out of alt.csv: OFAC's data specification says they sit in the
// Remarks, quoted with single quotes ("a.k.a. 'BOULAHIA'; a.k.a. 'HASSAN THE OLD'.").

/** A weak alias stated in CSV remarks. */
export interface RemarkAlias {
  /** 'a.k.a.', 'f.k.a.' or 'n.k.a.' as written before the quote. */
  readonly type: string;
  readonly name: string;
}

// The closing quote is the one followed by ';', '.' or the end: names hold apostrophes ("ABU AL-WAFA'",
// "AL-DARDA', Abu") and OFAC writes inner double quotes as single ones ("'LLC 'DSD''").
const PATTERN = /\b([afn]\.k\.a\.) '([\s\S]*?)'(?=[;.]|$)/g;

/** Every quoted a.k.a./f.k.a./n.k.a. in a remarks text, in order (the text must not be truncated). */
export function extractRemarkAliases(remarks: string): RemarkAlias[] {
  const out: RemarkAlias[] = [];
  for (const m of remarks.matchAll(PATTERN)) {
    const name = m[2]!.replace(/\s+/g, ' ').trim();
    if (name) out.push({ type: m[1]!, name });
  }
  return out;
}

/** OFAC's data specification: Remarks is 1,000 characters; longer text continues in the comments file. */
export const REMARKS_LIMIT = 1000;

// The CSV labels only individuals, vessels and aircraft; '-0-' is an entity. Written as the XML writes them.
const SDN_TYPES: Readonly<Record<string, string>> = {
  individual: 'Individual',
  vessel: 'Vessel',
  aircraft: 'Aircraft',
  entity: 'Entity',
};

const ALT_TYPES: Readonly<Record<string, string>> = { aka: 'a.k.a.', fka: 'f.k.a.', nka: 'n.k.a.' };

/** Programs of the Program column: several are written 'SDGT] [IFSR' (the outer brackets are dropped). */
export function splitPrograms(program: string | null): string[] {
  if (!program) return [];
  return program
    .split(/\]\s*\[/)
    .map((p) => p.replace(/^\s*\[|\]\s*$/g, '').trim())
    .filter((p) => p.length > 0);
}

// With the spill-over missing, the last remark may be cut mid-word ("Digital Currency Address - XBT 1Gq"):
// only the part up to the last complete remark is read for wallets and weak aliases.
function completeRemarks(text: string): string {
  if (text.endsWith('.')) return text;
  const end = text.lastIndexOf(';');
  return end === -1 ? '' : text.slice(0, end + 1);
}

/** The record and the wallets of one primary row with its child rows (each list in file order). */
export function legacyCsvRecord(
  row: PrimaryCsvRow,
  alts: readonly AltCsvRow[],
  adds: readonly AddCsvRow[],
  comments: readonly CommentCsvRow[],
): { record: OfacRecord; wallets: PublishedWallet[] } {
  // Joined untrimmed: the cut falls mid-word or on a space, and the comment row continues from there.
  const joined = (row.rawRemarks ?? '') + comments.map((c) => c.rawText).join('');
  const remarks = joined.trim() || null;
  const truncated = comments.length === 0 && (row.rawRemarks?.length ?? 0) >= REMARKS_LIMIT;
  const readable = remarks === null ? '' : truncated ? completeRemarks(remarks) : remarks;

  const aliases: OfacAlias[] = alts.map((a) => ({
    uid: a.altNum,
    type: a.altType === null ? null : (ALT_TYPES[a.altType.toLowerCase()] ?? a.altType),
    category: 'strong',
    name: cleanName(a.altName),
    last_name: null,
    first_name: null,
    remarks: a.altRemarks,
  }));
  for (const weak of extractRemarkAliases(readable)) {
    aliases.push({
      uid: null,
      type: weak.type,
      category: 'weak',
      name: cleanName(weak.name),
      last_name: null,
      first_name: null,
      remarks: null,
    });
  }

  const addresses: OfacAddress[] = adds.map((a) => ({
    uid: a.addNum,
    address: a.address,
    city_state_postal_code: a.cityStatePostalCode,
    address1: null,
    address2: null,
    address3: null,
    city: null,
    state_or_province: null,
    postal_code: null,
    country: a.country,
    remarks: a.addRemarks,
  }));

  const record: OfacRecord = {
    name: cleanName(row.name),
    uid: row.entNum,
    sdn_type: row.sdnType === null ? 'Entity' : (SDN_TYPES[row.sdnType.toLowerCase()] ?? row.sdnType),
    programs: splitPrograms(row.program),
    aliases,
    addresses,
    remarks,
    details: {
      published_format: 'csv',
      title: row.title,
      call_sign: row.callSign,
      vessel_type: row.vesselType,
      vessel_flag: row.vesselFlag,
      vessel_owner: row.vesselOwner,
      tonnage: row.tonnage,
      gross_registered_tonnage: row.grossRegisteredTonnage,
      ids: null,
      nationalities: null,
      citizenships: null,
      dates_of_birth: null,
      places_of_birth: null,
      remarks_truncated: truncated,
      other_elements: null,
    },
  };
  return { record, wallets: extractDigitalCurrencyAddresses(readable) };
}
