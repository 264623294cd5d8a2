// Rows of an OFAC legacy CSV file (no header, Windows-1252, CRLF, trailing 0x1A, checked). Built on pipeline()
// rather than the shared csvRows so that a read error on the source fails the parse instead of stalling it.
import { Transform, pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';

/** One parsed row with the physical line it ended on, for error messages. */
export interface LegacyCsvRow {
  readonly cells: string[];
  readonly line: number;
}

const END_BYTES = new Set([0x1a, 0x0d, 0x0a]);

/** Whether a file must end with OFAC's 0x1A byte (every sdn/alt/add file does; a comments file may not). */
export type LegacyCsvTrailer = 'required' | 'optional';

// OFAC ends every file with a DOS end-of-file byte (0x1A) after the last CRLF. The trailing run of 0x1A,
// CR and LF bytes is held back across chunks and dropped at the end, so it never becomes a one-cell row;
// whether it held a 0x1A is kept: a file cut at a line boundary parses cleanly and only lacks that byte.
function dropTrailingCtrlZ(seen: { bytes: number; trailer: boolean }): Transform {
  let tail: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen.bytes += chunk.length;
      const buf = tail.length > 0 ? Buffer.concat([tail, chunk]) : chunk;
      let end = buf.length;
      while (end > 0 && END_BYTES.has(buf[end - 1]!)) end--;
      if (end > 0) this.push(buf.subarray(0, end));
      tail = buf.subarray(end);
      done();
    },
    flush(done) {
      seen.trailer = tail.includes(0x1a);
      done();
    },
  });
}

/**
 * Yields each row of an OFAC legacy CSV; errors (bad quoting, unreadable file) name the file. After the last
 * row, a non-empty file without the 0x1A end byte fails when `trailer` is required: it was cut short.
 */
export async function* legacyCsvRows(
  input: Readable,
  file: string,
  trailer: LegacyCsvTrailer = 'required',
): AsyncGenerator<LegacyCsvRow> {
  const parser = parse({
    delimiter: ',',
    relax_column_count: true,
    relax_quotes: false,
    skip_empty_lines: true,
    info: true,
  });
  const seen = { bytes: 0, trailer: false };
  const rows = pipeline(input, dropTrailingCtrlZ(seen), iconv.decodeStream('windows-1252'), parser, () => {
    // Errors surface through the async iterator below.
  });
  try {
    for await (const item of rows) {
      const { record, info } = item as { record: string[]; info: { lines: number } };
      yield { cells: record, line: info.lines };
    }
  } catch (err) {
    throw new Error(`${file}: ${(err as Error).message}`, { cause: err });
  }
  if (trailer === 'required' && seen.bytes > 0 && !seen.trailer)
    throw new Error(
      `${file}: no end-of-file byte (0x1A) after the last row: the file is cut short (OFAC ends every file with one)`,
    );
}

/** A cell's value, or null for OFAC's '-0-' null marker (usually written '-0- ') and empty cells. */
export function cellValue(cell: string | undefined): string | null {
  const v = cell?.trim();
  return v && v !== '-0-' ? v : null;
}
