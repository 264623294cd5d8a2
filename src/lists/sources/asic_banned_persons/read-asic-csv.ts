// Reads ASIC's banned and disqualified registers (data.gov.au CSV) for both ASIC sources: the delimiter is taken
// from the header line (comma or tab: the live files have not been verified), then the header is mapped and each
// data row yielded (blank rows skipped).
import { Readable } from 'node:stream';
import { csvRows } from '../../formats/csv-rows.js';

/** Comma or tab, whichever the header line holds more of. */
export function detectDelimiter(headerLine: string): ',' | '\t' {
  const tabs = headerLine.split('\t').length - 1;
  const commas = headerLine.split(',').length - 1;
  return tabs > commas ? '\t' : ',';
}

/** Reads up to the first line break, then gives back that line and a stream of the whole input again. */
async function peekFirstLine(input: Readable): Promise<{ line: string; stream: Readable }> {
  const it = input[Symbol.asyncIterator]() as AsyncIterator<Buffer | string>;
  const head: Buffer[] = [];
  let done = false;
  while (!done) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    const chunk = Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    head.push(chunk);
    if (chunk.includes(0x0a) || Buffer.concat(head).length > 64 * 1024) break;
  }
  const buffered = Buffer.concat(head);
  const nl = buffered.indexOf(0x0a);
  const line = buffered.subarray(0, nl < 0 ? buffered.length : nl).toString('utf8');
  async function* rest(): AsyncGenerator<Buffer> {
    if (buffered.length > 0) yield buffered;
    if (done) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield Buffer.isBuffer(next.value) ? next.value : Buffer.from(next.value);
    }
  }
  return { line, stream: Readable.from(rest()) };
}

/** Rows of an ASIC register CSV, streamed, with the delimiter detected from the header line. */
export async function* asicCsvRows(input: Readable): AsyncGenerator<string[]> {
  const { line, stream } = await peekFirstLine(input);
  yield* csvRows(stream, { delimiter: detectDelimiter(line) });
}

/** One data row with its 1-based record number (the header is record 1) and the header's layout. */
export interface AsicRow<C> {
  readonly cells: string[];
  readonly layout: ReadonlyMap<C, number>;
  readonly record: number;
}

/** Yields the data rows; throws naming the file on malformed CSV, an empty file or a file with only a header. */
export async function* readAsicCsv<C>(
  input: Readable,
  file: string,
  layoutOf: (header: readonly string[], file: string) => ReadonlyMap<C, number>,
): AsyncGenerator<AsicRow<C>> {
  let layout: ReadonlyMap<C, number> | null = null;
  let line = 0;
  let count = 0;
  try {
    for await (const row of asicCsvRows(input)) {
      line++;
      if (!layout) {
        layout = layoutOf(row, file);
        continue;
      }
      if (row.every((c) => c.trim() === '')) continue;
      count++;
      yield { cells: row, layout, record: line };
    }
  } catch (err) {
    const msg = (err as Error).message;
    if (msg.startsWith(file)) throw err;
    throw new Error(`${file}: malformed CSV after record ${line}: ${msg}`, { cause: err });
  }
  if (!layout) throw new Error(`${file}: empty file`);
  if (count === 0) throw new Error(`${file}: header only, no data rows`);
}
