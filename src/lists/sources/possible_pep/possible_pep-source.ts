// Possible PEPs from Wikidata: holders of public positions, from one SPARQL query saved as JSON results.
// The file is read whole and JSON.parse'd, under a size cap, instead of streamed: a streaming JSON parser
// would be a new dependency or a hand-written tokenizer, and the bounded query keeps the file well under the
// cap (measured: 250,000 rows = 205 MB, parsed in ~10 s with ~0.9 GB resident).
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { bindingToEntry, type SparqlBinding } from './binding-to-entry.js';
import { WIKIDATA_PEP_URL } from './wikidata-query.js';

/** The local file name of the query result. */
export const PEP_JSON = 'wikidata_peps.json';

/** Largest result file read (bytes); a bigger one is refused rather than risking the process's heap. */
export const PEP_JSON_MAX_BYTES = 256 * 1024 * 1024;

const REQUIRED_VARS = ['person', 'personLabel', 'position'] as const;

async function readJson(files: FileSet): Promise<unknown> {
  const declared = files.size(PEP_JSON);
  if (declared > PEP_JSON_MAX_BYTES) {
    throw new Error(
      `${PEP_JSON}: ${declared} bytes exceeds the ${PEP_JSON_MAX_BYTES}-byte cap; narrow the query`,
    );
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const c of files.open(PEP_JSON)) {
    const chunk = Buffer.isBuffer(c) ? c : Buffer.from(c as string);
    total += chunk.length;
    if (total > PEP_JSON_MAX_BYTES)
      throw new Error(`${PEP_JSON}: more than ${PEP_JSON_MAX_BYTES} bytes; narrow the query`);
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch (err) {
    // WDQS ends a timed-out response with a Java stack trace, which makes the JSON invalid: never partial data.
    throw new Error(
      `${PEP_JSON}: not valid JSON (truncated, or a query timeout?): ${(err as Error).message}`,
      {
        cause: err,
      },
    );
  }
}

async function* parsePep(files: FileSet): AsyncGenerator<ListEntry> {
  const doc = (await readJson(files)) as {
    head?: { vars?: unknown };
    results?: { bindings?: unknown };
  } | null;
  const vars = doc?.head?.vars;
  const bindings = doc?.results?.bindings;
  if (!Array.isArray(vars) || !Array.isArray(bindings)) {
    throw new Error(`${PEP_JSON}: not SPARQL JSON results (head.vars and results.bindings expected)`);
  }
  const missing = REQUIRED_VARS.filter((v) => !vars.includes(v));
  if (missing.length > 0) throw new Error(`${PEP_JSON}: the query does not select ${missing.join(', ')}`);

  const seen = new Map<string, string[]>();
  for (let i = 0; i < bindings.length; i++) {
    const b = bindings[i] as SparqlBinding | null;
    bindings[i] = undefined; // lets the parsed document be collected as the entries go out
    if (b === null || typeof b !== 'object')
      throw new Error(`${PEP_JSON}: binding #${i + 1} is not an object`);
    const entry = bindingToEntry(b, `${PEP_JSON}: binding #${i + 1}`);
    if (!entry) continue; // no label in any requested language: nothing to screen by name
    const content = JSON.stringify(entry.record);
    const before = seen.get(entry.sourceUid) ?? [];
    if (before.includes(content)) continue; // the same statement twice (SPARQL row multiplication)
    seen.set(entry.sourceUid, [...before, content]);
    yield before.length === 0 ? entry : { ...entry, sourceUid: `${entry.sourceUid}#${before.length + 1}` };
  }
}

/** Possible politically exposed persons (Wikidata position holders; not an official list). */
export const possiblePepSource: ListSource = {
  slug: 'possible_pep',
  title: 'Possible politically exposed persons',
  publisher: 'Wikidata',
  legacy: true,
  format: 'SPARQL 1.1 query results, JSON (application/sparql-results+json), one binding per position held',
  cadence: 'Live data; refreshed by re-running the query (results cached 5 minutes by the endpoint)',
  fileSets: [[{ name: PEP_JSON, url: WIKIDATA_PEP_URL }]],
  parse: parsePep,
};
