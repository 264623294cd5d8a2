// Faults 6 and 7 of issue 13, on stores of the bench's own: a throwaway PostgreSQL cluster whose processes are
// SIGSTOPped (hung) and SIGCONTed, and a throwaway redis-server killed under the service.
import path from 'node:path';
import { postgresBackend, sqliteBackend } from './http-backends.js';
import {
  startThrowawayPostgres,
  throwawayPostgresUnavailable,
} from '../src/test-support/throwaway-postgres.js';
import {
  killThrowawayRedis,
  redisServerPath,
  startThrowawayRedis,
} from '../src/test-support/throwaway-redis.js';
import {
  bounded,
  call,
  count,
  listsFrom,
  ordinaryUser,
  row,
  smallListsDir,
  startService,
  statuses,
  waitFor,
  type FaultContext,
  type FaultRow,
} from './faults-support.js';

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Fault 6: the service on a cluster that stops answering, with the default bounds (5 s statements, 1 s ready). */
export async function hungPostgres(ctx: FaultContext): Promise<FaultRow> {
  const fault = '6. a hung PostgreSQL (throwaway cluster, every process SIGSTOPped), default bounds';
  const why = throwawayPostgresUnavailable();
  if (why !== null) return { fault, did: `not run: ${why}`, lost: 'not measured', ok: false };
  ctx.progress('postgres: starting a throwaway cluster');
  const cluster = await startThrowawayPostgres();
  ctx.defer(() => cluster.destroy());
  const backend = await postgresBackend(cluster.url);
  const { dir, lines } = smallListsDir(ctx.workDir);
  const server = await startService(
    ctx,
    'pg-service',
    { ...backend.env, ...listsFrom(dir) },
    { ready: true },
  );
  const o = server.origin;
  const search = (key: string) =>
    call(o, 'POST', '/api/v2/search', { key, body: { prompt: lines[3]!.name }, timeoutMs: 60_000 });
  const before = await search(backend.apiKey);
  // A key never used is not in the authentication cache: its lookup needs the database.
  const fresh = await ordinaryUser(o, 1);

  ctx.progress('postgres: frozen');
  cluster.freeze();
  const frozenAt = performance.now();
  let during: Awaited<ReturnType<typeof search>>[];
  let ready: Awaited<ReturnType<typeof call>>;
  try {
    [ready, ...during] = await Promise.all([
      call(o, 'GET', '/readyz', { timeoutMs: 60_000 }),
      search(backend.apiKey),
      search(fresh.keys[0]!),
    ]);
  } finally {
    cluster.thaw();
  }
  const thawedAt = performance.now();
  const recovered = await waitFor(
    async () => ((await search(fresh.keys[0]!)).status === 200 ? performance.now() : null),
    30_000,
  );
  const readyAfter = await call(o, 'GET', '/readyz');
  await server.stop();
  await backend.cleanup();
  await cluster.destroy();

  const slowest = Math.max(...during.map((d) => d.ms));
  const p: string[] = [];
  if (before.status !== 200) p.push(`before the freeze: ${before.status} ${before.text.slice(0, 200)}`);
  if (during.some((d) => d.status !== 503)) p.push(`while hung: ${statuses(during)}`);
  if (slowest > 15_000) p.push(`a call waited ${s(slowest)}`);
  if (ready.status !== 503 || ready.ms > 3_000) p.push(`/readyz ${ready.status} in ${s(ready.ms)}`);
  if (recovered === null || readyAfter.status !== 200) p.push('no recovery within 30 s of SIGCONT');
  return row(
    fault,
    `searches ${statuses(during)} in ${during.map((d) => s(d.ms)).join(' / ')} (cached key / key needing a lookup) ` +
      `"${String(during[0]?.json?.error ?? '').slice(0, 60)}"; /readyz ${ready.status} in ${s(ready.ms)}; ` +
      `after SIGCONT: search 200 within ${recovered === null ? 'never' : s(recovered - thawedAt)}, /readyz ${readyAfter.status} ` +
      `(hung for ${s(thawedAt - frozenAt)})`,
    p,
  );
}

/** Fault 7: the service counting budgets in Redis loses it (SIGKILL): it keeps serving within per-process budgets. */
export async function lostRedis(ctx: FaultContext): Promise<FaultRow> {
  const fault = '7. Redis lost (throwaway redis-server SIGKILLed), one key with the default 60/min';
  if (redisServerPath() === null)
    return { fault, did: 'not run: no redis-server on PATH', lost: 'not measured', ok: false };
  ctx.progress('redis: starting a throwaway redis-server');
  const redis = await startThrowawayRedis();
  ctx.defer(() => killThrowawayRedis());
  const { dir, lines } = smallListsDir(ctx.workDir);
  const backend = await sqliteBackend(path.join(ctx.workDir, 'redis-store'));
  const server = await startService(
    ctx,
    'redis-service',
    { ...backend.env, ...listsFrom(dir), REDIS_URL: redis.url },
    { ready: true },
  );
  const o = server.origin;
  const user = await ordinaryUser(o, 1);
  const key = user.keys[0]!;
  const first = await call(o, 'POST', '/api/v2/search', { key, body: { prompt: lines[0]!.name } });
  await redis.kill();
  ctx.progress('redis: killed');
  const t0 = performance.now();
  const calls = await bounded(100, 5, 60_000, (i) =>
    call(o, 'POST', '/api/v2/search', { key, body: { prompt: lines[i % lines.length]!.name } }),
  );
  const secs = (performance.now() - t0) / 1000;
  const ready = await call(o, 'GET', '/readyz');
  const metrics = await call(o, 'GET', '/metrics');
  const fallbackChecks =
    /^rate_limit_fallback_checks_total(?:\{[^}]*\})? (\d+)/m.exec(metrics.text)?.[1] ?? 'absent';
  await server.stop();
  await backend.cleanup();

  const warnings = (ready.json?.warnings ?? []) as string[];
  const served = count(calls, 200);
  const p: string[] = [];
  if (first.status !== 200) p.push(`before: ${first.status}`);
  if (calls.some((c) => c.status >= 500 || c.status === 0)) p.push(`errors: ${statuses(calls)}`);
  if (served === 0) p.push('nothing served');
  if (served > 60) p.push(`${served} calls allowed in a minute on a 60/min key`);
  if (ready.status !== 200 || warnings.length === 0)
    p.push(`/readyz ${ready.status} with ${warnings.length} warnings`);
  return row(
    fault,
    `${calls.length} calls in ${secs.toFixed(1)} s: ${statuses(calls)} (served ${served}: the budget now counted in this process); ` +
      `/readyz ${ready.status} ${String(ready.json?.status)}, warning "${(warnings[0] ?? '').slice(0, 60)}..."; ` +
      `rate_limit_fallback_checks_total ${fallbackChecks}`,
    p,
  );
}
