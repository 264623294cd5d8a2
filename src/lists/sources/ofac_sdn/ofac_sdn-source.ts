// OFAC Specially Designated Nationals: SDN.XML (sdnList schema), else sdn.csv with alt/add/sdn_comments. The
// consolidated (non-SDN) list shares both formats: both sources are ofacListSource with their own file names.
import type { FileSet, ListEntry, ListSource, SourceFile } from '../../list-source.js';
import { legacyCsvRecord } from './legacy-csv-to-entry.js';
import { ofacFacts, toListEntry } from './ofac-record-to-entry.js';
import { readLegacyCsvSet, type LegacyCsvNames } from './read-legacy-csv-set.js';
import { readPublishInformation, readSdnEntries } from './read-sdn-xml.js';
import { sdnXmlRecord } from './sdn-xml-to-entry.js';

export type { OfacRecord } from './ofac-record-to-entry.js';

/** OFAC Sanctions List Service export base (SOURCES.md); each file is this base plus its export name. */
export const OFAC_EXPORTS_URL = 'https://sanctionslistservice.ofac.treas.gov/api/PublicationPreview/exports/';

/** What differs between the SDN and the consolidated source. */
export interface OfacListConfig {
  readonly slug: string;
  readonly title: string;
  /** Published XML file name and its SLS export name (e.g. sdn.xml / SDN.XML). */
  readonly xml: { readonly name: string; readonly export: string };
  /** Published CSV names (primary required, the others optional) and their SLS export names. */
  readonly csv: { readonly [K in keyof LegacyCsvNames]: { readonly name: string; readonly export: string } };
}

const file = (f: { name: string; export: string }, optional = false): SourceFile => ({
  name: f.name,
  url: OFAC_EXPORTS_URL + f.export,
  ...(optional ? { optional: true } : {}),
});

async function* sdnXmlEntries(list: string, files: FileSet, name: string): AsyncGenerator<ListEntry> {
  const seen = new Set<string>();
  for await (const { node, index } of readSdnEntries(files, name)) {
    const { record, wallets } = sdnXmlRecord(node, `${name} sdnEntry #${index}`);
    const entry = toListEntry(list, record, wallets);
    if (seen.has(entry.sourceUid))
      throw new Error(`${name} sdnEntry #${index}: uid ${entry.sourceUid} appears twice`);
    seen.add(entry.sourceUid);
    yield entry;
  }
}

async function* legacyCsvEntries(
  list: string,
  files: FileSet,
  names: LegacyCsvNames,
): AsyncGenerator<ListEntry> {
  for await (const { row, alts, adds, comments } of readLegacyCsvSet(files, names)) {
    const { record, wallets } = legacyCsvRecord(row, alts, adds, comments);
    yield toListEntry(list, record, wallets);
  }
}

/** An OFAC source: sdnList XML if present, else the legacy CSV set. */
export function ofacListSource(config: OfacListConfig): ListSource {
  const xmlSet: readonly SourceFile[] = [file(config.xml)];
  const csvSet: readonly SourceFile[] = [
    file(config.csv.primary),
    file(config.csv.alt, true),
    file(config.csv.add, true),
    file(config.csv.comments, true),
  ];
  const fileSets = [xmlSet, csvSet] as const;
  const chosen = (files: FileSet) =>
    fileSets.find((set) => set.every((f) => f.optional || files.has(f.name))) ?? null;
  const csvNames: LegacyCsvNames = {
    primary: config.csv.primary.name,
    alt: config.csv.alt.name,
    add: config.csv.add.name,
    comments: config.csv.comments.name,
  };

  return {
    slug: config.slug,
    title: config.title,
    publisher: 'US Treasury OFAC',
    legacy: true,
    format:
      `sdnList XML (${config.xml.name}), else the legacy CSV set (${csvNames.primary} + ${csvNames.alt}, ` +
      `${csvNames.add}, ${csvNames.comments}: no header, Windows-1252, '-0-' nulls)`,
    cadence: 'On each OFAC action, often several times a week; no fixed schedule',
    fileSets,
    factsOf: ofacFacts,
    async *parse(files: FileSet): AsyncGenerator<ListEntry> {
      const set = chosen(files);
      if (set === xmlSet) yield* sdnXmlEntries(config.slug, files, config.xml.name);
      else if (set === csvSet) yield* legacyCsvEntries(config.slug, files, csvNames);
      else throw new Error(`${config.slug}: neither ${config.xml.name} nor ${csvNames.primary} is present`);
    },
    async dataDate(files: FileSet): Promise<string | null> {
      // The CSV files state no date; the XML states Publish_Date.
      if (chosen(files) !== xmlSet) return null;
      return (await readPublishInformation(files.open(config.xml.name)))?.publishDate ?? null;
    },
  };
}

/** The ofac_sdn list source. */
export const ofacSdnSource: ListSource = ofacListSource({
  slug: 'ofac_sdn',
  title: 'OFAC Specially Designated Nationals',
  xml: { name: 'sdn.xml', export: 'SDN.XML' },
  csv: {
    primary: { name: 'sdn.csv', export: 'SDN.CSV' },
    alt: { name: 'alt.csv', export: 'ALT.CSV' },
    add: { name: 'add.csv', export: 'ADD.CSV' },
    comments: { name: 'sdn_comments.csv', export: 'SDN_COMMENTS.CSV' },
  },
});
