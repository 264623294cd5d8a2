// Reads ASIC's banned and disqualified registers (data.gov.au CSV) for both ASIC sources: the delimiter is
// taken from the header line (comma or tab: the live files have not been verified), columns by header name,
// DD/MM/YYYY dates, and ASIC's placeholder values that mean "nothing stated".
import { Readable } from 'node:stream';
import { csvRows } from '../../formats/csv-rows.js';

/** Values ASIC writes where it has nothing to state. */
export const ASIC_PLACEHOLDERS: readonly string[] = [
  'ADDRESS UNKNOWN',
  'INVALID AUSTRALIAN ADDRESS',
  'NO COMMENT MADE',
];

/** Trimmed, whitespace collapsed; empty or a placeholder (any case) is null. */
export function asicValue(raw: string | undefined): string | null {
  const t = (raw ?? '').replace(/\s+/g, ' ').trim();
  if (!t || ASIC_PLACEHOLDERS.includes(t.toUpperCase())) return null;
  return t;
}

/** `DD/MM/YYYY` (also D/M/YYYY) to `YYYY-MM-DD`; blank is null; another shape is kept as published. */
export function asicDate(raw: string | undefined): string | null {
  const t = asicValue(raw);
  if (t === null) return null;
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  if (!m) return t;
  const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : t;
}

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

/** Column positions by our key, from header names (case-insensitive); throws naming missing required ones. */
export function asicLayout<K extends string>(
  header: readonly string[],
  columns: Readonly<Record<K, string>>,
  required: readonly K[],
  file: string,
): ReadonlyMap<K, number> {
  const norm = header.map((h) =>
    h
      .replace(/^\uFEFF/, '')
      .trim()
      .toUpperCase(),
  );
  const layout = new Map<K, number>();
  for (const [key, name] of Object.entries(columns) as Array<[K, string]>) {
    const i = norm.indexOf(name);
    if (i >= 0) layout.set(key, i);
  }
  const missing = required.filter((k) => !layout.has(k));
  if (missing.length > 0)
    throw new Error(
      `${file}: header lacks ${missing.map((k) => columns[k]).join(', ')} (got ${norm.join(', ')})`,
    );
  return layout;
}
