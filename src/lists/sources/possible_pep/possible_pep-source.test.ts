import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ListEntry } from '../../list-source.js';
import { pathFileSet } from '../../formats/local-file-set.js';
import { collect } from '../../../test-support/collect.js';
import { memoryFileSet } from '../../../test-support/memory-file-set.js';
import {
  PEP_JSON,
  PEP_JSON_MAX_BYTES,
  PEP_QUERY_LIMIT,
  WIKIDATA_PEP_QUERY,
  WIKIDATA_PEP_URL,
  possiblePepSource,
} from './possible_pep-source.js';
import { birthDateOf, wikidataDate } from './binding-to-entry.js';

const fixture = pathFileSet({ [PEP_JSON]: path.join(import.meta.dirname, 'fixtures', PEP_JSON) });

const E = 'http://www.wikidata.org/entity/';
const results = (
  bindings: unknown[],
  vars = ['person', 'personLabel', 'position', 'positionLabel', 'start', 'end'],
) => JSON.stringify({ head: { vars }, results: { bindings } });
const uri = (q: string) => ({ type: 'uri', value: `${E}${q}` });
const lit = (value: string) => ({ 'xml:lang': 'en', type: 'literal', value });

describe('possible_pep fixture (WDQS JSON results)', () => {
  let entries: ListEntry[];
  beforeAll(async () => {
    entries = await collect(possiblePepSource, fixture);
  });

  it('yields one entry per position held, with the 5 record keys in order', () => {
    expect(entries.map((e) => e.sourceUid)).toEqual([
      'Q990000001:Q990100001:2019-05-14',
      'Q990000001:Q990100002:2012',
      'Q990000001:Q990100003:2008-10-06',
      'Q990000001:Q990100003:2016-10-03',
      'Q990000002:Q990100004:2021-06',
      'Q990000004:Q990100005:na',
      'Q990000005:Q990100006:2010',
      'Q990000005:Q990100006:2010#2',
    ]);
    for (const e of entries) {
      expect(e.list).toBe('possible_pep');
      expect(e.kind).toBe('person');
      expect(e.aliases).toEqual([]);
      expect(Object.keys(e.record)).toEqual(['name', 'person', 'position_qid', 'start_date', 'end_date']);
      expect(e.record['name']).toBe(e.name);
    }
  });

  it('gives a person with several offices one entry per office, dates as precise as published', () => {
    const maria = entries.filter((e) => e.record['person'] === 'Q990000001');
    expect(maria.map((e) => e.name)).toEqual(Array(4).fill('Maria Example-Tester'));
    expect(maria[1]!.record).toEqual({
      name: 'Maria Example-Tester',
      person: 'Q990000001',
      position_qid: 'Q990100002',
      start_date: '2012', // year precision (9)
      end_date: '2015-03', // month precision (10)
    });
    expect(entries[4]!.name).toBe('Иван Тестович Примеров');
  });

  it('drops a person whose label is the QID fallback and a repeated identical binding', () => {
    expect(entries.some((e) => e.record['person'] === 'Q990000003')).toBe(false);
    expect(entries.filter((e) => e.record['person'] === 'Q990000004')).toHaveLength(1);
  });

  it('keeps two statements with the same start but different ends apart (#2)', () => {
    const [a, b] = entries.filter((e) => e.record['person'] === 'Q990000005');
    expect([a!.record['end_date'], b!.record['end_date']]).toEqual(['2014', '2012']);
  });

  it("gives every entry the holder's dates of birth and citizenships as facts, outside the five-field record", () => {
    const facts = (qid: string) => entries.filter((e) => e.record['person'] === qid).map((e) => e.facts);
    // Day precision (11), two citizenships (P27 → P297), the same on each of the person's four offices.
    expect(facts('Q990000001')).toEqual(
      Array(4).fill({ birthDates: ['1968-04-21'], countries: ['DE', 'FR'] }),
    );
    // Two year-precision (9) dates of birth published: both kept, as years.
    expect(facts('Q990000002')).toEqual([{ birthDates: ['1959', '1960'], countries: ['RU'] }]);
    // Decade precision (8) says no birth year; no citizenship with an ISO code: no facts, nothing contradicts.
    expect(facts('Q990000004')).toEqual([{ birthDates: [], countries: [] }]);
    // Month precision (10).
    expect(facts('Q990000005')).toEqual(Array(2).fill({ birthDates: ['1971-03'], countries: ['EG'] }));
    expect(possiblePepSource.factsInEntries).toBe(true);
  });

  it('reads a date of birth only at year precision or finer, and only a plausible one', () => {
    expect(birthDateOf('1968-04-21T00:00:00Z/11')).toBe('1968-04-21');
    expect(birthDateOf('1968-04-01T00:00:00Z/10')).toBe('1968-04');
    expect(birthDateOf('1968-01-01T00:00:00Z/9')).toBe('1968');
    expect(birthDateOf('1960-01-01T00:00:00Z/8')).toBeNull(); // the 1960s
    expect(birthDateOf('-0044-01-01T00:00:00Z/9')).toBeNull();
    expect(birthDateOf('1968-04-21T00:00:00Z')).toBeNull(); // no precision
    expect(birthDateOf('t1234/11')).toBeNull(); // WDQS's skolem for an unknown value is not a time
  });

  it('normalises Wikidata times by precision, keeping them as published without one', () => {
    const t = (v: string) => ({ type: 'literal', value: v });
    expect(wikidataDate(t('2001-05-07T00:00:00Z'), t('11'))).toBe('2001-05-07');
    expect(wikidataDate(t('-0044-03-15T00:00:00Z'), t('9'))).toBe('-0044');
    expect(wikidataDate(t('1990-01-01T00:00:00Z'), undefined)).toBe('1990-01-01T00:00:00Z');
    expect(wikidataDate(undefined, undefined)).toBeNull();
  });

  it('publishes the query it expects: the variables read, the URL it is sent to', () => {
    for (const v of [
      '?person',
      '?personLabel',
      '?position',
      '?start',
      '?startPrecision',
      '?end',
      '?endPrecision',
      '?births',
      '?citizenships',
      'p:P569',
      'wdt:P27',
      'wdt:P297',
    ]) {
      expect(WIKIDATA_PEP_QUERY).toContain(v);
    }
    expect(WIKIDATA_PEP_QUERY).toContain(`LIMIT ${PEP_QUERY_LIMIT}`);
    const url = new URL(WIKIDATA_PEP_URL);
    expect(url.origin + url.pathname).toBe('https://query.wikidata.org/sparql');
    expect(url.searchParams.get('query')).toBe(WIKIDATA_PEP_QUERY);
    expect(url.searchParams.get('format')).toBe('json');
    expect(possiblePepSource.fileSets).toEqual([[{ name: 'wikidata_peps.json', url: WIKIDATA_PEP_URL }]]);
  });

  it('is the query documented in docs/lists/possible_pep.md', () => {
    const doc = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../docs/lists/possible_pep.md'),
      'utf8',
    );
    expect(doc).toContain(WIKIDATA_PEP_QUERY.trim());
  });
});

