// Faults 2, 4, 5, 8, 9 and 10 of issue 13, replayed over loopback against one built service on SQLite; what was
// stored is read from the store file after the server stopped (every record and burst record written by then).
import path from 'node:path';
import { sqliteBackend } from './http-backends.js';
import {
  bounded,
  call,
  count,
  listsFrom,
  ordinaryUser,
  row,
  smallListsDir,
  sqliteRows,
  startService,
  statuses,
  type Answer,
  type FaultContext,
  type FaultRow,
} from './faults-support.js';

const HISTORY = '/api/v2/usage?endpoint=/api/v2/usage&limit=500';
const DEPTH = 4_200;
const NOTHING = ['...', '🙂🙂', '\u0000\u0000', '\u200b\u200d', '\u0301\u0308', '— / —'];
const FLOOD = 2_000;
const DEFAULT_BUDGET = 60;
/** SCREENING_UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE's default: refused calls from one address a minute. */
const REFUSED_BUDGET = 60;

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function callFaults(ctx: FaultContext): Promise<FaultRow[]> {
  const backend = await sqliteBackend(path.join(ctx.workDir, 'calls-store'));
  const dbFile = path.join(backend.env.DATA_DIR!, 'screening.sqlite');
  const { dir, lines } = smallListsDir(ctx.workDir);
  const server = await startService(
    ctx,
    'calls-service',
    { ...backend.env, ...listsFrom(dir) },
    { ready: true },
  );
  const o = server.origin;
  const admin = backend.apiKey;

  // 2. History reads by an ordinary user.
  ctx.progress('calls: 20 usage-history reads');
  const reader = await ordinaryUser(o, 1);
  await call(o, 'POST', '/api/v2/search', { key: reader.keys[0], body: { prompt: lines[0]!.name } });
  const reads: Answer[] = [];
  for (let i = 0; i < 20; i++) reads.push(await call(o, 'GET', HISTORY, { key: reader.keys[0] }));

  // 4. JSON nested 4,200 levels deep.
  ctx.progress('calls: deeply nested JSON');
  const deep = await call(o, 'POST', '/api/v2/search', {
    key: admin,
    rawBody: `{"prompt":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}`,
  });

  // 8. One user, five keys, calls as fast as loopback allows.
  ctx.progress('calls: one user with five keys');
  const multi = await ordinaryUser(o, 5);
  const t8 = performance.now();
  const multiCalls = await bounded(multi.keys.length * 40, 10, 50_000, (i) =>
    call(o, 'POST', '/api/v2/search', {
      key: multi.keys[i % multi.keys.length],
      body: { prompt: lines[i % lines.length]!.name },
    }),
  );
  const s8 = (performance.now() - t8) / 1000;

  // 9. Names with nothing to screen, single (v1, v2) and bulk.
  ctx.progress('calls: names with nothing to screen');
  const singles: Answer[] = [];
  for (const prompt of NOTHING)
    for (const route of ['/api/v2/search', '/api/v1/search'])
      singles.push(
        await call(o, 'POST', route, { key: admin, body: { prompt, search_type: 'standard_match' } }),
      );
  const bulk = await call(o, 'POST', '/api/v2/bulk-search', {
    key: admin,
    body: {
      names: [lines[1]!.name.replace(/,/g, ''), ...NOTHING.filter((n) => !n.includes(','))].join(', '),
    },
  });
  const summaries = (
    (bulk.json?.results ?? []) as { row_type: string; search_term: string; error?: string }[]
  ).filter((r) => r.row_type === 'summary');

  // 10. A 5,000,000-character name on entry details.
  ctx.progress('calls: a long name on entry details');
  const long = await call(o, 'POST', '/api/entry-details', {
    key: admin,
    body: { name: 'x'.repeat(5_000_000) },
  });

  // 5. Made-up keys from one address (last: it spends this address's budget of refused calls).
  ctx.progress(`calls: ${FLOOD} calls with made-up keys`);
  const t5 = performance.now();
  const flood = await bounded(FLOOD, 20, 60_000, (i) =>
    call(o, 'POST', '/api/v2/search', {
      key: `made-up-key-${i}-${Math.random().toString(36).slice(2)}`,
      body: { prompt: 'x' },
    }),
  );
  const s5 = (performance.now() - t5) / 1000;

  await server.stop();
  const rows: FaultRow[] = [];

  // 2: what each history read stored, from the store.
  const stored = sqliteRows<{ id: string; bytes: number }>(
    dbFile,
    `select id, coalesce(length(cast(request as blob)), 0) + coalesce(length(cast(response as blob)), 0)
       + coalesce(length(cast(additional_call_info as blob)), 0) as bytes
     from usage_records where endpoint = '/api/v2/usage' order by id`,
  ).map((r) => r.bytes);
  const sizes = reads.map((r) => r.bytes);
  const p2: string[] = [];
  if (count(reads, 200) !== reads.length) p2.push(`statuses ${statuses(reads)}`);
  if (stored.length !== reads.length) p2.push(`${stored.length} records for ${reads.length} reads`);
  if (Math.max(...stored) > 2 * Math.min(...stored) + 512)
    p2.push(`stored bytes per read grew: ${stored.join(', ')}`);
  if (sizes.at(-1)! > 1024 * 1024) p2.push(`the last response was ${kb(sizes.at(-1)!)}`);
  const growth = (sizes.at(-1)! - sizes[0]!) / (sizes.length - 1);
  rows.push(
    row(
      `2. ${reads.length} reads of GET ${HISTORY} by an ordinary user`,
      `${statuses(reads)}; response ${kb(sizes[0]!)} -> ${kb(sizes.at(-1)!)} (+${kb(growth)} a read: one more record listed); ` +
        `stored per read ${Math.min(...stored)}-${Math.max(...stored)} bytes (flat: the response is kept as size + hash)`,
      p2,
    ),
  );

  // 4: the 400 and its record.
  const deepId = deep.json?.api_usage_id;
  const deepRecord =
    typeof deepId === 'string'
      ? sqliteRows<{ status: number }>(dbFile, 'select status from usage_records where id = ?', deepId)[0]
      : undefined;
  const p4: string[] = [];
  if (deep.status !== 400) p4.push(`answered ${deep.status}`);
  if (deepRecord?.status !== deep.status)
    p4.push(`usage record: ${deepRecord ? `status ${deepRecord.status}` : 'none'}`);
  rows.push(
    row(
      `4. JSON nested ${DEPTH.toLocaleString('en-US')} levels deep (POST /api/v2/search)`,
      `${deep.status} "${String(deep.json?.error ?? deep.text).slice(0, 70)}"; usage record: ${deepRecord ? `yes (${deepRecord.status})` : 'none'}`,
      p4,
    ),
  );

  // 5: rows written by the flood of refused calls.
  const written = sqliteRows<{ status: number; request: string | null }>(
    dbFile,
    'select status, request from usage_records where user_id is null',
  );
  const burstCalls = written
    .map((r) =>
      r.request?.includes('throttled_burst')
        ? (JSON.parse(r.request) as { throttled_burst: { calls: number } }).throttled_burst.calls
        : 0,
    )
    .reduce((a, b) => a + b, 0);
  const bursts = written.filter((r) => r.request?.includes('throttled_burst')).length;
  const accounted = count(written, 401) + burstCalls;
  const p5: string[] = [];
  if (count(flood, 429) === 0) p5.push('no call was refused with 429');
  if (count(flood, 401) > REFUSED_BUDGET)
    p5.push(`${count(flood, 401)} calls answered 401 before the 429s began`);
  if (written.length > REFUSED_BUDGET + 2 * Math.max(1, bursts))
    p5.push(`${written.length} audit rows written`);
  if (accounted !== flood.length) p5.push(`the trail accounts for ${accounted} of ${flood.length} calls`);
  rows.push(
    row(
      `5. ${flood.length.toLocaleString('en-US')} calls with made-up keys from one address (${s5.toFixed(1)} s)`,
      `${statuses(flood)}; ${written.length} audit rows: ${count(written, 401)} refused calls, ${count(written, 429)} for ${bursts} throttled burst(s) (its first call, and a closing record counting ${burstCalls} calls)`,
      p5,
    ),
  );

  // 8: one user's five keys.
  const allowed = count(multiCalls, 200);
  rows.push(
    row(
      `8. one user with ${multi.keys.length} keys, ${multiCalls.length} calls in ${s8.toFixed(1)} s`,
      `${statuses(multiCalls)}: ${allowed} allowed (user budget ${DEFAULT_BUDGET}/min across all keys, not ${multi.keys.length * DEFAULT_BUDGET})`,
      allowed > DEFAULT_BUDGET ? [`${allowed} calls allowed in a minute`] : [],
    ),
  );

  // 9: nothing to screen.
  const flagged = summaries.filter((r) => r.error === 'no letters or digits to screen').length;
  const nothingRows = summaries.length - 1;
  const p9: string[] = [];
  if (count(singles, 400) !== singles.length) p9.push(`single calls: ${statuses(singles)}`);
  if (bulk.status !== 200 || flagged !== nothingRows)
    p9.push(`bulk ${bulk.status}: ${nothingRows - flagged} such names reported clear`);
  rows.push(
    row(
      `9. names with nothing to screen (punctuation, emoji, NULs, zero-width, combining marks), v1 + v2`,
      `single: ${statuses(singles)} "${String(singles[0]?.json?.error ?? '')}"; bulk: ${bulk.status}, ${flagged} of ${nothingRows} rows flagged, the real name screened`,
      p9,
    ),
  );

  // 10: the long name.
  rows.push(
    row(
      '10. a 5,000,000-character name on POST /api/entry-details',
      `${long.status} "${String(long.json?.error ?? long.text).slice(0, 70)}"`,
      long.status === 400 ? [] : [`answered ${long.status}`],
    ),
  );
  await backend.cleanup();
  return rows;
}
