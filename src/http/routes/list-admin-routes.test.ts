// The real OFAC SDN sdn.csv (May 2024) from a loopback mirror, then damaged copies of it: a file cut at a line
// boundary (correct Content-Length) is refused by the 0x1A check, a file missing every seventh line is held
// for review, and an admin accepts or rejects the held version over HTTP. Names stay screened throughout.
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ofacSdnSource } from '../../lists/sources/ofac_sdn/ofac_sdn-source.js';
import type { Service } from '../../main.js';
import { loopbackServer, staticFile, type LoopbackServer } from '../../test-support/loopback-server.js';
import { sharedListFile, sharedListsDir, sharedListsSkipReason } from '../../test-support/shared-lists.js';
import { signedUpUser, testService } from '../../test-support/test-service.js';
import { testBackends } from '../../test-support/test-stores.js';

const RECORDS = 14_965;
const SEVENTHS = Math.floor(RECORDS / 7); // lines 7, 14, ... removed

interface Line {
  readonly uid: string;
  readonly name: string;
}

/** The sdn.csv lines (CRLF, one record per line in this publication) without the final 0x1A. */
function sdnLines(): { lines: string[]; parsed: Line[] } {
  const text = fs.readFileSync(sharedListFile('ofac_sdn_2024-05', 'sdn.csv')).toString('latin1');
  const lines = text.split('\r\n');
  expect(lines.pop()).toBe('\x1a');
  const parsed = lines.map((l) => {
    const m = /^(\d+),"([^"]+)"/.exec(l)!;
    return { uid: m[1]!, name: m[2]! };
  });
  return { lines, parsed };
}

const file = (lines: readonly string[], trailer = true) =>
  Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'), Buffer.from(trailer ? [0x1a] : [])]);

