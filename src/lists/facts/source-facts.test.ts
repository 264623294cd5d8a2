// Each source's factsOf on its own fixtures (files written in the publisher's real format): the dates of birth,
// countries and kinds a screening qualifier is checked against, in the one normalised shape.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EntryFacts } from '../../domain/facts.js';
import { dirFileSet } from '../formats/local-file-set.js';
import type { ListEntry, ListSource } from '../list-source.js';
import { SOURCES } from '../registry.js';
import { collect } from '../../test-support/collect.js';
import { ofacFacts } from '../sources/ofac_sdn/ofac-record-to-entry.js';
import { ukFacts } from '../sources/uk_sanctions/uk-party-to-entry.js';

const SOURCES_DIR = path.resolve(import.meta.dirname, '../sources');

/** Every entry's facts of a source, parsed from one of its fixture folders, by the entry's name. */
async function factsByName(slug: string, sub = ''): Promise<Map<string, EntryFacts & { kind: string }>> {
  const source = SOURCES.find((s) => s.slug === slug) as ListSource;
  const entries = await collect(source, dirFileSet(path.join(SOURCES_DIR, slug, 'fixtures', sub)));
  return new Map(entries.map((e) => [e.name, { ...factsOf(source, e), kind: e.kind }]));
}

/** An entry's facts as ingestion stores them: the parser's when it sets them, else the source's `factsOf`. */
function factsOf(source: ListSource, e: ListEntry): EntryFacts {
  return e.facts ?? source.factsOf!(e.record);
}

/** The sources that publish facts: read from the record (`factsOf`) or set by the parser. */
const withFacts = (s: ListSource) => s.factsOf !== undefined || s.factsInEntries === true;

