// Every list's records, parsed from its fixtures, have exactly the fields and types entry-records.ts documents,
// so the OpenAPI document (and the typed client built from it) says what entry details really returns.
import fs from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { dirFileSet } from '../../lists/formats/local-file-set.js';
import { ALL_SLUGS, SOURCES } from '../../lists/registry.js';
import { bafinNoticeToEntry } from '../../lists/sources/bafin_warnings/bafin-notice-to-entry.js';
import { fcaWarningToEntry } from '../../lists/sources/fca_warnings/fca-warning-to-entry.js';
import { ncaPersonToEntry } from '../../lists/sources/nca_most_wanted/nca-person-to-entry.js';
import { shipsToCompanyEntries } from '../../lists/sources/shadow_fleet_companies/ship-companies-to-entry.js';
import { collect } from '../../test-support/collect.js';
import { ENTRY_RECORD_FIELDS, EntryData, entryRecordSchema } from './entry-records.js';

const SOURCES_DIR = path.resolve(import.meta.dirname, '../../lists/sources');

/** A source's fixture folder and its subfolders: the file sets its parse may read. */
const fixtureDirs = (slug: string): string[] => {
  const root = path.join(SOURCES_DIR, slug, 'fixtures');
  if (!fs.existsSync(root)) return [];
  return [
    root,
    ...fs
      .readdirSync(root)
      .map((d) => path.join(root, d))
      .filter((d) => fs.statSync(d).isDirectory()),
  ];
};

describe('entry record shapes', () => {
  const ajv = new Ajv({ strict: false, allErrors: true });

  it('has a shape for every name list and no other, each with the spec name field', () => {
    expect(Object.keys(ENTRY_RECORD_FIELDS).sort()).toEqual([...ALL_SLUGS].sort());
    expect(Object.keys(EntryData.properties).sort()).toEqual([...ALL_SLUGS].sort());
    for (const slug of ALL_SLUGS)
      expect(ENTRY_RECORD_FIELDS[slug]!, slug).toHaveProperty(
        slug === 'shadow_fleet_companies' ? 'company_name' : 'name',
        's',
      );
  });

  // Crawled sources keep the publisher's pages as fixtures (their own tests crawl them over loopback); every
  // source whose fixtures are its published files is parsed here.
  const parsed = SOURCES.filter((s) => ALL_SLUGS.includes(s.slug));
  for (const source of parsed) {
    it(`${source.slug}: fixture records match the documented shape`, async () => {
      const validate = ajv.compile(entryRecordSchema(source.slug));
      const fields = Object.keys(ENTRY_RECORD_FIELDS[source.slug]!);
      let seen = 0;
      for (const dir of fixtureDirs(source.slug)) {
        let entries;
        try {
          entries = await collect(source, dirFileSet(dir));
        } catch {
          continue; // not a file set this source reads (pages of a crawl, a deliberately broken file)
        }
        for (const e of entries) {
          seen++;
          expect(Object.keys(e.record), `${source.slug}:${e.sourceUid}`).toEqual(fields);
          expect(validate(e.record), `${source.slug}:${e.sourceUid} ${ajv.errorsText(validate.errors)}`).toBe(
            true,
          );
        }
      }
      if (seen === 0)
        expect(source.crawl, `${source.slug} has no parsable fixtures and is not crawled`).toBeDefined();
    });
  }

  // The crawled sources whose fixtures are pages: their records as their *-to-entry functions build them.
  const crawled: Array<[string, Record<string, unknown>]> = [
    [
      'bafin_warnings',
      bafinNoticeToEntry(
        {
          title: 'Example Capital Ltd.: Warnung',
          detail_url: 'https://www.bafin.de/x/1.html',
          date: '04.03.2025',
        },
        't',
      ).record,
    ],
    [
      'fca_warnings',
      fcaWarningToEntry({ title: 'Example Capital', detail_url: 'https://www.fca.org.uk/n/1' }, 't').record,
    ],
    [
      'nca_most_wanted',
      ncaPersonToEntry({ name: 'John Example', detail_url: 'https://nca.example/p/1' }, 't').record,
    ],
    [
      'shadow_fleet_companies',
      shipsToCompanyEntries([
        {
          ship_id: '1',
          detail_url: 'https://war-sanctions.example/ship/1',
          name: 'EXAMPLE STAR',
          imo: '9000001',
          flag: 'PA',
          companies: [
            {
              role: 'owner',
              role_label: 'Owner',
              name: 'Example Shipping',
              company_imo: '1234567',
              country: 'AE',
              since: null,
            },
          ],
        },
      ])[0]!.record,
    ],
  ];
  for (const [slug, record] of crawled)
    it(`${slug}: records as the crawl builds them match the documented shape`, () => {
      const validate = ajv.compile(entryRecordSchema(slug));
      expect(Object.keys(record)).toEqual(Object.keys(ENTRY_RECORD_FIELDS[slug]!));
      expect(validate(record), ajv.errorsText(validate.errors)).toBe(true);
    });
});