for (const backend of testBackends()) {
  describe.skipIf(!sharedListsDir)(`held list versions over HTTP (${backend.name})`, () => {
    let pub: LoopbackServer;
    let service: Service;
    let admin: Awaited<ReturnType<typeof signedUpUser>>;
    let user: Awaited<ReturnType<typeof signedUpUser>>;
    let lines: string[];
    let parsed: Line[];
    let heldId: string;

    const serve = (body: Buffer) => pub.routes.set('/mirror/ofac_sdn/sdn.csv', staticFile(body));
    const refresh = async () => (await service.listService.refresh(['ofac_sdn']))[0]!;
    const catalog = async () => {
      const res = await service.app.inject({ url: '/api/v2/lists', headers: { 'x-api-key': user.key } });
      return (res.json().lists as Array<Record<string, unknown>>).find((l) => l.slug === 'ofac_sdn')!;
    };
    /** Whether strict screening of the entry's exact name returns that entry. */
    const screened = async (l: Line) => {
      const res = await service.app.inject({
        method: 'POST',
        url: '/api/v2/search',
        headers: { 'x-api-key': user.key },
        payload: { prompt: l.name, search_type: 'strict_match' },
      });
      expect(res.statusCode).toBe(200);
      return (res.json()['search results'] as Array<{ source_uid: string; list: string }>).some(
        (m) => m.list === 'ofac_sdn' && m.source_uid === l.uid,
      );
    };
    const review = (
      action: 'accept' | 'reject',
      id: string,
      headers: Record<string, string>,
      slug = 'ofac_sdn',
    ) =>
      service.app.inject({ method: 'POST', url: `/api/v2/lists/${slug}/versions/${id}/${action}`, headers });

    beforeAll(async () => {
      ({ lines, parsed } = sdnLines());
      expect(lines).toHaveLength(RECORDS);
      pub = await loopbackServer();
      service = await testService(await backend.open(), { SCREENING_LISTS_MIRROR_URL: `${pub.url}/mirror` }, [
        ofacSdnSource,
      ]);
      admin = await signedUpUser(service, undefined, { admin: true });
      user = await signedUpUser(service);
      serve(file(lines));
      expect(await refresh()).toMatchObject({ status: 'updated', recordCount: RECORDS, delta: null });
    }, 120_000);
    afterAll(async () => {
      await service?.close();
      await pub?.close();
    });

    it('(a) a file cut at a line boundary with a correct Content-Length is refused; a name only in the cut part still matches', async () => {
      const kept = 13_891;
      serve(file(lines.slice(0, kept), false));
      const out = await refresh();
      expect(out.status).toBe('failed');
      expect(out.error).toMatch(/^sdn\.csv: no end-of-file byte \(0x1A\) after the last row/);
      expect(await catalog()).toMatchObject({ status: 'stale', record_count: RECORDS, held_version: null });
      expect(await screened(parsed[kept + 500]!)).toBe(true);
      expect(await screened(parsed.at(-1)!)).toBe(true);
    }, 60_000);

    it('(b) every seventh line removed: held for review with the count; the removed names still match; the same file again stays held', async () => {
      serve(file(lines.filter((_, i) => i % 7 !== 6)));
      const out = await refresh();
      expect(out).toMatchObject({
        status: 'held',
        recordCount: RECORDS - SEVENTHS,
        delta: { added: 0, removed: SEVENTHS, changed: 0 },
      });
      expect(out.heldReason).toBe(
        `removes ${SEVENTHS} of ${RECORDS} entries (more than the 149 allowed without review); 0 added, 0 changed`,
      );
      heldId = out.versionId!;
      const row = await catalog();
      expect(row).toMatchObject({
        status: 'held_for_review',
        record_count: RECORDS,
        last_error: null,
        held_version: {
          id: heldId,
          record_count: RECORDS - SEVENTHS,
          removed: SEVENTHS,
          added: 0,
          changed: 0,
          reason: out.heldReason,
        },
      });
      expect(await screened(parsed[6]!)).toBe(true);
      expect(await screened(parsed[13]!)).toBe(true);

      const again = await refresh();
      expect(again).toMatchObject({ status: 'held', versionId: heldId });
      expect(((await catalog()).held_version as { id: string }).id).toBe(heldId);
    }, 60_000);

    it('review is admin only (403), names the list and version (404), and refuses a version not held (409); metered', async () => {
      const usage = await service.core.store.countUsage();
      const denied = await review('accept', heldId, { 'x-api-key': user.key });
      expect(denied.statusCode).toBe(403);
      expect(denied.json()).toMatchObject({ error: expect.stringMatching(/only an admin/) });
      expect(typeof denied.json().api_usage_id).toBe('string');
      expect((await review('reject', heldId, { authorization: `Bearer ${user.token}` })).statusCode).toBe(
        403,
      );
      expect((await review('accept', heldId, {})).statusCode).toBe(401);
      const noList = await review('accept', heldId, { 'x-api-key': admin.key }, 'no_such_list');
      expect([noList.statusCode, noList.json().error]).toEqual([404, 'no list no_such_list']);
      const noVersion = await review('accept', 'nope', { 'x-api-key': admin.key });
      expect([noVersion.statusCode, noVersion.json().error]).toEqual([
        404,
        'list ofac_sdn has no version nope',
      ]);
      const serving = (await service.core.store.listStatuses()).find((s) => s.slug === 'ofac_sdn')!;
      const notHeld = await review('reject', serving.currentVersionId!, { 'x-api-key': admin.key });
      expect(notHeld.statusCode).toBe(409);
      expect(notHeld.json().error).toMatch(/is not held for review \(it is the serving version\)/);
      expect(await service.core.store.countUsage()).toBe(usage + 6);
      expect((await catalog()).status).toBe('held_for_review');
    });

    it('a newer publication replaces a held one; reject keeps the serving version and the same file is not held again', async () => {
      serve(file(lines.filter((_, i) => i % 5 !== 4)));
      const second = await refresh();
      expect(second).toMatchObject({ status: 'held', delta: { removed: Math.floor(RECORDS / 5) } });
      expect(second.versionId).not.toBe(heldId);
      expect((await review('accept', heldId, { 'x-api-key': admin.key })).statusCode).toBe(404);

      const res = await review('reject', second.versionId!, { authorization: `Bearer ${admin.token}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().list).toMatchObject({ status: 'stale', record_count: RECORDS, held_version: null });
      expect(res.json().list.last_error).toMatch(
        new RegExp(
          `^version ${second.versionId} \\(fetched .*removes 2993 of 14965 entries.*\\) was rejected by an admin`,
        ),
      );
      expect(await screened(parsed[4]!)).toBe(true);

      const again = await refresh();
      expect(again.status).toBe('failed');
      expect(again.error).toMatch(/was rejected by an admin/);
      expect(await catalog()).toMatchObject({ status: 'stale', record_count: RECORDS, held_version: null });
      expect((await review('accept', second.versionId!, { 'x-api-key': admin.key })).statusCode).toBe(404);
    }, 120_000);

    it('accept makes the held version current: the index rebuilds and the removed names no longer match', async () => {
      serve(file(lines.filter((_, i) => i % 7 !== 6)));
      const out = await refresh();
      expect(out).toMatchObject({ status: 'held', delta: { removed: SEVENTHS } });
      const res = await review('accept', out.versionId!, { 'x-api-key': admin.key });
      expect(res.statusCode).toBe(200);
      expect(res.json().list).toMatchObject({
        slug: 'ofac_sdn',
        status: 'fresh',
        record_count: RECORDS - SEVENTHS,
        held_version: null,
        last_error: null,
      });
      expect(typeof res.json().api_usage_id).toBe('string');
      expect(await screened(parsed[6]!)).toBe(false);
      expect(await screened(parsed[7]!)).toBe(true);
      expect((await review('accept', out.versionId!, { 'x-api-key': admin.key })).statusCode).toBe(409);
    }, 120_000);
  });
}

if (!sharedListsDir) console.warn(sharedListsSkipReason);
