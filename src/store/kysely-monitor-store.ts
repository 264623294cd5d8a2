// Subjects, alerts and decision logs in Kysely, the same queries on SQLite and PostgreSQL.
import type { Kysely, Selectable } from 'kysely';
import type { Alert, AlertDecision, AlertStatus, Subject } from '../domain/monitoring.js';
import type { QueryQualifiers } from '../domain/facts.js';
import type { SearchType } from '../domain/screening.js';
import {
  entryKeyString,
  recordKeyString,
  type AlertQuery,
  type AlertWrites,
  type EntryKey,
  type MonitorStore,
  type SubjectChange,
  type SubjectInput,
  type SubjectQuery,
  type UpsertedSubject,
} from './monitor-store.js';
import type { AlertsTable, Database, SubjectsTable } from './schema.js';
import { isUniqueViolation } from './unique-violation.js';
import { enqueueAlertEvents } from './webhook-outbox.js';

/** Keys per IN (...) list, well under both databases' bound-parameter limits. */
const CHUNK = 5_000;

const chunks = <T>(items: readonly T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
};

const toSubject = (r: Selectable<SubjectsTable>): Subject => ({
  id: r.id,
  userId: r.user_id,
  reference: r.reference,
  name: r.name,
  searchType: r.search_type as SearchType,
  ...(r.qualifiers ? { qualifiers: JSON.parse(r.qualifiers) as QueryQualifiers } : {}),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const toAlert = (r: Selectable<AlertsTable>): Alert => ({
  id: r.id,
  userId: r.user_id,
  subjectId: r.subject_id,
  list: r.list,
  sourceUid: r.source_uid,
  matchName: r.match_name,
  matchScore: Number(r.match_score),
  explanation: r.explanation === null ? null : (JSON.parse(r.explanation) as unknown),
  status: r.status as AlertStatus,
  recordHash: r.record_hash,
  subjectHash: r.subject_hash,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export class KyselyMonitorStore implements MonitorStore {
  constructor(private readonly db: Kysely<Database>) {}

  async upsertSubjects(
    userId: string,
    subjects: readonly SubjectInput[],
    at: string,
  ): Promise<UpsertedSubject[]> {
    try {
      return await this.#upsertSubjects(userId, subjects, at);
    } catch (err) {
      // Another call inserted one of these references first: once more, it is now an update.
      if (!isUniqueViolation(err)) throw err;
      return this.#upsertSubjects(userId, subjects, at);
    }
  }

  #upsertSubjects(userId: string, subjects: readonly SubjectInput[], at: string): Promise<UpsertedSubject[]> {
    return this.db.transaction().execute(async (tx) => {
      const refs = [...new Set(subjects.flatMap((s) => (s.reference === null ? [] : [s.reference])))];
      const existing = new Map<string, Selectable<SubjectsTable>>();
      for (const part of chunks(refs))
        for (const r of await tx
          .selectFrom('subjects')
          .selectAll()
          .where('user_id', '=', userId)
          .where('reference', 'in', part)
          .execute())
          existing.set(r.reference!, r);
      const out: UpsertedSubject[] = [];
      const inserts: Selectable<SubjectsTable>[] = [];
      for (const s of subjects) {
        const qualifiers = s.qualifiers ? JSON.stringify(s.qualifiers) : null;
        const old = s.reference === null ? undefined : existing.get(s.reference);
        if (!old) {
          const row = {
            id: s.id,
            user_id: userId,
            reference: s.reference,
            name: s.name,
            search_type: s.searchType,
            created_at: at,
            updated_at: at,
            deleted_at: null,
            qualifiers,
          };
          inserts.push(row);
          if (s.reference !== null) existing.set(s.reference, row);
          out.push({ subject: toSubject(row), changed: true });
          continue;
        }
        if (
          old.name === s.name &&
          old.search_type === s.searchType &&
          old.qualifiers === qualifiers &&
          old.deleted_at === null
        ) {
          out.push({ subject: toSubject(old), changed: false });
          continue;
        }
        const row = {
          ...old,
          name: s.name,
          search_type: s.searchType,
          qualifiers,
          updated_at: at,
          deleted_at: null,
        };
        if (inserts.includes(old)) Object.assign(old, row);
        else
          await tx
            .updateTable('subjects')
            .set({ name: s.name, search_type: s.searchType, qualifiers, updated_at: at, deleted_at: null })
            .where('id', '=', old.id)
            .execute();
        existing.set(s.reference!, inserts.includes(old) ? old : row);
        out.push({ subject: toSubject(row), changed: true });
      }
      // 9 columns a row: stay under the parameter limits.
      for (let i = 0; i < inserts.length; i += 2_000)
        await tx
          .insertInto('subjects')
          .values(inserts.slice(i, i + 2_000))
          .execute();
      return out;
    });
  }

  async listSubjects(q: SubjectQuery): Promise<Subject[]> {
    let query = this.db
      .selectFrom('subjects')
      .selectAll()
      .where('user_id', '=', q.userId)
      .where('deleted_at', 'is', null);
    if (q.reference !== null) query = query.where('reference', '=', q.reference);
    if (q.name !== null) {
      const pattern = `%${q.name.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) => eb(eb.fn('lower', ['name']), 'like', eb.val(pattern)));
    }
    if (q.afterId !== null) query = query.where('id', '>', q.afterId);
    return (await query.orderBy('id').limit(q.limit).execute()).map(toSubject);
  }

  async findSubject(userId: string, id: string): Promise<Subject | null> {
    const r = await this.db
      .selectFrom('subjects')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return r ? toSubject(r) : null;
  }

  async deleteSubject(userId: string, id: string, at: string): Promise<boolean> {
    const r = await this.db
      .updateTable('subjects')
      .set({ deleted_at: at, updated_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async subjectsByIds(ids: readonly string[]): Promise<Subject[]> {
    const out: Subject[] = [];
    for (const part of chunks([...new Set(ids)]))
      for (const r of await this.db.selectFrom('subjects').selectAll().where('id', 'in', part).execute())
        out.push(toSubject(r));
    return out;
  }

  async activeSubjects(): Promise<Subject[]> {
    return (
      await this.db.selectFrom('subjects').selectAll().where('deleted_at', 'is', null).orderBy('id').execute()
    ).map(toSubject);
  }

  async subjectChangesSince(since: string): Promise<SubjectChange[]> {
    return (
      await this.db
        .selectFrom('subjects')
        .selectAll()
        .where('updated_at', '>=', since)
        .orderBy('updated_at')
        .execute()
    ).map((r) => ({ subject: toSubject(r), deleted: r.deleted_at !== null }));
  }

  async monitorState(key: string): Promise<string | null> {
    const r = await this.db
      .selectFrom('monitor_state')
      .select('value')
      .where('key', '=', key)
      .executeTakeFirst();
    return r?.value ?? null;
  }

  async setMonitorState(key: string, value: string, at: string): Promise<void> {
    await this.db
      .insertInto('monitor_state')
      .values({ key, value, updated_at: at })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value, updated_at: at }))
      .execute();
  }

  async alertsForSubjects(subjectIds: readonly string[]): Promise<Alert[]> {
    const out: Alert[] = [];
    for (const part of chunks(subjectIds))
      for (const r of await this.db
        .selectFrom('alerts')
        .selectAll()
        .where('subject_id', 'in', part)
        .execute())
        out.push(toAlert(r));
    return out;
  }

  async alertsForEntries(keys: readonly EntryKey[]): Promise<Alert[]> {
    const wanted = new Set(keys.map(entryKeyString));
    const out: Alert[] = [];
    for (const part of chunks([...new Set(keys.map((k) => k.sourceUid))]))
      for (const r of await this.db
        .selectFrom('alerts')
        .selectAll()
        .where('source_uid', 'in', part)
        .execute())
        if (wanted.has(entryKeyString({ list: r.list, sourceUid: r.source_uid }))) out.push(toAlert(r));
    return out;
  }

  async writeAlerts(w: AlertWrites): Promise<void> {
    if (w.inserts.length + w.updates.length + w.decisions.length === 0) return;
    await this.db.transaction().execute(async (tx) => {
      for (let i = 0; i < w.inserts.length; i += 1_000)
        await tx
          .insertInto('alerts')
          .values(
            w.inserts.slice(i, i + 1_000).map((a) => ({
              id: a.id,
              user_id: a.userId,
              subject_id: a.subjectId,
              list: a.list,
              source_uid: a.sourceUid,
              match_name: a.matchName,
              match_score: a.matchScore,
              explanation: a.explanation === undefined ? null : JSON.stringify(a.explanation),
              status: a.status,
              record_hash: a.recordHash,
              subject_hash: a.subjectHash,
              created_at: a.createdAt,
              updated_at: a.updatedAt,
            })),
          )
          .execute();
      for (const u of w.updates)
        await tx
          .updateTable('alerts')
          .set({
            updated_at: u.updatedAt,
            ...(u.status !== undefined && { status: u.status }),
            ...(u.matchName !== undefined && { match_name: u.matchName }),
            ...(u.matchScore !== undefined && { match_score: u.matchScore }),
            ...(u.explanation !== undefined && { explanation: JSON.stringify(u.explanation) }),
            ...(u.recordHash !== undefined && { record_hash: u.recordHash }),
            ...(u.subjectHash !== undefined && { subject_hash: u.subjectHash }),
          })
          .where('id', '=', u.id)
          .execute();
      for (let i = 0; i < w.decisions.length; i += 1_000)
        await tx
          .insertInto('alert_decisions')
          .values(
            w.decisions.slice(i, i + 1_000).map((d) => ({
              id: d.id,
              alert_id: d.alertId,
              at: d.at,
              actor: d.actor,
              from_status: d.from,
              to_status: d.to,
              reason: d.reason,
            })),
          )
          .execute();
      // The webhook events of these changes commit with them, or not at all.
      await enqueueAlertEvents(tx, w, new Date().toISOString());
    });
  }

  async listAlerts(q: AlertQuery): Promise<Alert[]> {
    let query = this.db.selectFrom('alerts').selectAll().where('user_id', '=', q.userId);
    if (q.status !== null) query = query.where('status', '=', q.status);
    if (q.list !== null) query = query.where('list', '=', q.list);
    if (q.beforeId !== null) query = query.where('id', '<', q.beforeId);
    return (await query.orderBy('id', 'desc').limit(q.limit).execute()).map(toAlert);
  }

  async findAlert(userId: string, id: string): Promise<Alert | null> {
    const r = await this.db
      .selectFrom('alerts')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return r ? toAlert(r) : null;
  }

  async alertDecisions(alertId: string): Promise<AlertDecision[]> {
    const rows = await this.db
      .selectFrom('alert_decisions')
      .selectAll()
      .where('alert_id', '=', alertId)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      id: r.id,
      alertId: r.alert_id,
      at: r.at,
      actor: r.actor,
      from: r.from_status as AlertStatus | null,
      to: r.to_status as AlertStatus,
      reason: r.reason,
    }));
  }

  async currentRecordHashes(keys: readonly EntryKey[]): Promise<Map<string, string | null>> {
    const wanted = new Set(keys.map(entryKeyString));
    const out = new Map<string, string | null>();
    for (const part of chunks([...new Set(keys.map((k) => k.sourceUid))]))
      for (const r of await this.db
        .selectFrom('list_entries as e')
        .innerJoin('list_status as s', 's.current_version_id', 'e.version_id')
        .select(['e.list', 'e.source_uid', 'e.record_hash'])
        .where('e.source_uid', 'in', part)
        .execute()) {
        const k = entryKeyString({ list: r.list, sourceUid: r.source_uid });
        if (wanted.has(k)) out.set(k, r.record_hash);
      }
    return out;
  }

  async recordsByHash(
    wanted: readonly (EntryKey & { recordHash: string })[],
  ): Promise<Map<string, Record<string, unknown>>> {
    const keys = new Set(wanted.map(recordKeyString));
    const out = new Map<string, Record<string, unknown>>();
    for (const part of chunks([...new Set(wanted.map((k) => k.sourceUid))]))
      for (const r of await this.db
        .selectFrom('list_entries')
        .select(['list', 'source_uid', 'record_hash', 'record'])
        .where('source_uid', 'in', part)
        .where('record_hash', 'is not', null)
        .execute()) {
        const k = recordKeyString({ list: r.list, sourceUid: r.source_uid, recordHash: r.record_hash ?? '' });
        if (keys.has(k) && !out.has(k)) out.set(k, JSON.parse(r.record) as Record<string, unknown>);
      }
    return out;
  }

  async findCurrentRecord(key: EntryKey): Promise<Record<string, unknown> | null> {
    const r = await this.db
      .selectFrom('list_entries as e')
      .innerJoin('list_status as s', 's.current_version_id', 'e.version_id')
      .select(['e.record'])
      .where('e.list', '=', key.list)
      .where('e.source_uid', '=', key.sourceUid)
      .executeTakeFirst();
    return r ? (JSON.parse(r.record) as Record<string, unknown>) : null;
  }
}
