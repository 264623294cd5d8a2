// ClusterStore over Kysely: delta runs claimed with a lease (FOR UPDATE SKIP LOCKED on PostgreSQL; SQLite serves one
// process), and cluster notifications through pg_notify.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { ClusterEvent, ClusterStore, DeltaRun, DeltaRunRow, ServedVersion } from './cluster-store.js';
import type { Database } from './schema.js';

/** The one PostgreSQL channel of the service; the payload names the schema, so services sharing a database ignore each other's. */
export const CLUSTER_CHANNEL = 'screening_cluster';

/** Sends `event` on the cluster channel in `db`'s transaction (delivered at its commit); a no-op on SQLite. */
export async function notifyIn(
  db: Kysely<Database> | Transaction<Database>,
  dialect: 'sqlite' | 'postgres',
  event: ClusterEvent,
): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`select pg_notify(${CLUSTER_CHANNEL}, json_build_object('schema', current_schema(), 'event', ${JSON.stringify(event)}::json)::text)`.execute(
    db,
  );
}

/** Queues the delta screening of a version that just became current, in the transaction that made it current. */
export async function queueDeltaRun(
  trx: Transaction<Database>,
  slug: string,
  versionId: string,
  committedAt: string,
): Promise<void> {
  await trx
    .insertInto('delta_runs')
    .values({
      version_id: versionId,
      slug,
      committed_at: committedAt,
      status: 'pending',
      claimed_by: null,
      lease_until: null,
      attempts: 0,
      started_at: null,
      done_at: null,
      outcome: null,
    })
    .onConflict((oc) => oc.column('version_id').doNothing())
    .execute();
}

export class KyselyClusterStore implements ClusterStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  notifyCluster(event: ClusterEvent): Promise<void> {
    return notifyIn(this.db, this.dialect, event);
  }

  async claimDeltaRun(
    served: readonly ServedVersion[],
    by: string,
    now: string,
    leaseUntil: string,
  ): Promise<DeltaRun | null> {
    if (served.length === 0) return null;
    return this.db.transaction().execute(async (tx) => {
      let q = tx
        .selectFrom('delta_runs')
        .select(['version_id', 'slug', 'committed_at', 'attempts'])
        .where('status', '=', 'pending')
        .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<=', now)]))
        .where((eb) =>
          eb.or(
            served.map((s) => eb.and([eb('slug', '=', s.slug), eb('committed_at', '<=', s.committedAt)])),
          ),
        )
        // One list's versions in the order they were committed: a later one waits for the earlier to be done.
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('delta_runs as earlier')
                .select('earlier.version_id')
                .whereRef('earlier.slug', '=', 'delta_runs.slug')
                .where('earlier.status', '=', 'pending')
                .whereRef('earlier.committed_at', '<', 'delta_runs.committed_at'),
            ),
          ),
        )
        .orderBy('committed_at')
        .orderBy('version_id')
        .limit(1);
      // Several processes: each row is claimed by one of them, none waits on another's claim.
      if (this.dialect === 'postgres') q = q.modifyEnd(sql`for update skip locked`);
      const row = await q.executeTakeFirst();
      if (!row) return null;
      await tx
        .updateTable('delta_runs')
        .set((eb) => ({
          claimed_by: by,
          lease_until: leaseUntil,
          started_at: now,
          attempts: eb('attempts', '+', 1),
        }))
        .where('version_id', '=', row.version_id)
        .execute();
      return {
        versionId: row.version_id,
        slug: row.slug,
        committedAt: row.committed_at,
        attempts: Number(row.attempts) + 1,
      };
    });
  }

  async renewDeltaRun(versionId: string, by: string, leaseUntil: string): Promise<boolean> {
    const res = await this.db
      .updateTable('delta_runs')
      .set({ lease_until: leaseUntil })
      .where('version_id', '=', versionId)
      .where('claimed_by', '=', by)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async finishDeltaRun(versionId: string, by: string, at: string, outcome: object): Promise<boolean> {
    const res = await this.db
      .updateTable('delta_runs')
      .set({ status: 'done', done_at: at, lease_until: null, outcome: JSON.stringify(outcome) })
      .where('version_id', '=', versionId)
      .where('claimed_by', '=', by)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async releaseDeltaRun(versionId: string, by: string, retryAt: string): Promise<void> {
    await this.db
      .updateTable('delta_runs')
      .set({ lease_until: retryAt })
      .where('version_id', '=', versionId)
      .where('claimed_by', '=', by)
      .where('status', '=', 'pending')
      .execute();
  }

  async deltaRuns(slug: string): Promise<DeltaRunRow[]> {
    const rows = await this.db
      .selectFrom('delta_runs')
      .selectAll()
      .where('slug', '=', slug)
      .orderBy('committed_at')
      .orderBy('version_id')
      .execute();
    return rows.map((r) => ({
      versionId: r.version_id,
      slug: r.slug,
      status: r.status === 'done' ? 'done' : 'pending',
      claimedBy: r.claimed_by,
      leaseUntil: r.lease_until,
      attempts: Number(r.attempts),
      startedAt: r.started_at,
      doneAt: r.done_at,
    }));
  }
}
