// ListStore over Kysely: the same queries on SQLite and PostgreSQL.
import { sql, type Kysely, type Transaction } from 'kysely';
import { computeListDelta, type EntryFingerprint } from '../lists/list-delta.js';
import type { EntryFacts } from '../domain/facts.js';
import type { EntryKind } from '../lists/list-source.js';
import { recordHash } from '../lists/record-hash.js';
import type {
  ListChange,
  ListChangesQuery,
  ListCommit,
  ListStatus,
  IndexedEntry,
  ListStore,
  NewListVersion,
  StoredEntry,
  StoredFingerprint,
  StoredVersionInfo,
} from './list-store.js';
import { notifyIn, queueDeltaRun } from './kysely-cluster-store.js';
import type { Database, ListChangesTable, ListEntriesTable, ListNamesTable } from './schema.js';
import { enqueueListUpdated } from './webhook-outbox.js';

// Stay under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement.
const MAX_PARAMS = 30_000;
const ENTRY_ROWS = Math.floor(MAX_PARAMS / 12);
const NAME_ROWS = Math.floor(MAX_PARAMS / 3);
const CHANGE_ROWS = Math.floor(MAX_PARAMS / 8);

const entryKey = (e: { list: string; sourceUid: string }) => `${e.list}\u0000${e.sourceUid}`;

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** The columns every read of a stored entry decodes the same way. */
type EntryBaseRow = Pick<
  ListEntriesTable,
  'version_id' | 'slug' | 'list' | 'source_uid' | 'name' | 'kind' | 'aliases' | 'weak_aliases' | 'facts'
>;

function entryBase(r: EntryBaseRow): IndexedEntry {
  return {
    versionId: r.version_id,
    slug: r.slug,
    list: r.list,
    sourceUid: r.source_uid,
    name: r.name,
    kind: r.kind as EntryKind,
    aliases: JSON.parse(r.aliases) as string[],
    weakAliases: JSON.parse(r.weak_aliases) as string[],
    ...(r.facts ? { facts: JSON.parse(r.facts) as EntryFacts } : {}),
  };
}

/** A whole stored entry: its published record and wallets too. */
function storedEntry(r: ListEntriesTable): StoredEntry {
  return {
    ...entryBase(r),
    record: JSON.parse(r.record) as Record<string, unknown>,
    ...(r.wallets ? { wallets: JSON.parse(r.wallets) as StoredEntry['wallets'] } : {}),
  };
}

/** Every distinct name of an entry: the exact strings entry details answers for. */
function namesOf(e: { name: string; aliases: readonly string[] }): string[] {
  return [...new Set([e.name, ...e.aliases])];
}

