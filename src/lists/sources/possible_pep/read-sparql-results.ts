// Reads the saved WDQS answer (SPARQL 1.1 JSON results) whole, under a size cap, and checks its shape. Read and
// JSON.parse'd rather than streamed: a streaming JSON parser would be a new dependency, and the bounded query keeps
// the file well under the cap (measured: 250,000 rows = 205 MB, parsed in ~10 s with ~0.9 GB resident).
import { buffer } from 'node:stream/consumers';
import type { FileSet } from '../../list-source.js';
import type { SparqlBinding } from './binding-to-entry.js';

/** The results' bindings (the array itself: the caller may clear slots as it goes so they can be collected). */
export async function readSparqlResults(
  files: FileSet,
  file: string,
  opts: { readonly maxBytes: number; readonly requiredVars: readonly string[] },
): Promise<Array<SparqlBinding | null | undefined>> {
  const declared = files.size(file);
  if (declared > opts.maxBytes) {
    throw new Error(`${file}: ${declared} bytes exceeds the ${opts.maxBytes}-byte cap; narrow the query`);
  }
  const bytes = await buffer(files.open(file));
  if (bytes.length > opts.maxBytes)
    throw new Error(`${file}: more than ${opts.maxBytes} bytes; narrow the query`);
  let doc: { head?: { vars?: unknown }; results?: { bindings?: unknown } } | null;
  try {
    doc = JSON.parse(bytes.toString('utf8')) as typeof doc;
  } catch (err) {
    // WDQS ends a timed-out response with a Java stack trace, which makes the JSON invalid: never partial data.
    throw new Error(`${file}: not valid JSON (truncated, or a query timeout?): ${(err as Error).message}`, {
      cause: err,
    });
  }
  const vars = doc?.head?.vars;
  const bindings = doc?.results?.bindings;
  if (!Array.isArray(vars) || !Array.isArray(bindings)) {
    throw new Error(`${file}: not SPARQL JSON results (head.vars and results.bindings expected)`);
  }
  const missing = opts.requiredVars.filter((v) => !vars.includes(v));
  if (missing.length > 0) throw new Error(`${file}: the query does not select ${missing.join(', ')}`);
  return bindings as Array<SparqlBinding | null | undefined>;
}
