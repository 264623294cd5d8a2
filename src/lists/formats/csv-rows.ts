// Streams CSV rows with csv-parse, decoding the publisher's encoding on the way (OFAC: Windows-1252).
import type { Readable } from 'node:stream';
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
}

/** Yields each row as an array of raw strings (BOM stripped, empty lines skipped). */
export async function* csvRows(input: Readable, opts: CsvOptions = {}): AsyncGenerator<string[]> {
  const decoded =
    opts.encoding && opts.encoding !== 'utf8' ? input.pipe(iconv.decodeStream(opts.encoding)) : input;
  const options: Options = {
    bom: true,
    delimiter: opts.delimiter ?? ',',
    relax_column_count: true,
    relax_quotes: opts.lenient ?? false,
    skip_empty_lines: true,
    from_line: (opts.skipLines ?? 0) + 1,
  };
  const parser = decoded.pipe(parse(options));
  for await (const row of parser) yield row as string[];
}
