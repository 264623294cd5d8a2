// `npm run bench:audit`: what the usage chain costs and how fast it is checked, on SQLite and PostgreSQL.
// Writes N usage records through the store in group-commit batches (with W concurrent writers on PostgreSQL, as
// several processes would), the same as a plain INSERT of the same batches without the chain (the peer, same
// run), then runs the verifier over the chain. On SQLite it also times one record per commit, the path of a
// one-process server's every metered call, with the WAL checkpointed inline (SQLite's default, the peer) and from a
// worker thread (the server's), same run (bench/usage-write-latency.ts).
//
//   npm run bench:audit -- [--records 100000] [--batch 256] [--writers 4] [--backends sqlite,postgres]
//                          [--single-writes 8000]
// PostgreSQL: BENCH_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a fresh schema, dropped after.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { v7 } from 'uuid';
import type { UsageRecord } from '../src/domain/usage.js';
import { verifyUsageChain } from '../src/services/usage/usage-chain-verifier.js';
import { openStore, type StoreOptions } from '../src/store/open-store.js';
import { fromUsageRecord } from '../src/store/rows.js';
import type { Database } from '../src/store/schema.js';
import { createSqliteDialect } from '../src/store/sqlite/sqlite-dialect.js';
import { renderWriteLatency, usageWriteLatency, type WriteLatencyRow } from './usage-write-latency.js';

const { values: args } = parseArgs({
  options: {
    records: { type: 'string', default: '100000' },
    batch: { type: 'string', default: '256' },
    writers: { type: 'string', default: '4' },
    backends: { type: 'string', default: 'sqlite,postgres' },
    'single-writes': { type: 'string', default: '8000' },
  },
});
const RECORDS = Number(args.records);
const BATCH = Number(args.batch);
const WRITERS = Number(args.writers);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

// A typical single-name search record: about 1.5 KB of response.
const RESPONSE = JSON.stringify({
  'search results': Array.from({ length: 5 }, (_, i) => ({
    id: `ofac_sdn:${1000 + i}`,
    name: `KARIMOV, Rustam ${i}`,
    list: 'ofac_sdn',
    source_uid: String(1000 + i),
    match_score: 90 - i,
    aliases: ['Rustam KARIMOV', 'R. KARIMOV'],
  })),
});
const record = (): UsageRecord => ({
  id: v7(),
  createdAt: new Date().toISOString(),
  userId: 'bench',
  apiKeyId: null,
  requestId: `req-${v7()}`,
  method: 'POST',
  endpoint: '/api/v2/search',
  searchType: 'fuzzy_search',
  request: '{"prompt":"Rustam Karimov","search_type":"fuzzy_search"}',
  response: RESPONSE,
  status: 200,
  durationMs: 1.234,
  additionalCallInfo: null,
  outcome: { kind: 'matches', count: 5 },
  subject: { text: 'Rustam Karimov', count: 1 },
  basis: {
    lists: [{ slug: 'ofac_sdn', version_id: v7(), data_date: '2026-11-20' }],
    engineVersion: '2026-11-27.1',
  },
});

interface Row {
  backend: string;
  writers: number;
  chainedPerSec: number;
  plainPerSec: number;
  verifyPerSec: number;
  intact: boolean;
}

/** Writes RECORDS records in batches with `writers` concurrent writers; returns records per second. */
async function write(
  writers: number,
  insert: (rows: UsageRecord[]) => Promise<void>,
  records: number,
): Promise<number> {
  const batches = Math.ceil(records / BATCH);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < batches) {
        next++;
        await insert(Array.from({ length: BATCH }, record));
      }
    }),
  );
  return (batches * BATCH) / ((performance.now() - started) / 1000);
}

