// Reads the objects of the ransomwhe.re export: the live endpoint wraps them as {"result": [...]}, copies of it are
// often the bare array. The file is read whole under a size cap and JSON.parse'd (the 2022 export is 4 MB, far
// under the cap): a streaming JSON library would be a dependency whose author does not vouch for it on input from
// the open internet, which this community export is, and JSON.parse is exact about what it accepts.
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';

/** One element of the export's array, parsed, with its 1-based position for error messages. */
export interface ExportItem {
  readonly value: unknown;
  readonly index: number;
}

/** A larger export is refused rather than risking the process's heap. */
export const EXPORT_MAX_BYTES = 256 * 1024 * 1024;

/** The SyntaxError of a cut download (the parser ran out of text) told apart from other invalid JSON. */
function invalid(err: Error, text: string, file: string): Error {
  const at = /at position (\d+)/.exec(err.message);
  if (/Unexpected end of JSON input/.test(err.message) || (at && Number(at[1]) >= text.trimEnd().length))
    return new Error(`${file}: ends before the JSON document is complete (cut download?)`, { cause: err });
  if (/after JSON/.test(err.message))
    return new Error(`${file}: unexpected content after the end of the JSON document`, { cause: err });
  return new Error(`${file}: not valid JSON: ${err.message}`, { cause: err });
}

/**
 * Yields each object of the export's array (`{"result": [...]}`, other top-level keys ignored, or a bare
 * `[...]`). Throws, naming the file, on anything else: a non-object item, invalid JSON, a wrapper without
 * `result`, content after the document, or a file that ends early (a cut download).
 */
export async function* readExportItems(
  input: Readable,
  file: string,
  maxBytes = EXPORT_MAX_BYTES,
): AsyncGenerator<ExportItem> {
  const bytes = await buffer(input);
  if (bytes.length > maxBytes) throw new Error(`${file}: more than ${maxBytes} bytes`);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const first = text.trimStart()[0];
  if (first === undefined) throw new Error(`${file}: empty file`);
  if (first !== '[' && first !== '{')
    throw new Error(`${file}: expected a JSON array or an object with a "result" array`);
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw invalid(err as Error, text, file);
  }
  let items: unknown;
  if (Array.isArray(doc)) items = doc;
  else {
    const wrapper = doc as Record<string, unknown>;
    if (!('result' in wrapper)) throw new Error(`${file}: no "result" array in the top-level object`);
    items = wrapper['result'];
    if (!Array.isArray(items)) throw new Error(`${file}: "result" is not an array`);
  }
  for (const [i, value] of (items as unknown[]).entries()) {
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw new Error(`${file}: item #${i + 1} is not an object`);
    yield { value, index: i + 1 };
  }
}
