// Delta screening through the real service: a new list version screens only its added and changed entries against
// every account's subjects (alerts as a search of the subject would give them: both directions agree on the match
// and the score), reopens cleared alerts whose listed record changed, never a confirmed one, and closes open alerts
// of removed entries as delisted (kept). On SQLite and PostgreSQL.
import { v7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '../../main.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../test-support/loopback-server.js';
import { syntheticEntries } from '../../test-support/synthetic-names.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testSource } from '../../test-support/test-source.js';
import { testBackends } from '../../test-support/test-stores.js';

interface AlertBody {
  id: string;
  status: string;
  subject: { id: string; reference: string | null; name: string };
  match: { id: string; name: string; list: string; source_uid: string; match_score: number };
  history?: Array<{ who: string | null; from: string | null; to: string; reason: string }>;
}

const SEARCH_TYPES = ['strict_match', 'standard_match', 'permissive_match', 'fuzzy_search'] as const;

/** Listed entries (uid, name, aliases) and subjects near some of them: typos, token order, aliases, strangers. */
function fixtures(types: readonly string[] = SEARCH_TYPES) {
  const entries = syntheticEntries(240, 7).map((e, i) => ({
    uid: `E${i}`,
    name: e.name,
    aliases: [...e.aliases],
  }));
  const typo = (s: string) => (s.length > 4 ? s.slice(0, 2) + s[3] + s[2] + s.slice(4) : s);
  const subjects: Array<{ name: string; reference: string; search_type: string }> = [];
  entries.slice(0, 60).forEach((e, i) => {
    const tokens = e.name.replace(',', '').split(' ');
    const name = [
      e.name,
      typo(e.name),
      [...tokens].reverse().join(' '),
      e.aliases[0] ?? e.name.toLowerCase(),
    ][i % 4]!;
    subjects.push({ name, reference: `near-${i}`, search_type: types[i % types.length]! });
  });
  syntheticEntries(40, 99).forEach((e, i) =>
    subjects.push({ name: e.name, reference: `far-${i}`, search_type: types[i % types.length]! }),
  );
  return { entries, subjects };
}

const COUNTRIES = ['RU', 'FR', 'CN'] as const;

/** Entries `Q<i>` publish a birth year and a country; the others publish no facts. */
function qualifiedFacts(record: Readonly<Record<string, unknown>>) {
  const uid = String(record['uid']);
  if (!uid.startsWith('Q')) return { birthDates: [], countries: [] };
  const i = Number(uid.slice(1));
  return { birthDates: [String(1950 + (i % 40))], countries: [COUNTRIES[i % 3]!] };
}

const file = (rows: ReadonlyArray<{ uid: string; name: string; aliases: readonly string[] }>) =>
  ['uid|name|aliases', ...rows.map((r) => `${r.uid}|${r.name}|${r.aliases.join(';')}`)].join('\n');

// Every search type among the subjects, or only strict and standard ones: both directions must agree either way.
const VARIANTS = [
  { label: 'every search type', types: SEARCH_TYPES },
  { label: 'strict and standard only', types: ['strict_match', 'standard_match'] },
] as const;

for (const backend of testBackends())
  for (const variant of VARIANTS)
    describe(`delta screening (${backend.name}, ${variant.label})`, () => {
      let pub: LoopbackServer;
      let service: Service;
      const { entries, subjects } = fixtures(variant.types);
      const seed = { uid: 'X0', name: 'Quentin Placeholder', aliases: [] as string[] };

      const publish = (rows: ReadonlyArray<{ uid: string; name: string; aliases: readonly string[] }>) =>
        pub.routes.set('/mirror/test_list/names.txt', staticFile(file(rows)));
      const refresh = async () => (await service.listService.refresh(['test_list']))[0]!.status;
      const call = (method: 'GET' | 'POST', url: string, key: string, body?: unknown) =>
        service.app.inject({
          method,
          url,
          headers: { 'x-api-key': key },
          ...(body !== undefined && { payload: body as Record<string, unknown> }),
        });
      const alerts = async (key: string, query = ''): Promise<AlertBody[]> => {
        const out: AlertBody[] = [];
        let cursor: string | null = null;
        do {
          const res = await call(
            'GET',
            `/api/v2/alerts?limit=1000${query}${cursor ? `&cursor=${cursor}` : ''}`,
            key,
          );
          expect(res.statusCode).toBe(200);
          const body = res.json() as { alerts: AlertBody[]; next_cursor: string | null };
          out.push(...body.alerts);
          cursor = body.next_cursor;
        } while (cursor);
        return out;
      };
      const pairs = (list: AlertBody[]) =>
        list.map((a) => `${a.subject.reference} ${a.match.source_uid} ${a.match.match_score}`).sort();

      beforeAll(async () => {
        pub = await loopbackServer();
        publish([seed]);
        service = await testService(
          await backend.open(),
          {
            SCREENING_LISTS_MIRROR_URL: `${pub.url}/mirror`,
            SCREENING_LISTS: 'test_list',
            SCREENING_DOWNLOAD_RETRIES: '0',
            SCREENING_MAX_RECORD_DROP: '0.99',
            SCREENING_HOLD_MIN_REMOVED: '100000',
          },
          [{ ...testSource('test_list', `${pub.url}/names.txt`), factsOf: qualifiedFacts }],
        );
        expect(await refresh()).toBe('updated');
      });
      afterAll(async () => {
        await service?.close();
        await pub?.close();
      });

      it('both directions agree: entries added after the subjects alert as screening the subjects after them', async () => {
        const early = await signedUpUser(service);
        const late = await signedUpUser(service);
        expect((await call('POST', '/api/v2/subjects', early.key, { subjects })).statusCode).toBe(200);
        expect(await alerts(early.key)).toEqual([]);
        // The list gains the entries: screened against the subjects (entry vs subjects).
        publish([seed, ...entries]);
        expect(await refresh()).toBe('updated');
        const byDelta = await alerts(early.key);
        // The same subjects added now: screened against the lists (subject vs lists).
        expect((await call('POST', '/api/v2/subjects', late.key, { subjects })).statusCode).toBe(200);
        const byForward = await alerts(late.key);
        expect(byForward.length).toBeGreaterThan(40);
        expect(pairs(byDelta)).toEqual(pairs(byForward));
        // And the forward alerts are what a search of the subject answers.
        const sample = byForward.slice(0, 5);
        for (const a of sample) {
          const s = subjects.find((x) => x.reference === a.subject.reference)!;
          const res = await call('POST', '/api/v2/search', late.key, {
            prompt: s.name,
            search_type: s.search_type,
          });
          const matches = (res.json() as { 'search results': Array<{ id: string; match_score: number }> })[
            'search results'
          ];
          expect(matches.map((m) => [m.id, m.match_score])).toContainEqual([a.match.id, a.match.match_score]);
        }
      });

      it('both directions agree with qualifiers: a contradicting birth year or country lowers the score the same way', async () => {
        const batch = syntheticEntries(60, 31).map((e, i) => ({
          uid: `Q${i}`,
          name: e.name,
          aliases: [...e.aliases],
        }));
        // Every third subject agrees with its entry, every third is born 6 years apart, every third elsewhere.
        const qualified = batch.map((e, i) => {
          const year = 1950 + (i % 40);
          const q =
            i % 3 === 0
              ? { birth_date: String(year), country: COUNTRIES[i % 3] }
              : i % 3 === 1
                ? { birth_date: `${year + 6}-01-31` }
                : { country: COUNTRIES[(i + 1) % 3] };
          return { name: e.name, reference: `q-${i}`, search_type: SEARCH_TYPES[i % 4]!, ...q };
        });
        const early = await signedUpUser(service);
        const late = await signedUpUser(service);
        expect((await call('POST', '/api/v2/subjects', early.key, { subjects: qualified })).statusCode).toBe(
          200,
        );
        const before = await alerts(early.key);
        publish([seed, ...entries, ...batch]);
        expect(await refresh()).toBe('updated');
        const byDelta = (await alerts(early.key)).filter((a) => !before.some((b) => b.id === a.id));
        expect((await call('POST', '/api/v2/subjects', late.key, { subjects: qualified })).statusCode).toBe(
          200,
        );
        const byForward = (await alerts(late.key)).filter((a) => a.match.source_uid.startsWith('Q'));
        expect(pairs(byDelta.filter((a) => a.match.source_uid.startsWith('Q')))).toEqual(pairs(byForward));
        // The qualifiers had their effect: a subject born 6 years from its entry, screened strictly, has no alert on
        // it (100 - 25 = 75 < 80), though its name alone is identical.
        const own = (ref: string, uid: string) =>
          byForward.find((a) => a.subject.reference === ref && a.match.source_uid === uid);
        expect(own('q-0', 'Q0')?.match.match_score).toBe(100);
        expect(own('q-1', 'Q1')?.match.match_score).toBeUndefined(); // standard_match, birth year contradicts
        expect(own('q-2', 'Q2')?.match.match_score).toBe(85); // permissive_match, country contradicts: 100 - 15
      });

      it('a changed record reopens a cleared alert, never a confirmed one; a removed entry delists open alerts', async () => {
        const user = await signedUpUser(service);
        const res = await call('POST', '/api/v2/subjects', user.key, {
          subjects: [
            { name: entries[100]!.name, reference: 'a' },
            { name: entries[101]!.name, reference: 'b' },
            { name: entries[102]!.name, reference: 'c' },
          ],
        });
        expect(res.statusCode).toBe(200);
        const mine = await alerts(user.key);
        const on = (uid: string) => mine.find((a) => a.match.source_uid === uid)!;
        const [a, b, c] = [on('E100'), on('E101'), on('E102')];
        expect([a, b, c].every((x) => x?.status === 'open')).toBe(true);
        const decide = (id: string, status: string, reason: string) =>
          call('POST', `/api/v2/alerts/${id}/decision`, user.key, { status, reason });
        expect((await decide(a.id, 'cleared', 'not our customer')).statusCode).toBe(200);
        expect((await decide(b.id, 'confirmed', 'our customer')).statusCode).toBe(200);
        // Unchanged list version (another entry added): the cleared alert stays quiet.
        publish([seed, ...entries, { uid: 'E999', name: 'Wilhelmina Unrelated', aliases: [] }]);
        expect(await refresh()).toBe('updated');
        expect((await alerts(user.key)).find((x) => x.id === a.id)!.status).toBe('cleared');
        // E100 and E101 gain an alias (changed records), E102 is removed.
        const next = entries
          .filter((e) => e.uid !== 'E102')
          .map((e) =>
            e.uid === 'E100' || e.uid === 'E101' ? { ...e, aliases: [...e.aliases, 'Extra Alias'] } : e,
          );
        publish([seed, ...next]);
        expect(await refresh()).toBe('updated');
        const after = new Map((await alerts(user.key)).map((x) => [x.id, x]));
        expect(after.get(a.id)!.status).toBe('open');
        expect(after.get(b.id)!.status).toBe('confirmed');
        expect(after.get(c.id)!.status).toBe('delisted');
        const reopened = (await call('GET', `/api/v2/alerts/${a.id}`, user.key)).json() as AlertBody;
        expect(reopened.history!.at(-1)).toMatchObject({
          who: null,
          from: 'cleared',
          to: 'open',
          reason: 'listing changed: aliases added',
        });
        const delisted = (await call('GET', `/api/v2/alerts/${c.id}`, user.key)).json() as AlertBody & {
          record: unknown;
        };
        expect(delisted.history!.at(-1)).toMatchObject({
          from: 'open',
          to: 'delisted',
          reason: 'entry removed from test_list',
        });
        expect(delisted.record).toBeNull();
        expect((await alerts(user.key, '&status=delisted')).map((x) => x.id)).toEqual([c.id]);
        // Cleared again; the next version drops the alias: reopened saying so.
        expect((await decide(a.id, 'cleared', 'still not our customer')).statusCode).toBe(200);
        publish([seed, ...next.map((e) => (e.uid === 'E100' ? entries[100]! : e))]);
        expect(await refresh()).toBe('updated');
        const again = (await call('GET', `/api/v2/alerts/${a.id}`, user.key)).json() as AlertBody;
        expect(again.history!.at(-1)).toMatchObject({
          from: 'cleared',
          to: 'open',
          reason: 'listing changed: aliases removed',
        });
      });

      it('a cleared alert reopens as "subject changed" when its subject changes, and stays quiet when resubmitted unchanged', async () => {
        const user = await signedUpUser(service);
        const subject = { name: entries[110]!.name, reference: 'd' };
        expect((await call('POST', '/api/v2/subjects', user.key, { subjects: [subject] })).statusCode).toBe(
          200,
        );
        const alert = (await alerts(user.key)).find((x) => x.match.source_uid === 'E110')!;
        expect(
          (
            await call('POST', `/api/v2/alerts/${alert.id}/decision`, user.key, {
              status: 'cleared',
              reason: 'other person',
            })
          ).statusCode,
        ).toBe(200);
        expect((await call('POST', '/api/v2/subjects', user.key, { subjects: [subject] })).statusCode).toBe(
          200,
        );
        expect((await alerts(user.key)).find((x) => x.id === alert.id)!.status).toBe('cleared');
        const changed = { ...subject, name: subject.name.toUpperCase() };
        expect((await call('POST', '/api/v2/subjects', user.key, { subjects: [changed] })).statusCode).toBe(
          200,
        );
        const after = (await call('GET', `/api/v2/alerts/${alert.id}`, user.key)).json() as AlertBody;
        expect(after.status).toBe('open');
        expect(after.history!.at(-1)).toMatchObject({
          from: 'cleared',
          to: 'open',
          reason: 'subject changed',
        });
      });

      // Last: it commits a version straight into the store (the publisher's file no longer matches what serves).
      it('a run claimed by a process that died is screened by another once the lease has run out', async () => {
        const user = await signedUpUser(service);
        const name = 'Evangelina Thistlewood-Marchbanks';
        expect(
          (await call('POST', '/api/v2/subjects', user.key, { subjects: [{ name, reference: 'late' }] }))
            .statusCode,
        ).toBe(200);
        expect(await alerts(user.key)).toEqual([]);
        // Another process commits a version listing her and claims its run, then dies (its lease runs out in 1 s).
        const store = service.core.store;
        const at = new Date().toISOString();
        const v = {
          id: v7(),
          slug: 'test_list',
          fetchedAt: at,
          dataDate: null,
          checksum: `dead-${at}`,
          validators: {},
          fileSet: ['names.txt'],
          entries: [seed, { uid: 'L1', name, aliases: [] }].map((e) => ({
            list: 'test_list',
            sourceUid: e.uid,
            name: e.name,
            aliases: e.aliases,
            kind: 'person' as const,
            record: { name: e.name, uid: e.uid, aliases: e.aliases },
          })),
        };
        await store.commitListVersion(v, at);
        const claimed = await store.claimDeltaRun(
          [{ slug: 'test_list', committedAt: at }],
          'dead-host:1',
          at,
          new Date(Date.now() + 1_000).toISOString(),
        );
        expect(claimed).toMatchObject({ versionId: v.id, attempts: 1 });
        // This process learns of the version (as its notification would tell it) and takes the run over.
        await service.listService.syncFromStore();
        await expect
          .poll(async () => (await store.deltaRuns('test_list')).find((r) => r.versionId === v.id), {
            timeout: 30_000,
            interval: 250,
          })
          .toMatchObject({ status: 'done', attempts: 2 });
        const run = (await store.deltaRuns('test_list')).find((r) => r.versionId === v.id)!;
        expect(run.claimedBy).not.toBe('dead-host:1');
        expect((await alerts(user.key)).map((a) => [a.subject.reference, a.match.source_uid])).toEqual([
          ['late', 'L1'],
        ]);
      });
    });