async function run(
  name: string,
  options: StoreOptions,
  writers: number,
  plainInsert: (rows: UsageRecord[]) => Promise<void>,
  dropPlain: () => Promise<void>,
): Promise<Row> {
  const store = await openStore(options);
  try {
    await store.migrate();
    const chained = (rows: UsageRecord[]) => store.insertUsage(rows);
    // Both kinds alternate in four rounds after a warm-up of each, so neither gains from running second.
    await write(writers, chained, RECORDS / 10);
    await write(writers, plainInsert, RECORDS / 10);
    let chainedSecs = 0;
    let plainSecs = 0;
    const round = RECORDS / 4;
    for (let i = 0; i < 4; i++) {
      chainedSecs += round / (await write(writers, chained, round));
      plainSecs += round / (await write(writers, plainInsert, round));
    }
    const chainedPerSec = RECORDS / chainedSecs;
    const plainPerSec = RECORDS / plainSecs;
    await dropPlain();
    const started = performance.now();
    const verdict = await verifyUsageChain(store);
    const verifyPerSec = verdict.records / ((performance.now() - started) / 1000);
    return { backend: name, writers, chainedPerSec, plainPerSec, verifyPerSec, intact: verdict.intact };
  } finally {
    await store.close();
  }
}

// The peer: the same rows, inserted by the same Kysely query in one transaction per batch, but with no chain row
// (batch_id ''): the difference is the chain (lock, head read, hash, chain row). They are deleted (untimed) before
// the verifier runs over the chained ones.
async function plainPeer(db: Kysely<Database>) {
  return {
    insert: async (batch: UsageRecord[]) => {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('usage_records')
          .values(batch.map((r) => fromUsageRecord(r, '')))
          .execute();
      });
    },
    drop: async () => {
      await db.deleteFrom('usage_records').where('batch_id', '=', '').execute();
    },
  };
}

const rows: Row[] = [];
const wanted = args.backends.split(',');
let single: WriteLatencyRow[] = [];
if (wanted.includes('sqlite')) {
  single = await usageWriteLatency(record, Number(args['single-writes']));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-audit-'));
  const file = path.join(dir, 'bench.sqlite');
  let db: Kysely<Database> | null = null;
  try {
    // Opened lazily, after the store has migrated the file.
    const peer = () => plainPeer((db ??= new Kysely<Database>({ dialect: createSqliteDialect(file) })));
    rows.push(
      await run(
        'sqlite',
        { dialect: 'sqlite', file },
        1,
        async (batch) => (await peer()).insert(batch),
        async () => (await peer()).drop(),
      ),
    );
  } finally {
    await (db as Kysely<Database> | null)?.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
if (wanted.includes('postgres')) {
  const schema = `bench_${randomBytes(6).toString('hex')}`;
  const pool = new pg.Pool({ connectionString: PG_URL, max: WRITERS, options: `-c search_path=${schema}` });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const peer = await plainPeer(db);
  try {
    rows.push(
      await run(
        'postgres',
        { dialect: 'postgres', url: PG_URL, schema, poolSize: WRITERS + 1 },
        WRITERS,
        peer.insert,
        peer.drop,
      ),
    );
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
    await db.destroy();
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
console.log(
  `usage chain bench: ${fmt(RECORDS)} records in batches of ${BATCH}, ${os.cpus().length} CPUs, load average ${os.loadavg()[0]!.toFixed(2)}`,
);
console.log(
  'backend  | writers | chained records/s | plain INSERT records/s (peer) | chain cost | verify records/s | intact',
);
console.log(
  '---------|---------|-------------------|-------------------------------|------------|------------------|-------',
);
for (const r of rows)
  console.log(
    [
      r.backend.padEnd(8),
      String(r.writers).padStart(7),
      fmt(r.chainedPerSec).padStart(17),
      fmt(r.plainPerSec).padStart(29),
      `${((r.plainPerSec / r.chainedPerSec - 1) * 100).toFixed(0)}%`.padStart(10),
      fmt(r.verifyPerSec).padStart(16),
      String(r.intact).padStart(6),
    ].join(' | '),
  );
if (single.length > 0) {
  console.log(`\none record per commit on SQLite (a one-process server's metered calls), WAL checkpointed:`);
  console.log(renderWriteLatency(single));
}
