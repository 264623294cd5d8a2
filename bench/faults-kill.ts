// kill -9 under load (issue 13's bar to keep): a bounded loop of searches on loopback against the built service on
// SQLite, the process SIGKILLed mid-load, restarted on the same store; every response received with an
// api_usage_id must have its usage record in the store.
import path from 'node:path';
import { sqliteBackend } from './http-backends.js';
import {
  call,
  listsFrom,
  row,
  sleep,
  smallListsDir,
  sqliteRows,
  startService,
  statuses,
  type Answer,
  type FaultContext,
  type FaultRow,
} from './faults-support.js';

const CONNECTIONS = 16;

export async function killUnderLoad(ctx: FaultContext, opts: { loadMs: number }): Promise<FaultRow> {
  const backend = await sqliteBackend(path.join(ctx.workDir, 'kill-store'));
  const dbFile = path.join(backend.env.DATA_DIR!, 'screening.sqlite');
  const { dir, lines } = smallListsDir(ctx.workDir);
  const env = { ...backend.env, ...listsFrom(dir) };
  const server = await startService(ctx, 'kill-service', env, { ready: true });
  const o = server.origin;

  ctx.progress(`kill -9: ${CONNECTIONS} loops of searches for ${opts.loadMs} ms, then SIGKILL`);
  const answers: Answer[] = [];
  let stop = false;
  const loops = Array.from({ length: CONNECTIONS }, async (_, c) => {
    // Bounded: each loop ends at the kill (its next call fails) or after 100,000 calls at most.
    for (let i = 0; !stop && i < 100_000; i++)
      answers.push(
        await call(o, 'POST', '/api/v2/search', {
          key: backend.apiKey,
          body: { prompt: lines[(c * 31 + i) % lines.length]!.name, search_type: 'standard_match' },
          timeoutMs: 10_000,
        }),
      );
  });
  await sleep(opts.loadMs);
  const killed = await server.kill('SIGKILL');
  stop = true;
  await Promise.all(loops);

  const acknowledged = answers
    .map((a) => a.json?.api_usage_id)
    .filter((id): id is string => typeof id === 'string');
  const restarted = await startService(ctx, 'kill-service-restarted', env, { ready: true });
  const after = await call(restarted.origin, 'POST', '/api/v2/search', {
    key: backend.apiKey,
    body: { prompt: lines[0]!.name },
  });
  await restarted.stop();
  const found = new Set(sqliteRows<{ id: string }>(dbFile, 'select id from usage_records').map((r) => r.id));
  const lost = acknowledged.filter((id) => !found.has(id));
  await backend.cleanup();

  const otherErrors = [
    ...new Set(
      answers
        .filter((a) => a.status !== 200 && a.status !== 0)
        .map((a) => `${a.status} ${String(a.json?.error ?? a.text).slice(0, 120)}`),
    ),
  ];
  const p: string[] = [];
  if (killed.signal !== 'SIGKILL')
    p.push(`the process ended by ${killed.signal ?? `exit ${killed.code}`}, not SIGKILL`);
  if (acknowledged.length === 0) p.push('no response received before the kill');
  if (lost.length > 0) p.push(`${lost.length} acknowledged responses have no usage record`);
  if (after.status !== 200) p.push(`after the restart a search answered ${after.status}`);
  return row(
    `kill -9 under load (SQLite, ${CONNECTIONS} loops on loopback, killed after ${(opts.loadMs / 1000).toFixed(0)} s)`,
    `${answers.length} calls: ${statuses(answers)} (0 = cut by the kill); restarted: search ${after.status}; ` +
      `${acknowledged.length} responses with an api_usage_id, ${acknowledged.length - lost.length} of them in the store` +
      (otherErrors.length > 0 ? `; other answers: ${otherErrors.join(' / ')}` : ''),
    p,
  );
}
