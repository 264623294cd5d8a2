// Faults 1 and 3 of issue 13: a loopback list publisher serving ofac_sdn's sdn.csv to the built service
// (faults-service.ts, which can be told to refresh now) that downloads it from there as from a mirror.
//   1. close-delimited downloads (no Content-Length; complete, cut at a line, reset mid-line), a body cut short of
//      its Content-Length and a complete file, over and over: is the process alive, which version serves, does a
//      name of the complete file still match?
//   3. a shrunk file: cut at a line boundary with a correct Content-Length, and every 7th record removed: is it
//      held (not served), and do the names it lost still match?
import type http from 'node:http';
import path from 'node:path';
import { loopbackServer, staticFile, type Handler } from '../src/test-support/loopback-server.js';
import { sqliteBackend } from './http-backends.js';
import {
  call,
  n,
  row,
  sdnBody,
  sdnLines,
  startService,
  type FaultContext,
  type FaultRow,
  type SdnLine,
} from './faults-support.js';

const FILE = '/ofac_sdn/sdn.csv';
const HEAD = 'HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nConnection: close\r\n\r\n';

/** Answers on the raw socket without Content-Length: the body ends when the connection closes (or resets). */
function closeDelimited(body: Buffer, close: 'end' | 'reset'): Handler {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const socket = res.socket!;
    socket.write(HEAD);
    if (close === 'end') socket.end(body);
    else socket.write(body, () => socket.resetAndDestroy());
  };
}

/** Declares the whole body's length and sends half of it. */
function cutShortOfLength(body: Buffer): Handler {
  return (_req, res) => {
    res.setHeader('content-length', body.length);
    res.write(body.subarray(0, body.length / 2), () => res.destroy());
  };
}

interface Outcome {
  readonly status: string;
  readonly records: number | null;
  readonly error: string | null;
  readonly held: string | null;
}

interface CatalogRow {
  readonly status: string;
  readonly record_count: number | null;
  readonly fetched_at: string | null;
  readonly last_error: string | null;
  readonly held_version: { id: string; removed: number; record_count: number } | null;
}

