// Issue 18's "within 2 s" on the real lists: three processes of the built service on one PostgreSQL database and
// one Redis, carrying the six real lists of ../shared/lists (about 50,000 names). A refresh of ofac_sdn (the real
// file plus five synthetic records a round) on one process must be served by the other two, which means their
// name index rebuilt over every carried list, within 2 s of the commit. The files are linked (and the SDN file
// rewritten) in the bench's temporary folder, never in the project.
import fs from 'node:fs';
import path from 'node:path';
import { postgresBackend } from './http-backends.js';
import type { ServerProcess } from './http-processes.js';
import { realListPaths } from './matching-data.js';
import { propagation, writeList, type Cluster } from './faults-cluster.js';
import { call, row, sdnLines, startService, type FaultContext, type FaultRow } from './faults-support.js';

const LABEL = '11b. the same on the six real lists (about 50,000 names), served by the other two';

export async function realListsPropagation(ctx: FaultContext, opts: { rounds: number }): Promise<FaultRow> {
  const pgAdmin =
    process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || '';
  const redisUrl = process.env.BENCH_REDIS_URL || process.env.REDIS_URL || process.env.TEST_REDIS_URL || '';
  if (pgAdmin === '' || redisUrl === '')
    return row(LABEL, 'not run: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) and BENCH_REDIS_URL', [
      'not measured',
    ]);
  const sdn = sdnLines();
  if (!sdn.origin.startsWith('real'))
    return row(LABEL, 'not run: ../shared/lists is not beside the project', ['not measured']);

  const backend = await postgresBackend(pgAdmin);
  ctx.defer(() => backend.cleanup());
  const listsDir = fs.mkdtempSync(path.join(ctx.workDir, 'cluster-real-lists-'));
  const slugs: string[] = [];
  for (const { slug, files } of realListPaths()) {
    slugs.push(slug);
    if (slug === 'ofac_sdn') continue;
    fs.mkdirSync(path.join(listsDir, slug), { recursive: true });
    for (const [name, file] of Object.entries(files)) fs.symlinkSync(file, path.join(listsDir, slug, name));
  }
  writeList(listsDir, sdn.lines);
  const env = {
    ...backend.env,
    REDIS_URL: redisUrl,
    LISTS_DIR: listsDir,
    SCREENING_LISTS: slugs.join(','),
  };
  ctx.progress(`cluster (real lists): starting 3 processes carrying ${slugs.join(', ')}`);
  // One at a time: the first ingests every list, the others load them from the store.
  const servers: ServerProcess[] = [];
  for (const i of [0, 1, 2]) servers.push(await startService(ctx, `real-${i}`, env, { ready: true }));
  const cluster: Cluster = { servers, backend, dbUrl: backend.env.DATABASE_URL!, listsDir, lines: sdn.lines };
  try {
    // Each process's own index builds (its /metrics) during the rounds: the part of a propagation that is the rebuild.
    const buildTotals = async () =>
      Promise.all(
        servers.map(async (s) => {
          const text = (await call(s.origin, 'GET', '/metrics')).text;
          const sum = Number(/^name_index_build_seconds_sum (\S+)/m.exec(text)?.[1]);
          const count = Number(/^name_index_build_seconds_count (\S+)/m.exec(text)?.[1]);
          return { sum, count };
        }),
      );
    const before = await buildTotals();
    const r = await propagation(cluster, backend.apiKey, opts.rounds, LABEL);
    const after = await buildTotals();
    const builds = servers.map((s, i) => {
      const count = after[i]!.count - before[i]!.count;
      return `${s.name} ${count}, mean ${(((after[i]!.sum - before[i]!.sum) / count) * 1000).toFixed(0)} ms`;
    });
    return {
      ...r,
      did: `carrying ${slugs.join(', ')}; ${r.did}; index rebuilds during the rounds (each process's /metrics): ${builds.join('; ')}`,
    };
  } finally {
    for (const s of servers) if (s.alive()) await s.stop();
  }
}
