// Typed readers for the four OFAC legacy CSV files (sdn/alt/add/sdn_comments and their cons_* twins): column
// layout from OFAC's data specification; a row of the wrong width or without a numeric key throws.
import { Transform, pipeline, type Readable } from 'node:stream';
import { parse } from 'csv-parse';
import iconv from 'iconv-lite';

// Rows of an OFAC legacy CSV file (no header, Windows-1252, CRLF, trailing 0x1A, checked). Built on pipeline()
// rather than the shared csvRows so that a read error on the source fails the parse instead of stalling it.

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

/** sdn.csv / cons_prim.csv: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign, Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks. */
export interface PrimaryCsvRow {
  readonly entNum: number;
  readonly name: string;
  readonly sdnType: string | null;
  readonly program: string | null;
  readonly title: string | null;
  readonly callSign: string | null;
  readonly vesselType: string | null;
  readonly tonnage: string | null;
  readonly grossRegisteredTonnage: string | null;
  readonly vesselFlag: string | null;
  readonly vesselOwner: string | null;
  /** Untrimmed: the 1,000-character cut can fall on a space that the spill-over text continues from. */
  readonly rawRemarks: string | null;
  readonly line: number;
}

/** alt.csv / cons_alt.csv: ent_num, alt_num, alt_type, alt_name, alt_remarks. */
export interface AltCsvRow {
  readonly entNum: number;
  readonly altNum: number;
  readonly altType: string | null;
  readonly altName: string;
  readonly altRemarks: string | null;
  readonly line: number;
}

/** add.csv / cons_add.csv: ent_num, add_num, address, city/state/postal, country, add_remarks. */
export interface AddCsvRow {
  readonly entNum: number;
  readonly addNum: number;
  readonly address: string | null;
  readonly cityStatePostalCode: string | null;
  readonly country: string | null;
  readonly addRemarks: string | null;
  readonly line: number;
}

/** sdn_comments.csv / cons_comments.csv: ent_num, remarks continuation (untrimmed, it may start mid-word). */
export interface CommentCsvRow {
  readonly entNum: number;
  readonly rawText: string;
  readonly line: number;
}

function checkWidth(row: LegacyCsvRow, width: number, file: string): string[] {
  if (row.cells.length !== width) {
    throw new Error(`${file} line ${row.line}: expected ${width} columns, found ${row.cells.length}`);
  }
  return row.cells;
}

function key(cell: string | undefined, column: string, row: LegacyCsvRow, file: string): number {
  const v = cell?.trim() ?? '';
  if (!/^\d+$/.test(v)) throw new Error(`${file} line ${row.line}: ${column} '${v}' is not a number`);
  return Number(v);
}

/** Reads sdn.csv or cons_prim.csv. */
export async function* readPrimaryCsv(input: Readable, file: string): AsyncGenerator<PrimaryCsvRow> {
  for await (const row of legacyCsvRows(input, file)) {
    const c = checkWidth(row, 12, file);
    const name = cellValue(c[1]);
    if (!name) throw new Error(`${file} line ${row.line}: SDN_Name is empty`);
    const remarks = c[11]!;
    yield {
      entNum: key(c[0], 'ent_num', row, file),
      name,
      sdnType: cellValue(c[2]),
      program: cellValue(c[3]),
      title: cellValue(c[4]),
      callSign: cellValue(c[5]),
      vesselType: cellValue(c[6]),
      tonnage: cellValue(c[7]),
      grossRegisteredTonnage: cellValue(c[8]),
      vesselFlag: cellValue(c[9]),
      vesselOwner: cellValue(c[10]),
      rawRemarks: cellValue(remarks) === null ? null : remarks,
      line: row.line,
    };
  }
}

/** Reads alt.csv or cons_alt.csv. */
export async function* readAltCsv(input: Readable, file: string): AsyncGenerator<AltCsvRow> {
  for await (const row of legacyCsvRows(input, file)) {
    const c = checkWidth(row, 5, file);
    const altName = cellValue(c[3]);
    if (!altName) throw new Error(`${file} line ${row.line}: alt_name is empty`);
    yield {
      entNum: key(c[0], 'ent_num', row, file),
      altNum: key(c[1], 'alt_num', row, file),
      altType: cellValue(c[2]),
      altName,
      altRemarks: cellValue(c[4]),
      line: row.line,
    };
  }
}

/** Reads add.csv or cons_add.csv (rows whose every text column is '-0-' are kept: OFAC publishes them). */
export async function* readAddCsv(input: Readable, file: string): AsyncGenerator<AddCsvRow> {
  for await (const row of legacyCsvRows(input, file)) {
    const c = checkWidth(row, 6, file);
    yield {
      entNum: key(c[0], 'ent_num', row, file),
      addNum: key(c[1], 'add_num', row, file),
      address: cellValue(c[2]),
      cityStatePostalCode: cellValue(c[3]),
      country: cellValue(c[4]),
      addRemarks: cellValue(c[5]),
      line: row.line,
    };
  }
}

/** Reads sdn_comments.csv or cons_comments.csv (an empty file, as OFAC sometimes publishes, has no rows; no 0x1A needed). */
export async function* readCommentsCsv(input: Readable, file: string): AsyncGenerator<CommentCsvRow> {
  // Spill-over text only (it adds no entry), and a real comments file was seen without the end byte.
  for await (const row of legacyCsvRows(input, file, 'optional')) {
    const c = checkWidth(row, 2, file);
    yield {
      entNum: key(c[0], 'ent_num', row, file),
      rawText: cellValue(c[1]) === null ? '' : c[1]!,
      line: row.line,
    };
  }
}