export class KyselyListStore implements ListStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: 'sqlite' | 'postgres' = 'sqlite',
  ) {}

  async listStatuses(): Promise<ListStatus[]> {
    const rows = await this.db
      .selectFrom('list_status as s')
      .leftJoin('list_versions as v', 'v.id', 's.current_version_id')
      .leftJoin('list_versions as h', 'h.id', 's.held_version_id')
      .select([
        's.slug',
        's.current_version_id',
        's.last_attempt_at',
        's.last_success_at',
        's.last_error',
        's.rejected_checksum',
        'v.record_count',
        'v.data_date',
        'v.fetched_at',
        'v.checksum',
        'v.validators',
        'h.id as held_id',
        'h.fetched_at as held_fetched_at',
        'h.data_date as held_data_date',
        'h.record_count as held_record_count',
        'h.checksum as held_checksum',
        'h.added_count as held_added',
        'h.removed_count as held_removed',
        'h.changed_count as held_changed',
        'h.hold_reason as held_reason',
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
      rejectedChecksum: r.rejected_checksum,
      held:
        r.held_id === null
          ? null
          : {
              id: r.held_id,
              fetchedAt: r.held_fetched_at!,
              dataDate: r.held_data_date,
              recordCount: Number(r.held_record_count),
              checksum: r.held_checksum!,
              added: Number(r.held_added ?? 0),
              removed: Number(r.held_removed ?? 0),
              changed: Number(r.held_changed ?? 0),
              reason: r.held_reason ?? '',
            },
    }));
  }

  /** Inserts a version row with its entries and names (not made current here). */
  async #insertVersion(
    trx: Transaction<Database>,
    v: NewListVersion,
    holdReason: string | null,
  ): Promise<void> {
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
      record_hash: v.recordHashes?.[seq] ?? null,
      facts: e.facts ? JSON.stringify(e.facts) : null,
    }));
    const names: ListNamesTable[] = v.entries.flatMap((e, seq) =>
      namesOf(e).map((name) => ({ version_id: v.id, seq, name })),
    );
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
        base_version_id: v.delta?.baseVersionId ?? null,
        added_count: v.delta?.added ?? null,
        removed_count: v.delta?.removed ?? null,
        changed_count: v.delta?.changed ?? null,
        hold_reason: holdReason,
      })
      .execute();
    for (const rows of chunks(entries, ENTRY_ROWS))
      await trx.insertInto('list_entries').values(rows).execute();
    for (const rows of chunks(names, NAME_ROWS)) await trx.insertInto('list_names').values(rows).execute();
  }

  async #deleteVersions(trx: Transaction<Database>, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await trx.deleteFrom('list_names').where('version_id', 'in', ids).execute();
    await trx.deleteFrom('list_entries').where('version_id', 'in', ids).execute();
    await trx.deleteFrom('list_versions').where('id', 'in', ids).execute();
  }

  /** Each entry's key, name and record hash in one version, in parse order. */
  async #fingerprints(
    trx: Transaction<Database>,
    versionId: string,
  ): Promise<(EntryFingerprint & { name: string })[]> {
    const rows = await trx
      .selectFrom('list_entries')
      .select((eb) => [
        'list',
        'source_uid',
        'name',
        'record_hash',
        eb.case().when('record_hash', 'is', null).then(eb.ref('record')).else(null).end().as('record'),
      ])
      .where('version_id', '=', versionId)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({
      list: r.list,
      sourceUid: r.source_uid,
      name: r.name,
      recordHash: r.record_hash ?? recordHash(JSON.parse(r.record ?? '{}') as Record<string, unknown>),
    }));
  }

  /** Records what a version made current changed against the one it replaced (null: a first version). */
  async #recordChanges(
    trx: Transaction<Database>,
    slug: string,
    versionId: string,
    baseVersionId: string | null,
    at: string,
  ): Promise<void> {
    const next = await this.#fingerprints(trx, versionId);
    const prev = baseVersionId ? await this.#fingerprints(trx, baseVersionId) : [];
    const delta = computeListDelta(prev, next);
    const nameIn = (entries: readonly (EntryFingerprint & { name: string })[]) =>
      new Map(entries.map((e) => [entryKey(e), e.name]));
    const nextNames = nameIn(next);
    const prevNames = nameIn(prev);
    const rows: ListChangesTable[] = [];
    const push = (kind: ListChangesTable['kind'], keys: typeof delta.added, names: Map<string, string>) => {
      for (const k of keys)
        rows.push({
          version_id: versionId,
          seq: rows.length,
          slug,
          committed_at: at,
          kind,
          list: k.list,
          source_uid: k.sourceUid,
          name: names.get(entryKey(k)) ?? '',
        });
    };
    push('added', delta.added, nextNames);
    push('changed', delta.changed, nextNames);
    push('removed', delta.removed, prevNames);
    await trx
      .insertInto('list_commits')
      .values({
        version_id: versionId,
        slug,
        committed_at: at,
        base_version_id: baseVersionId,
        added_count: delta.added.length,
        removed_count: delta.removed.length,
        changed_count: delta.changed.length,
      })
      .execute();
    for (const chunk of chunks(rows, CHANGE_ROWS))
      await trx.insertInto('list_changes').values(chunk).execute();
    // With the version: its delta screening (claimed by one process), and the word to every process to load it
    // (PostgreSQL delivers the notification when this transaction commits, never before, never for a rollback).
    await queueDeltaRun(trx, slug, versionId, at);
    await notifyIn(trx, this.dialect, { kind: 'list_version', list: slug, versionId });
    // The list.updated event in the same transaction: a crash after the commit loses no delivery.
    await enqueueListUpdated(trx, slug, versionId, at);
  }

  /** Keeps the current and the previous version (for a manual rollback) and the held one; drops the rest. */
  async #prune(trx: Transaction<Database>, slug: string, keep: readonly string[]): Promise<void> {
    const stale = await trx
      .selectFrom('list_versions')
      .select('id')
      .where('slug', '=', slug)
      .where('id', 'not in', keep)
      .execute();
    await this.#deleteVersions(
      trx,
      stale.map((r) => r.id),
    );
  }

  async commitListVersion(v: NewListVersion, at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const previous = await trx
        .selectFrom('list_status')
        .select('current_version_id')
        .where('slug', '=', v.slug)
        .executeTakeFirst();
      await this.#insertVersion(trx, v, null);
      await this.#recordChanges(trx, v.slug, v.id, previous?.current_version_id ?? null, at);
      const current = {
        current_version_id: v.id,
        last_attempt_at: at,
        last_success_at: at,
        last_error: null,
        // A newer version replaces a held one, and makes an earlier rejection moot.
        held_version_id: null,
        rejected_checksum: null,
      };
      await trx
        .insertInto('list_status')
        .values({ slug: v.slug, ...current })
        .onConflict((oc) => oc.column('slug').doUpdateSet(current))
        .execute();
      await this.#prune(trx, v.slug, [
        v.id,
        ...(previous?.current_version_id ? [previous.current_version_id] : []),
      ]);
    });
  }

  async holdListVersion(v: NewListVersion, reason: string, at: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('list_status')
        .select('held_version_id')
        .where('slug', '=', v.slug)
        .executeTakeFirst();
      await this.#insertVersion(trx, v, reason);
      const held = { held_version_id: v.id, last_attempt_at: at, last_error: null };
      await trx
        .insertInto('list_status')
        .values({
          slug: v.slug,
          current_version_id: null,
          last_success_at: null,
          rejected_checksum: null,
          ...held,
        })
        .onConflict((oc) => oc.column('slug').doUpdateSet(held))
        .execute();
      if (before?.held_version_id && before.held_version_id !== v.id)
        await this.#deleteVersions(trx, [before.held_version_id]);
    });
  }

  async acceptHeldVersion(slug: string, versionId: string, at: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('list_status')
        .select('current_version_id')
        .where('slug', '=', slug)
        .executeTakeFirst();
      const res = await trx
        .updateTable('list_status')
        .set({
          current_version_id: versionId,
          held_version_id: null,
          last_success_at: at,
          last_error: null,
          rejected_checksum: null,
        })
        .where('slug', '=', slug)
        .where('held_version_id', '=', versionId)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await this.#recordChanges(trx, slug, versionId, before?.current_version_id ?? null, at);
      await this.#prune(trx, slug, [
        versionId,
        ...(before?.current_version_id ? [before.current_version_id] : []),
      ]);
      return true;
    });
  }

  async dropHeldVersion(
    slug: string,
    versionId: string,
    at: string,
    rejection: { readonly error: string } | null,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const held = await trx
        .selectFrom('list_versions')
        .select('checksum')
        .where('id', '=', versionId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (!held) return false;
      const res = await trx
        .updateTable('list_status')
        .set({
          held_version_id: null,
          ...(rejection
            ? { rejected_checksum: held.checksum, last_error: rejection.error, last_attempt_at: at }
            : {}),
        })
        .where('slug', '=', slug)
        .where('held_version_id', '=', versionId)
        .executeTakeFirst();
      if (Number(res.numUpdatedRows) === 0) return false;
      await this.#deleteVersions(trx, [versionId]);
      return true;
    });
  }

  async findListVersion(versionId: string): Promise<StoredVersionInfo | null> {
    const r = await this.db
      .selectFrom('list_versions')
      .select(['id', 'slug', 'fetched_at', 'record_count', 'checksum'])
      .where('id', '=', versionId)
      .executeTakeFirst();
    return r
      ? {
          id: r.id,
          slug: r.slug,
          fetchedAt: r.fetched_at,
          recordCount: Number(r.record_count),
          checksum: r.checksum,
        }
      : null;
  }

  async listEntryFingerprints(versionId: string): Promise<StoredFingerprint[]> {
    const rows = await this.db
      .selectFrom('list_entries')
      .select((eb) => [
        'list',
        'source_uid',
        'record_hash',
        // The record only where no hash was stored (entries written before hashes were kept).
        eb.case().when('record_hash', 'is', null).then(eb.ref('record')).else(null).end().as('record'),
      ])
      .where('version_id', '=', versionId)
      .orderBy('seq')
      .execute();
    return rows.map((r) =>
      r.record_hash !== null
        ? { list: r.list, sourceUid: r.source_uid, recordHash: r.record_hash, record: null }
        : {
            list: r.list,
            sourceUid: r.source_uid,
            recordHash: null,
            record: JSON.parse(r.record ?? '{}') as Record<string, unknown>,
          },
    );
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

  async loadListEntries(versionId: string, sourceUids?: readonly string[]): Promise<StoredEntry[]> {
    const q = this.db.selectFrom('list_entries').selectAll().where('version_id', '=', versionId);
    const rows =
      sourceUids === undefined
        ? await q.orderBy('seq').execute()
        : (
            await Promise.all(
              chunks([...new Set(sourceUids)], 500).map((part) =>
                q.where('source_uid', 'in', part).execute(),
              ),
            )
          )
            .flat()
            .sort((a, b) => a.seq - b.seq);
    return rows.map(storedEntry);
  }

  async loadIndexEntries(versionId: string): Promise<IndexedEntry[]> {
    // The record is the bulk of a row: read it only where the facts must still be derived from it.
    const rows = await this.db
      .selectFrom('list_entries')
      .select([
        'version_id',
        'slug',
        'list',
        'source_uid',
        'name',
        'kind',
        'aliases',
        'weak_aliases',
        'facts',
      ])
      .select(sql<string | null>`case when facts is null then record end`.as('record'))
      .where('version_id', '=', versionId)
      .orderBy('seq')
      .execute();
    return rows.map((r) => ({
      ...entryBase(r),
      ...(r.record ? { record: JSON.parse(r.record) as Record<string, unknown> } : {}),
    }));
  }

  async loadWalletEntries(versionId: string): Promise<StoredEntry[]> {
    const rows = await this.db
      .selectFrom('list_entries')
      .selectAll()
      .where('version_id', '=', versionId)
      .where('wallets', 'is not', null)
      .orderBy('seq')
      .execute();
    return rows.map(storedEntry);
  }

  async findListCommit(slug: string, versionId: string): Promise<ListCommit | null> {
    const r = await this.db
      .selectFrom('list_commits')
      .select(['version_id', 'slug', 'committed_at'])
      .where('slug', '=', slug)
      .where('version_id', '=', versionId)
      .executeTakeFirst();
    return r ? { versionId: r.version_id, slug: r.slug, committedAt: r.committed_at } : null;
  }

  async listChanges(q: ListChangesQuery): Promise<ListChange[]> {
    let query = this.db
      .selectFrom('list_changes')
      .select(['version_id', 'committed_at', 'kind', 'list', 'source_uid', 'name', 'seq'])
      .where('slug', '=', q.slug);
    const since = q.since;
    if (since && 'from' in since) query = query.where('committed_at', '>=', since.from);
    if (since && 'afterVersion' in since) {
      const { committedAt, versionId } = since.afterVersion;
      query = query.where((eb) =>
        eb.or([
          eb('committed_at', '>', committedAt),
          eb.and([eb('committed_at', '=', committedAt), eb('version_id', '>', versionId)]),
        ]),
      );
    }
    if (q.after) {
      const { committedAt, versionId, seq } = q.after;
      query = query.where((eb) =>
        eb.or([
          eb('committed_at', '>', committedAt),
          eb.and([eb('committed_at', '=', committedAt), eb('version_id', '>', versionId)]),
          eb.and([
            eb('committed_at', '=', committedAt),
            eb('version_id', '=', versionId),
            eb('seq', '>', seq),
          ]),
        ]),
      );
    }
    const rows = await query
      .orderBy('committed_at')
      .orderBy('version_id')
      .orderBy('seq')
      .limit(q.limit)
      .execute();
    return rows.map((r) => ({
      versionId: r.version_id,
      committedAt: r.committed_at,
      kind: r.kind,
      list: r.list,
      sourceUid: r.source_uid,
      name: r.name,
      seq: Number(r.seq),
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