describe('possible_pep malformed input', () => {
  it('throws on truncated JSON (a WDQS timeout ends the body with a stack trace)', async () => {
    const json = results([{ person: uri('Q1'), personLabel: lit('A'), position: uri('Q2') }]);
    await expect(
      collect(possiblePepSource, memoryFileSet({ [PEP_JSON]: json.slice(0, -10) })),
    ).rejects.toThrow(/wikidata_peps\.json: not valid JSON/);
    await expect(
      collect(
        possiblePepSource,
        memoryFileSet({ [PEP_JSON]: `${json.slice(0, 60)}\njava.util.concurrent.TimeoutException` }),
      ),
    ).rejects.toThrow(/not valid JSON/);
  });

  it('throws on JSON that is not SPARQL results, or a query without the needed variables', async () => {
    await expect(collect(possiblePepSource, memoryFileSet({ [PEP_JSON]: '{"error":"x"}' }))).rejects.toThrow(
      /not SPARQL JSON results/,
    );
    await expect(
      collect(possiblePepSource, memoryFileSet({ [PEP_JSON]: results([], ['person', 'position']) })),
    ).rejects.toThrow(/does not select personLabel/);
  });

  it('throws naming the binding when person or position is not a Wikidata item', async () => {
    const json = results([
      { person: uri('Q1'), personLabel: lit('A'), position: uri('Q2') },
      { person: { type: 'bnode', value: 't1' }, personLabel: lit('B'), position: uri('Q2') },
    ]);
    await expect(collect(possiblePepSource, memoryFileSet({ [PEP_JSON]: json }))).rejects.toThrow(
      /binding #2: "person" is not a Wikidata item URI/,
    );
  });

  it('refuses a file over the size cap before reading it', async () => {
    const json = results([]);
    await expect(
      collect(
        possiblePepSource,
        memoryFileSet({ [PEP_JSON]: json }, { sizes: { [PEP_JSON]: PEP_JSON_MAX_BYTES + 1 } }),
      ),
    ).rejects.toThrow(/exceeds the .*-byte cap/);
  });
});

// ../shared/lists holds no Wikidata extract (its README lists "Wikidata PEP extracts" as not available),
// so scale is checked on a generated result in the WDQS shape instead of a real file.
describe('possible_pep generated result at scale', () => {
  it('parses 20,000 bindings (~16 MB) and keeps every labelled one', async () => {
    const bindings = Array.from({ length: 20_000 }, (_, i) => ({
      person: uri(`Q${1_000_000 + i}`),
      personLabel: i % 100 === 0 ? { type: 'literal', value: `Q${1_000_000 + i}` } : lit(`Person ${i}`),
      position: uri(`Q${2_000_000 + (i % 500)}`),
      positionLabel: lit(`Position ${i % 500}`),
      start: {
        datatype: 'http://www.w3.org/2001/XMLSchema#dateTime',
        type: 'literal',
        value: '2020-01-01T00:00:00Z',
      },
      births: { type: 'literal', value: `${1940 + (i % 50)}-05-17T00:00:00Z/11` },
      citizenships: { type: 'literal', value: i % 7 === 0 ? 'FR DE' : 'IT' },
    }));
    const t = Date.now();
    const entries = await collect(
      possiblePepSource,
      memoryFileSet({
        [PEP_JSON]: JSON.stringify(
          {
            head: {
              vars: ['person', 'personLabel', 'position', 'positionLabel', 'start', 'births', 'citizenships'],
            },
            results: { bindings },
          },
          null,
          2,
        ),
      }),
    );
    console.info(`possible_pep: ${entries.length} entries from 20,000 bindings in ${Date.now() - t} ms`);
    expect(entries).toHaveLength(19_800);
    expect(new Set(entries.map((e) => e.sourceUid)).size).toBe(19_800);
    expect(entries[0]!.record['start_date']).toBe('2020-01-01T00:00:00Z'); // no precision variable
    expect(entries[0]!.facts).toEqual({ birthDates: ['1941-05-17'], countries: ['IT'] });
  });
});
