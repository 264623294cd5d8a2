// The Swiss SECO sanctions list (SESAM "Gesamtliste"): the whole list as XML, de-listed targets included.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { readSecoHeader, secoElements } from './read-seco-xml.js';
import { secoFacts, secoTargetToEntry } from './seco-target-to-entry.js';

// The download is an action URL that names no file; "Gesamtliste" (whole list) is the publisher's own word for it.
const FILE = 'Gesamtliste.xml';

function checkRoot(root: Readonly<Record<string, string>>): void {
  // A search export or a mutation list has the same elements but is not the whole list: refusing it keeps a
  // partial file from replacing the list.
  if (root['list-type'] !== 'whole-list') {
    throw new Error(
      `${FILE}: not the SECO whole list (root list-type is ${root['list-type'] ? `"${root['list-type']}"` : 'missing'})`,
    );
  }
}

/** Three streaming passes: programmes, places, then targets, so references resolve wherever they sit in the file. */
async function* parseSeco(files: FileSet): AsyncGenerator<ListEntry> {
  const open = () => files.open(FILE);
  const header = await readSecoHeader(open, FILE);
  checkRoot(header.root);
  const seen = new Set<string>();
  let index = 0;
  for await (const node of secoElements(open, FILE, 'target')) {
    index++;
    const entry = secoTargetToEntry(node, header, { file: FILE, index });
    if (entry === null) continue;
    if (seen.has(entry.sourceUid)) {
      throw new Error(`${FILE}: target #${index}: ssid ${entry.sourceUid} appears twice`);
    }
    seen.add(entry.sourceUid);
    yield entry;
  }
}

/** Reads swiss-sanctions-list@date (YYYY-MM-DD). */
async function secoDataDate(files: FileSet): Promise<string | null> {
  let date: string | null = null;
  for await (const _ of secoElements(
    () => files.open(FILE),
    FILE,
    'sanctions-program',
    (attrs) => (date = attrs['date'] ?? null),
  )) {
    break;
  }
  const m = /^\d{4}-\d{2}-\d{2}/.exec(date ?? '');
  return m ? m[0] : null;
}

/** Swiss sanctions list of the State Secretariat for Economic Affairs (all embargo ordinances). */
export const secoConsolidatedSource: ListSource = {
  slug: 'seco_consolidated',
  title: 'Swiss Sanctions List',
  publisher: 'Switzerland SECO',
  legacy: true,
  format: 'XML, root swiss-sanctions-list (list-type="whole-list") with sanctions-program, place and target',
  cadence: 'On each amendment of a sanctions ordinance (not published as a schedule)',
  fileSets: [
    [
      {
        name: FILE,
        url: 'https://www.sesam.search.admin.ch/sesam-search-web/pages/downloadXmlGesamtliste.xhtml?lang=en&action=downloadXmlGesamtlisteAction',
      },
    ],
  ],
  factsOf: secoFacts,
  parse: parseSeco,
  dataDate: secoDataDate,
};
