// ListStore over Kysely: the same queries on SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import type { EntryKind } from '../lists/list-source.js';
import type { ListStatus, ListStore, NewListVersion, StoredEntry } from './list-store.js';
import type { Database, ListEntriesTable, ListNamesTable } from './schema.js';

// Stay under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement.
const MAX_PARAMS = 30_000;
const ENTRY_ROWS = Math.floor(MAX_PARAMS / 11);
const NAME_ROWS = Math.floor(MAX_PARAMS / 3);

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Every distinct name of an entry: the exact strings entry details answers for. */
function namesOf(e: { name: string; aliases: readonly string[] }): string[] {
  return [...new Set([e.name, ...e.aliases])];
}

export class KyselyListStore implements ListStore {
  constructor(private readonly db: Kysely<Database>) {}

  async listStatuses(): Promise<ListStatus[]> {
    const rows = await this.db
      .selectFrom('list_status as s')
      .leftJoin('list_versions as v', 'v.id', 's.current_version_id')
      .select([
        's.slug',
        's.current_version_id',
        's.last_attempt_at',
        's.last_success_at',
        's.last_error',
        'v.record_count',
        'v.data_date',
        'v.fetched_at',
        'v.checksum',
        'v.validators',
      ])
      .orderBy('s.slug')
      .execute();
    return rows.map((r) => ({
      slug: r.slug,
      currentVersionId: r.current_version_id,
      recordCount: r.record_count === null ? null : Number(r.record_count),
      dataDate: r.data_date,
      fetchedAt: r.fetched_at,
      checksum: r.checksum,
      validators: r.validators ? (JSON.parse(r.validators) as ListStatus['validators']) : {},
      lastAttemptAt: r.last_attempt_at,
      lastSuccessAt: r.last_success_at,
      lastError: r.last_error,
    }));
  }

  async commitListVersion(v: NewListVersion, at: string): Promise<void> {
    const entries: ListEntriesTable[] = v.entries.map((e, seq) => ({
      version_id: v.id,
      seq,
      slug: v.slug,
      list: e.list,
      source_uid: e.sourceUid,
      name: e.name,
      kind: e.kind,
      aliases: JSON.stringify(e.aliases),
      weak_aliases: JSON.stringify(e.weakAliases ?? []),
      record: JSON.stringify(e.record),
      wallets: e.wallets && e.wallets.length > 0 ? JSON.stringify(e.wallets) : null,
    }));
    const names: ListNamesTable[] = v.entries.flatMap((e, seq) =>
      namesOf(e).map((name) => ({ version_id: v.id, seq, name })),
    );
    await this.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('list_status')
        .select('current_version_id')
        .where('slug', '=', v.slug)
        .executeTakeFirst();
      await trx
        .insertInto('list_versions')
        .values({
          id: v.id,
          slug: v.slug,
          fetched_at: v.fetchedAt,
          data_date: v.dataDate,
          record_count: v.entries.length,
          checksum: v.checksum,
          validators: JSON.stringify(v.validators),
          file_set: JSON.stringify(v.fileSet),
        })
        .execute();
      for (const rows of chunks(entries, ENTRY_ROWS))
        await trx.insertInto('list_entries').values(rows).execute();
      for (const rows of chunks(names, NAME_ROWS)) await trx.insertInto('list_names').values(rows).execute();
      await trx
        .insertInto('list_status')
        .values({
          slug: v.slug,
          current_version_id: v.id,
          last_attempt_at: at,
          last_success_at: at,
          last_error: null,
        })
        .onConflict((oc) =>
          oc.column('slug').doUpdateSet({
            current_version_id: v.id,
            last_attempt_at: at,
            last_success_at: at,
            last_error: null,
          }),
        )
        .execute();
      // Keep the new and the previous version (for a manual rollback); drop anything older.
      const keep = [v.id, ...(previous?.current_version_id ? [previous.current_version_id] : [])];
      const stale = await trx
        .selectFrom('list_versions')
        .select('id')
        .where('slug', '=', v.slug)
        .where('id', 'not in', keep)
        .execute();
      const ids = stale.map((r) => r.id);
      if (ids.length > 0) {
        await trx.deleteFrom('list_names').where('version_id', 'in', ids).execute();
        await trx.deleteFrom('list_entries').where('version_id', 'in', ids).execute();
        await trx.deleteFrom('list_versions').where('id', 'in', ids).execute();
      }
    });
  }

  async recordListAttempt(slug: string, at: string, error: string | null): Promise<void> {
    const success = error === null ? { last_success_at: at } : {};
    await this.db
      .insertInto('list_status')
      .values({
        slug,
        current_version_id: null,
        last_attempt_at: at,
        last_success_at: error === null ? at : null,
        last_error: error,
      })
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet({ last_attempt_at: at, last_error: error, ...success }),
      )
      .execute();
  }

  async loadListEntries(versionId: string): Promise<StoredEntry[]> {
    const rows = await this.db
      .selectFrom('list_entries')
      .selectAll()
      .where('version_id', '=', versionId)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({
      versionId: r.version_id,
      slug: r.slug,
      list: r.list,
      sourceUid: r.source_uid,
      name: r.name,
      kind: r.kind as EntryKind,
      aliases: JSON.parse(r.aliases) as string[],
      weakAliases: JSON.parse(r.weak_aliases) as string[],
      record: JSON.parse(r.record) as Record<string, unknown>,
      ...(r.wallets ? { wallets: JSON.parse(r.wallets) as StoredEntry['wallets'] } : {}),
    }));
  }

  async findRecordsByExactName(name: string): Promise<Record<string, Record<string, unknown>[]>> {
    const rows = await this.db
      .selectFrom('list_names as n')
      .innerJoin('list_status as s', 's.current_version_id', 'n.version_id')
      .innerJoin('list_entries as e', (j) =>
        j.onRef('e.version_id', '=', 'n.version_id').onRef('e.seq', '=', 'n.seq'),
      )
      .select(['e.slug', 'e.record', 'e.seq'])
      .where('n.name', '=', name)
      .orderBy('e.slug')
      .orderBy('e.seq')
      .execute();
    const out: Record<string, Record<string, unknown>[]> = {};
    for (const r of rows) (out[r.slug] ??= []).push(JSON.parse(r.record) as Record<string, unknown>);
    return out;
  }
}
