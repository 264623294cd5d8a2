// Streams an sdnList XML file (sdn.xml is over 100 MB): one <sdnEntry> tree at a time, checked at the end
// against the Record_Count the file states, so a cut or partial file fails instead of loading short.
import type { Readable } from 'node:stream';
import type { FileSet } from '../../list-source.js';
import { childText, xmlElements, type XmlNode } from '../../formats/xml-elements.js';

/** The <publshInformation> block (OFAC's spelling) at the top of the file. */
export interface PublishInformation {
  /** Publish_Date as YYYY-MM-DD (published as MM/DD/YYYY), or null when absent or not a date. */
  readonly publishDate: string | null;
  readonly recordCount: number | null;
}

/** MM/DD/YYYY (OFAC's Publish_Date) as YYYY-MM-DD; null when the text is not such a date. */
export function publishDateIso(text: string | null): string | null {
  const m = text ? /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text.trim()) : null;
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/** Reads the publshInformation block (it precedes the entries, so only the head of the file is read). */
export async function readPublishInformation(input: Readable): Promise<PublishInformation | null> {
  try {
    for await (const node of xmlElements(input, 'publshInformation')) {
      const count = childText(node, 'Record_Count');
      return {
        publishDate: publishDateIso(childText(node, 'Publish_Date')),
        recordCount: count !== null && /^\d+$/.test(count) ? Number(count) : null,
      };
    }
    return null;
  } finally {
    input.destroy();
  }
}

/**
 * Yields every sdnEntry element with its 1-based position; throws, naming the file, when the file is not an
 * sdnList, has no entries, or holds a different number of entries than its Record_Count.
 */
export async function* readSdnEntries(
  files: FileSet,
  name: string,
): AsyncGenerator<{ node: XmlNode; index: number }> {
  try {
    const info = await readPublishInformation(files.open(name));
    if (!info) throw new Error(`${name}: no publshInformation element (not an sdnList file?)`);
    let index = 0;
    for await (const node of xmlElements(files.open(name), 'sdnEntry')) yield { node, index: ++index };
    if (index === 0) throw new Error(`${name}: no sdnEntry elements`);
    if (info.recordCount !== null && info.recordCount !== index) {
      throw new Error(`${name}: ${index} sdnEntry elements but Record_Count says ${info.recordCount}`);
    }
  } catch (err) {
    // Errors from the XML reader (truncation, bad markup) do not name the file.
    if ((err as Error).message.startsWith(name)) throw err;
    throw new Error(`${name}: ${(err as Error).message}`, { cause: err });
  }
}
