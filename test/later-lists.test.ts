// The later lists wired into the service: the catalog carries all of them, v2 screens them (SEC as five lists),
// v1 does not, and every name a match returns resolves through entry details under the list's key.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dirFileSet } from '../src/lists/formats/local-file-set.js';
import type { ListEntry, ListSource } from '../src/lists/list-source.js';
import { ALL_SLUGS, SOURCES } from '../src/lists/registry.js';
import type { Service } from '../src/main.js';
import { signedUpUser, testService } from '../src/test-support/test-service.js';
import { testBackends } from '../src/test-support/test-stores.js';

const SOURCES_DIR = path.resolve(import.meta.dirname, '../src/lists/sources');
// One original list (so v1 has something loaded) and the later lists whose fixture folders hold parseable files.
const CARRIED = [
  'un_consolidated',
  'sec',
  'worldbank_debarred',
  'fbi_most_wanted',
  'interpol_red_notices',
  'afdb_debarred',
  'adb_debarred',
  'iadb_sanctioned',
  'ebrd_ineligible',
  'asic_banned_persons',
  'asic_banned_organisations',
  'hhs_oig_leie',
];

const source = (slug: string): ListSource => SOURCES.find((s) => s.slug === slug)!;

async function fixtureEntries(slug: string): Promise<ListEntry[]> {
  const out: ListEntry[] = [];
  for await (const e of source(slug).parse(dirFileSet(path.join(SOURCES_DIR, slug, 'fixtures')))) out.push(e);
  return out;
}

describe('the later lists in the service', () => {
  let service: Service;
  let dir: string;
  let key: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'later-lists-'));
    // LISTS_DIR/<slug>/ is each source's own fixture folder.
    for (const slug of CARRIED)
      fs.symlinkSync(path.join(SOURCES_DIR, slug, 'fixtures'), path.join(dir, slug));
    service = await testService(await testBackends()[0]!.open(), {
      LISTS_DIR: dir,
      SCREENING_LISTS: CARRIED.join(','),
    });
    await service.listService.idle();
    key = (await signedUpUser(service)).key;
  }, 60_000);
  afterAll(async () => {
    await service?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object) =>
    service.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });

  it('every carried list loads from its fixture; the catalog reports each fresh with its count', async () => {
    const res = await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': key } });
    const rows = res.json().lists as Array<{
      slug: string;
      status: string;
      record_count: number;
      legacy: boolean;
    }>;
    // The catalog shows every registered list; those SCREENING_LISTS leaves out are not carried.
    const carried = rows.filter((r) => r.status !== 'not_carried');
    expect(carried.map((r) => r.slug)).toEqual(CARRIED);
    for (const r of carried) {
      expect(r.status, `${r.slug}`).toBe('fresh');
      expect(r.record_count).toBe((await fixtureEntries(r.slug)).length);
      expect(r.legacy).toBe(r.slug === 'un_consolidated');
    }
  });

  it('v2 finds a name only a later list holds; v1 does not see that list', async () => {
    const [person] = (await fixtureEntries('hhs_oig_leie')).filter((e) => e.kind === 'person');
    expect(person).toBeDefined();
    const v2 = await post('/api/v2/search', { prompt: person!.name, search_type: 'strict_match' });
    expect(v2.statusCode).toBe(200);
    const hits = v2.json()['search results'] as Array<{ id: string; list: string; name: string }>;
    const hit = hits.find((m) => m.id === `hhs_oig_leie:${person!.sourceUid}`);
    expect(hit).toBeDefined();
    expect(hits.every((m) => m.list === 'hhs_oig_leie')).toBe(true);

    const v1 = await post('/api/v1/search', { prompt: person!.name, search_type: 'strict_match' });
    expect(v1.statusCode).toBe(200);
    expect(v1.json()['search results']).toEqual([]);

    const details = await post('/api/entry-details', { name: hit!.name });
    expect(Object.keys(details.json().entryData)).toContain('hhs_oig_leie');
  });

  it('SEC streams are reported as separate lists and resolve under the sec key with sec_list', async () => {
    const sec = await fixtureEntries('sec');
    const streams = new Set(sec.map((e) => e.list));
    expect(streams.size).toBeGreaterThanOrEqual(3);
    for (const stream of streams) {
      const entry = sec.find((e) => e.list === stream)!;
      const res = await post('/api/v2/search', { prompt: entry.name, search_type: 'strict_match' });
      const matches = res.json()['search results'] as Array<{ id: string; list: string; name: string }>;
      const mine = matches.find((m) => m.id === `${stream}:${entry.sourceUid}`);
      expect(mine, `${stream} ${entry.name}`).toBeDefined();
      const records = (await post('/api/entry-details', { name: mine!.name })).json().entryData.sec as Array<
        Record<string, unknown>
      >;
      expect(records.some((r) => `sec_${String(r.sec_list)}` === stream)).toBe(true);
    }
  });

  it('every name v2 returns for a later list resolves through entry details', async () => {
    for (const slug of ['fbi_most_wanted', 'interpol_red_notices', 'worldbank_debarred', 'ebrd_ineligible']) {
      const [entry] = await fixtureEntries(slug);
      const res = await post('/api/v2/search', { prompt: entry!.name, search_type: 'standard_match' });
      const matches = res.json()['search results'] as Array<{ list: string; name: string }>;
      expect(matches.length, slug).toBeGreaterThan(0);
      for (const m of matches) {
        const key = m.list.startsWith('sec_') ? 'sec' : m.list;
        const entryData = (await post('/api/entry-details', { name: m.name })).json().entryData;
        expect(Object.keys(entryData), `${slug}: ${m.name}`).toContain(key);
      }
    }
  });
});

describe('the catalog of a deployment carrying the default set', () => {
  const catalogOf = async (env: Record<string, string>) => {
    const service = await testService(await testBackends()[0]!.open(), env);
    try {
      const { key } = await signedUpUser(service);
      const res = await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': key } });
      return res.json().lists as Array<{ slug: string; status: string; reason: string | null }>;
    } finally {
      await service.close();
    }
  };

  it('lists every list of the spec, then the wallet sources; those that cannot load unattended not carried, saying why', async () => {
    const rows = await catalogOf({});
    expect(rows.map((r) => r.slug)).toEqual([...ALL_SLUGS, 'mixer_addresses', 'ransomwhere']);
    const left = rows.filter((r) => r.status === 'not_carried');
    expect(left.map((r) => r.slug)).toEqual(['worldbank_debarred', 'iadb_sanctioned']);
    expect(left.map((r) => r.reason)).toEqual([
      expect.stringMatching(/SCREENING_LIST_API_KEYS/),
      expect.stringMatching(/no open file/),
    ]);
    expect(new Set(rows.filter((r) => r.status !== 'not_carried').map((r) => r.status))).toEqual(
      new Set(['never_loaded']),
    );
  });

  it('with a mirror (or LISTS_DIR, or the World Bank key) those lists are carried too: all 26', async () => {
    const rows = await catalogOf({ SCREENING_LISTS_MIRROR_URL: 'http://127.0.0.1:9/mirror' });
    expect(rows.map((r) => r.slug)).toEqual([...ALL_SLUGS, 'mixer_addresses', 'ransomwhere']);
    expect(rows.filter((r) => r.status === 'not_carried')).toEqual([]);
    const keyed = await catalogOf({ SCREENING_LIST_API_KEYS: 'worldbank_debarred=k' });
    const leftOut = keyed.filter((r) => r.status === 'not_carried').map((r) => r.slug);
    expect(leftOut).not.toContain('worldbank_debarred');
    expect(leftOut).toContain('iadb_sanctioned');
  });
});