describe('facts of each list, from its fixtures', () => {
  it('OFAC (sdnList XML and legacy CSV remarks): dates of birth, nationality, address and flag countries', async () => {
    const xml = await factsByName('ofac_sdn', 'xml');
    expect(xml.get('PETROV, Ivan Sergeyevich')).toEqual({
      birthDates: ['1985-02-14', '1986'],
      countries: ['RU'],
      kind: 'person',
    });
    expect(xml.get('OCEAN FIXTURE')).toMatchObject({ countries: ['IR'], kind: 'vessel' });
    const csv = await factsByName('ofac_sdn', 'csv');
    expect(csv.get('PETROV, Ivan Sergeyevich')).toMatchObject({
      birthDates: ['1985-02-14'],
      countries: ['RU'],
    });
  });

  it('OFAC legacy CSV: the country after an identifier in the remarks, as the XML states id_country', () => {
    const record = {
      details: { published_format: 'csv' },
      remarks:
        'Registration Number 1871367 (Hong Kong); Tax ID No. 7725269347 (Russia); alt. Passport A1 (Man, Isle of); ' +
        "Telephone (98)(21)(66153220); Linked To: EXAMPLE HOLDING (Panama); a.k.a. 'ALPHA (Cuba)'.",
    };
    expect(ofacFacts(record).countries).toEqual(['HK', 'RU', 'IM']);
  });

  it('UK: an address with no country field and a country name as its last line', () => {
    const address = (lines: (string | null)[], country: string | null = null) => ({
      ...Object.fromEntries(lines.map((l, i) => [`address_line${i + 1}`, l])),
      postal_code: null,
      country,
    });
    const record = {
      addresses: [
        address(['Queen Victoria House', 'Victoria Street', null, null, 'Douglas', 'Isle of Man']),
        address(['Farm Outpost', 'West Bank'], 'Occupied Palestinian Territories'),
        address(['1 Georgia Street', 'Vancouver']),
      ],
    };
    expect(ukFacts(record).countries).toEqual(['PS', 'IM']);
  });

  it('UN: exact dates, years and ranges of years; nationalities and address countries', async () => {
    const un = await factsByName('un_consolidated');
    expect(un.get('HAMID SALEH ABDULLAH AL-QARNI')).toEqual({
      birthDates: ['1970-05-02', '1971', '1968', '1969', '1970', '1972'],
      countries: ['SA', 'YE'],
      kind: 'person',
    });
    expect(un.get('KORYO MARITIME TRADING CORPORATION')?.countries).toEqual(['KP', 'CN']);
  });

  it('EU: Gregorian dates only (an Islamic-calendar range is not a birth year), ISO codes as published', async () => {
    const eu = await factsByName('eu_consolidated');
    expect(eu.get('Khalid Mubarak Al-Harbi')).toMatchObject({
      birthDates: ['1979-11-03', '1978'],
      countries: ['SA'],
    });
    expect(eu.get('Reza Mohammadi-Tabrizi')).toMatchObject({ birthDates: [], countries: ['IR'] });
  });

  it('UK: placeholder days and months kept as the year; flags of ships', async () => {
    const uk = await factsByName('uk_sanctions');
    expect(uk.get('QASIM RAHIM ZARGHUN')).toMatchObject({
      birthDates: ['1961', '1963', '1962-07-04'],
      countries: ['AF', 'PK'],
    });
    expect(uk.get('NORDIC TEST TRADER')).toMatchObject({ countries: ['GA'], kind: 'vessel' });
  });

  it('the Consolidated Screening List: the alpha-2 code closing each address, never a state ("IL")', async () => {
    const csl = await factsByName('ita_consolidated');
    expect(csl.get('TESTOVA, Marina Ivanovna')).toMatchObject({ countries: ['RU', 'AE'] });
    expect(csl.get('JOHN Q. TESTER')?.countries).toEqual(['US']);
  });

  it('DFAT: a citizenship written as a demonym; SECO: day-month-year parts and ISO codes', async () => {
    expect((await factsByName('dfat_consolidated')).get('Hassan Test JOKARI')).toMatchObject({
      birthDates: ['1957-05-05'],
      countries: ['IR'],
    });
    const seco = await factsByName('seco_consolidated');
    expect(seco.get('Haurylenka Siarhei Mikalaevich')).toMatchObject({
      birthDates: ['1971-06-14'],
      countries: ['BY', 'RU'],
    });
    // An entity's day-month-year is its founding, never a birth date.
    for (const [, f] of seco) if (f.kind !== 'person') expect(f.birthDates).toEqual([]);
  });

  it('Interpol, FBI and the development banks: codes, demonyms, names', async () => {
    expect((await factsByName('interpol_red_notices')).get('MARIA JOSE PRUEBA GARCIA')).toMatchObject({
      birthDates: ['1985'],
      countries: ['AR', 'ES'],
    });
    expect((await factsByName('fbi_most_wanted')).get('TESTER ALEXEI VOLKOV')).toMatchObject({
      birthDates: ['1970-05-09', '1971-05-09'],
      countries: ['RU'],
    });
    expect((await factsByName('worldbank_debarred')).get('TESTLINK ELECTRIC CO., LTD.')?.countries).toEqual([
      'KR',
    ]);
  });

  it("a national register's own country where the record states none (HHS LEIE, ASIC)", async () => {
    const leie = await factsByName('hhs_oig_leie');
    expect(leie.get('JOHN Q TESTMAN')).toMatchObject({ birthDates: ['1965-07-04'], countries: ['US'] });
    const asic = await factsByName('asic_banned_organisations');
    for (const [, f] of asic) expect(f.countries).toEqual(['AU']);
  });

  it('possible_pep (Wikidata): dates of birth as precise as published, citizenships by their ISO code', async () => {
    const pep = await factsByName('possible_pep');
    expect(pep.get('Maria Example-Tester')).toEqual({
      birthDates: ['1968-04-21'],
      countries: ['DE', 'FR'],
      kind: 'person',
    });
    expect(pep.get('Ahmed Testawi')).toMatchObject({ birthDates: ['1971-03'], countries: ['EG'] });
  });

  it('every source with facts states at least one fact on some fixture entry', async () => {
    for (const source of SOURCES.filter(withFacts)) {
      const root = path.join(SOURCES_DIR, source.slug, 'fixtures');
      const dirs = [root, ...fs.readdirSync(root).map((d) => path.join(root, d))].filter((d) =>
        fs.statSync(d).isDirectory(),
      );
      let stated = 0;
      for (const dir of dirs) {
        let entries;
        try {
          entries = await collect(source, dirFileSet(dir));
        } catch {
          continue; // pages of a crawl, or a deliberately broken file
        }
        for (const e of entries) {
          const f = factsOf(source, e);
          if (f.birthDates.length + f.countries.length > 0) stated++;
        }
      }
      if (source.slug !== 'shadow_fleet_companies') expect(stated, source.slug).toBeGreaterThan(0);
    }
  });

  it('docs/lists.md names each source with facts in its facts table, and each other one as kind only', () => {
    const doc = fs.readFileSync(path.resolve(import.meta.dirname, '../../../docs/lists.md'), 'utf8');
    const section = doc.slice(doc.indexOf('## Facts about listed parties'), doc.indexOf('## Which lists'));
    const table = section.split('\n').filter((l) => l.startsWith('| `'));
    const kindOnly = section.slice(section.indexOf('kind only'));
    for (const source of SOURCES) {
      const tabled = table.some((row) => row.split('|')[1]!.includes(`\`${source.slug}\``));
      expect(tabled, `${source.slug} in the facts table`).toBe(withFacts(source));
      if (!withFacts(source)) expect(kindOnly, source.slug).toContain(`\`${source.slug}\``);
    }
  });
});
