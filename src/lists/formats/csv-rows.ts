// Streams CSV rows with csv-parse, decoding the publisher's encoding on the way (OFAC: Windows-1252).
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse, type Options } from 'csv-parse';
import iconv from 'iconv-lite';

/** Options for reading one publisher's CSV. */
export interface CsvOptions {
  readonly encoding?: 'utf8' | 'windows-1252' | 'latin1';
  readonly delimiter?: string;
  /** Tolerate quotes inside quoted fields (EBRD) and rows of uneven length. */
  readonly lenient?: boolean;
  /** Number of leading lines to skip (metadata lines before the header). */
  readonly skipLines?: number;
  /** Accept a last row shorter than the first (header) row; by default that is a file cut mid-record. */
  readonly raggedLastRow?: boolean;
}

/**
 * Yields each row as an array of raw strings (BOM stripped, empty lines skipped). After the last row, throws
 * when it has fewer cells than the first (the header): a download cut mid-record ends with such a row.
 */
export async function* csvRows(input: Readable, opts: CsvOptions = {}): AsyncGenerator<string[]> {
  const options: Options = {
    bom: true,
    delimiter: opts.delimiter ?? ',',
    relax_column_count: true,
    relax_quotes: opts.lenient ?? false,
    skip_empty_lines: true,
    from_line: (opts.skipLines ?? 0) + 1,
  };
  const parser = parse(options);
  // pipeline (not pipe) so a read error on the file reaches the parser instead of stalling the loop.
  const stages: NodeJS.ReadWriteStream[] =
    opts.encoding && opts.encoding !== 'utf8' ? [iconv.decodeStream(opts.encoding)] : [];
  const done = pipeline(input, ...(stages as [NodeJS.ReadWriteStream]), parser).catch((err: unknown) => {
    parser.destroy(err as Error);
  });
  let first: number | null = null;
  let last = 0;
  let rows = 0;
  for await (const row of parser) {
    const cells = row as string[];
    first ??= cells.length;
    last = cells.length;
    rows++;
    yield cells;
  }
  await done;
  if (!opts.raggedLastRow && rows > 1 && first !== null && last < first)
    throw new Error(
      `the last row has ${last} of the header's ${first} columns: the file is cut short (row ${rows})`,
    );
}
