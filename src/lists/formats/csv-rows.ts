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
}

/** Yields each row as an array of raw strings (BOM stripped, empty lines skipped). */
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
  for await (const row of parser) yield row as string[];
  await done;
}
