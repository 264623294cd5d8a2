// Possible PEPs from Wikidata: holders of public positions, from one SPARQL query saved as JSON results.
// OpenSanctions discovers positions per territory (one query per country, because batched queries hit
// the 60-second timeout); this list keeps to a single bounded query instead, so that a refresh is one
// download of one file. The trade-off is coverage: positions are found only by subclass (P279*) of a few
// role classes, and a LIMIT caps the statements (an arbitrary subset beyond it, since ORDER BY over this many
// rows risks the timeout). See docs/lists/possible_pep.md.
import type { FileSet, ListEntry, ListSource } from '../../list-source.js';
import { bindingToEntry } from './binding-to-entry.js';
import { readSparqlResults } from './read-sparql-results.js';

/** Role classes whose subclasses are searched: head of state, head of government, minister,
 * member of parliament, judge, ambassador. */
export const PEP_ROLE_CLASSES = ['Q48352', 'Q2285706', 'Q83307', 'Q486839', 'Q16533', 'Q121998'] as const;

/** Statements returned at most; ~200k rows with their facts is ~205 MB of pretty-printed JSON, under PEP_JSON_MAX_BYTES. */
export const PEP_QUERY_LIMIT = 200_000;

/** Label languages, in order of preference; a person with none of them gets their QID as label (dropped). */
export const PEP_LABEL_LANGUAGES = 'en,mul,fr,es,de,pt,it,ru,uk,ar,zh,ja';

/**
 * The SPARQL query: one row per position-held (P39) statement, with start/end (P580/P582) and their precision, and
 * the holder's facts: dates of birth (P569, best rank, each as `<time>/<precision>`) and ISO 3166-1 alpha-2 codes
 * (P297) of the countries of citizenship (P27). The statements are chosen and limited in a subquery first, so the
 * LIMIT bounds the work; the facts are joined to those rows and grouped back to one row per statement (a person
 * with two dates of birth and three citizenships would otherwise give six rows per office).
 */
export const WIKIDATA_PEP_QUERY = `PREFIX wd: <http://www.wikidata.org/entity/>
PREFIX wdt: <http://www.wikidata.org/prop/direct/>
PREFIX p: <http://www.wikidata.org/prop/>
PREFIX ps: <http://www.wikidata.org/prop/statement/>
PREFIX psv: <http://www.wikidata.org/prop/statement/value/>
PREFIX pqv: <http://www.wikidata.org/prop/qualifier/value/>
PREFIX wikibase: <http://wikiba.se/ontology#>
PREFIX bd: <http://www.bigdata.com/rdf#>
SELECT ?person ?personLabel ?position ?positionLabel ?start ?startPrecision ?end ?endPrecision
       (GROUP_CONCAT(DISTINCT ?birthAt; separator=" ") AS ?births)
       (GROUP_CONCAT(DISTINCT ?citizenshipCode; separator=" ") AS ?citizenships) WHERE {
  {
    SELECT ?person ?position ?start ?startPrecision ?end ?endPrecision WHERE {
      VALUES ?role { ${PEP_ROLE_CLASSES.map((q) => `wd:${q}`).join(' ')} }
      ?position wdt:P279* ?role .
      ?person p:P39 ?held .
      ?held ps:P39 ?position ;
            wikibase:rank ?rank .
      FILTER (?rank != wikibase:DeprecatedRank)
      ?person wdt:P31 wd:Q5 .
      OPTIONAL { ?held pqv:P580 ?startValue . ?startValue wikibase:timeValue ?start ; wikibase:timePrecision ?startPrecision . }
      OPTIONAL { ?held pqv:P582 ?endValue . ?endValue wikibase:timeValue ?end ; wikibase:timePrecision ?endPrecision . }
      FILTER (!BOUND(?end) || YEAR(?end) >= YEAR(NOW()) - 20)
      FILTER NOT EXISTS { ?person wdt:P570 ?died . FILTER (YEAR(?died) < YEAR(NOW()) - 5) }
    }
    LIMIT ${PEP_QUERY_LIMIT}
  }
  OPTIONAL {
    ?person p:P569 ?birthStatement .
    ?birthStatement a wikibase:BestRank ; psv:P569 ?birthValue .
    ?birthValue wikibase:timeValue ?birth ; wikibase:timePrecision ?birthPrecision .
    BIND (CONCAT(STR(?birth), "/", STR(?birthPrecision)) AS ?birthAt)
  }
  OPTIONAL { ?person wdt:P27 ?citizenship . ?citizenship wdt:P297 ?citizenshipCode . }
  SERVICE wikibase:label { bd:serviceParam wikibase:language "${PEP_LABEL_LANGUAGES}". }
}
GROUP BY ?person ?personLabel ?position ?positionLabel ?start ?startPrecision ?end ?endPrecision
`;

/** The official address: GET with the query URL-encoded, JSON results (application/sparql-results+json). */
export const WIKIDATA_PEP_URL = `https://query.wikidata.org/sparql?query=${encodeURIComponent(WIKIDATA_PEP_QUERY)}&format=json`;

/** The local file name of the query result. */
export const PEP_JSON = 'wikidata_peps.json';

/** Largest result file read (bytes); a bigger one is refused rather than risking the process's heap. */
export const PEP_JSON_MAX_BYTES = 256 * 1024 * 1024;

const REQUIRED_VARS = ['person', 'personLabel', 'position'] as const;

async function* parsePep(files: FileSet): AsyncGenerator<ListEntry> {
  const bindings = await readSparqlResults(files, PEP_JSON, {
    maxBytes: PEP_JSON_MAX_BYTES,
    requiredVars: REQUIRED_VARS,
  });
  const seen = new Map<string, string[]>();
  for (let i = 0; i < bindings.length; i++) {
    const b = bindings[i];
    bindings[i] = undefined; // lets the parsed document be collected as the entries go out
    if (b === null || b === undefined || typeof b !== 'object')
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
  factsInEntries: true,
};