export async function listFaults(ctx: FaultContext, opts: { rounds: number }): Promise<FaultRow[]> {
  const { lines, origin } = sdnLines();
  const full = sdnBody(lines);
  const kept = Math.floor(lines.length * 0.93);
  const lineCut = sdnBody(lines.slice(0, kept), false);
  const midCut = full.subarray(0, Math.floor(full.length * 0.6) + 7);
  // Names the cut files lose: they must keep matching whatever the publisher serves.
  const sentinels = [lines[kept + 10]!, lines[lines.length - 1]!];

  const pub = await loopbackServer();
  ctx.defer(() => pub.close());
  pub.routes.set(FILE, staticFile(full));
  const backend = await sqliteBackend(path.join(ctx.workDir, 'lists-store'));
  const server = await startService(
    ctx,
    'lists-service',
    {
      ...backend.env,
      SCREENING_LISTS: 'ofac_sdn',
      SCREENING_LISTS_MIRROR_URL: pub.url,
      SCREENING_DOWNLOAD_RETRIES: '1',
      SCREENING_DOWNLOAD_TIMEOUT_MS: '30000',
    },
    { nodeArgs: ['--import', 'tsx', 'bench/faults-service.ts'] },
  );
  const key = backend.apiKey;
  const refresh = async (): Promise<Outcome | null> => {
    const r = await call(server.origin, 'POST', '/bench/refresh', { timeoutMs: 120_000 });
    return r.status === 200 ? ((JSON.parse(r.text) as Outcome[])[0] ?? null) : null;
  };
  const catalog = async (): Promise<CatalogRow | null> => {
    const r = await call(server.origin, 'GET', '/api/v2/lists', { key });
    const lists = r.json?.lists as (CatalogRow & { slug: string })[] | undefined;
    return lists?.find((l) => l.slug === 'ofac_sdn') ?? null;
  };
  /** True when screening the line's name finds that very record. */
  const matches = async (l: SdnLine): Promise<boolean> => {
    const r = await call(server.origin, 'POST', '/api/v2/search', {
      key,
      body: { prompt: l.name, search_type: 'standard_match' },
    });
    const found = r.json?.['search results'] as { list: string; source_uid: string }[] | undefined;
    return (found ?? []).some((m) => m.list === 'ofac_sdn' && m.source_uid === l.uid);
  };

  const rows: FaultRow[] = [];
  ctx.progress(`lists: first load of ${n(lines.length)} records (${origin}) from the loopback publisher`);
  const first = await refresh();
  const good = await catalog();
  if (first?.status !== 'updated' || good?.record_count !== lines.length)
    throw new Error(`the complete file did not load: ${JSON.stringify(first)} ${JSON.stringify(good)}`);
  const baselineSentinels = await Promise.all(sentinels.map(matches));
  if (baselineSentinels.includes(false))
    throw new Error(`a sentinel name does not match even on the complete list: ${JSON.stringify(sentinels)}`);

  // Fault 1.
  const kinds: readonly [string, Handler][] = [
    ['complete, close-delimited', closeDelimited(full, 'end')],
    ['cut at a line, close-delimited', closeDelimited(lineCut, 'end')],
    ['cut mid-line, connection reset', closeDelimited(midCut, 'reset')],
    ['cut short of its Content-Length', cutShortOfLength(full)],
    ['complete, with Content-Length', staticFile(full)],
  ];
  const seen = new Map<string, string[]>();
  const served = new Set<string>();
  let downloads = 0;
  let sentinelMisses = 0;
  let deadAt: string | null = null;
  const t0 = performance.now();
  for (let round = 0; round < opts.rounds && deadAt === null; round++) {
    for (const [kind, handler] of kinds) {
      pub.routes.set(FILE, handler);
      const out = await refresh();
      downloads++;
      if (!server.alive() || out === null) {
        deadAt = `${kind} (round ${round + 1})`;
        break;
      }
      seen.set(kind, [...(seen.get(kind) ?? []), out.status]);
      const c = await catalog();
      served.add(`${c?.record_count} records fetched ${c?.fetched_at}`);
      for (const s of sentinels) if (!(await matches(s))) sentinelMisses++;
    }
    ctx.progress(`lists: round ${round + 1}/${opts.rounds} of ${kinds.length} downloads done`);
  }
  const ms = performance.now() - t0;
  const tally = (xs: readonly string[]) =>
    [...new Set(xs)]
      .map(
        (s) => `${s}${xs.filter((x) => x === s).length > 1 ? ` x${xs.filter((x) => x === s).length}` : ''}`,
      )
      .join(', ');
  const problems: string[] = [];
  if (deadAt !== null) problems.push(`the process died (or stopped answering) during: ${deadAt}`);
  if (served.size !== 1) problems.push(`${served.size} versions served: ${[...served].join(' | ')}`);
  if (sentinelMisses > 0) problems.push(`${sentinelMisses} screenings of a listed name came back clear`);
  for (const [kind, st] of seen)
    if (kind.startsWith('cut') && st.some((s) => s !== 'failed'))
      problems.push(`${kind}: ${tally(st)} (a cut file was accepted)`);
  rows.push(
    row(
      `1. list downloads without Content-Length (complete and cut), ${downloads} in ${(ms / 1000).toFixed(0)} s`,
      `process alive after each: ${deadAt === null ? 'yes' : 'NO'}; ` +
        [...seen].map(([k, st]) => `${k}: ${tally(st)}`).join('; ') +
        `; versions served: ${[...served].length} (${n(good.record_count)} records, the complete file)`,
      problems,
    ),
  );

  // Fault 3.
  const shrunk: readonly [string, Buffer, SdnLine[]][] = [
    [
      `cut at a line boundary, correct Content-Length (${n(kept)} of ${n(lines.length)} records)`,
      lineCut,
      lines.slice(kept),
    ],
    [
      `every 7th record removed (${n(lines.length - Math.floor(lines.length / 7))} of ${n(lines.length)} kept)`,
      sdnBody(lines.filter((_, i) => i % 7 !== 6)),
      lines.filter((_, i) => i % 7 === 6),
    ],
  ];
  for (const [what, body, lost] of shrunk) {
    // Names the file loses that match while the complete version serves: they must still match afterwards.
    const sample = lost.filter((_, i) => i % Math.max(1, Math.floor(lost.length / 20)) === 0).slice(0, 20);
    const baseline: SdnLine[] = [];
    for (const l of sample) if (await matches(l)) baseline.push(l);
    pub.routes.set(FILE, staticFile(body));
    const out = await refresh();
    const c = await catalog();
    let clear = 0;
    for (const l of baseline) if (!(await matches(l))) clear++;
    const p: string[] = [];
    if (!server.alive()) p.push('the process died');
    if (c?.record_count !== lines.length) p.push(`the list now serves ${c?.record_count} records`);
    if (out?.status !== 'held' && out?.status !== 'failed')
      p.push(`the shrunk file was ${out?.status ?? 'not answered'}`);
    if (out?.status === 'held' && c?.status !== 'held_for_review')
      p.push(`catalog says ${c?.status}, not held_for_review`);
    if (clear > 0) p.push(`${clear} of ${baseline.length} removed names screened clear`);
    const did =
      out?.status === 'held'
        ? `held, not served: catalog ${c?.status}, ${n(c?.held_version?.removed)} removed (${n(c?.held_version?.record_count)} records held)`
        : `refused (${out?.status}): ${(out?.error ?? '').slice(0, 140)}`;
    let review = '';
    if (c?.held_version) {
      const r = await call(
        server.origin,
        'POST',
        `/api/v2/lists/ofac_sdn/versions/${c.held_version.id}/reject`,
        { key },
      );
      const after = await catalog();
      review = `; admin reject: ${r.status}, catalog ${after?.status}`;
      if (r.status !== 200) p.push(`reject answered ${r.status}`);
    }
    rows.push(
      row(
        `3. list publisher serves a shrunk file: ${what}`,
        `${did}; still serving ${n(c?.record_count)} records; removed names screened: ${baseline.length - clear} of ${baseline.length} still match${review}`,
        p,
      ),
    );
  }
  await server.stop();
  await backend.cleanup();
  return rows;
}
