// Monitored subjects of an account: upsert by reference (each new or changed one screened at once, its matches
// becoming alerts), paged listing, read and delete. Another account's subject is not found, never forbidden.
import type { BasisSink } from '../../domain/usage.js';
import { v7 as uuidv7 } from 'uuid';
import { MAX_SUBJECTS_PER_CALL, type Subject } from '../../domain/monitoring.js';
import { SEARCH_TYPES, type SearchType } from '../../domain/screening.js';
import { badRequest, notFound } from '../../errors.js';
import type { ClusterStore } from '../../store/cluster-store.js';
import type { MonitorStore, SubjectInput } from '../../store/monitor-store.js';
import type { ListState } from '../list-state.js';
import type { QueryQualifiers } from '../../domain/facts.js';
import { checkName } from '../screening/name-list.js';
import { parseQualifiers, type QualifierInput } from '../screening/qualifier-input.js';
import { screenSubjects, type SubjectScreeningStore } from './subject-screening.js';

/** A subject as the API answers it. */
export interface SubjectView {
  readonly id: string;
  readonly reference: string | null;
  readonly name: string;
  readonly search_type: SearchType;
  readonly birth_date?: string;
  readonly country?: string[];
  readonly entity_type?: NonNullable<QueryQualifiers['entityType']>;
  readonly created_at: string;
  readonly updated_at: string;
}

/** A subject as submitted (already shape-checked by the route schema). */
export interface SubjectSubmission extends QualifierInput {
  readonly name: string;
  readonly reference?: string;
  readonly search_type?: SearchType;
}

/** A page of subjects and the cursor of the next (null on the last page). */
export interface SubjectsPage {
  readonly subjects: SubjectView[];
  readonly next_cursor: string | null;
}

export const MAX_REFERENCE_LENGTH = 200;

export const subjectView = (s: Subject): SubjectView => ({
  id: s.id,
  reference: s.reference,
  name: s.name,
  search_type: s.searchType,
  ...(s.qualifiers?.birthDate !== undefined ? { birth_date: s.qualifiers.birthDate } : {}),
  ...(s.qualifiers?.countries !== undefined ? { country: [...s.qualifiers.countries] } : {}),
  ...(s.qualifiers?.entityType !== undefined ? { entity_type: s.qualifiers.entityType } : {}),
  created_at: s.createdAt,
  updated_at: s.updatedAt,
});

const encodeCursor = (id: string) => Buffer.from(JSON.stringify([id])).toString('base64url');

/** The id a cursor of this endpoint carries; 400 for anything else. */
export function decodeIdCursor(cursor: string): string {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 1 && typeof v[0] === 'string') return v[0];
  } catch {
    // Falls through to the error below.
  }
  throw badRequest('cursor: not a cursor this endpoint gave (pass next_cursor as it came)');
}

export const encodeIdCursor = encodeCursor;

export class SubjectsService {
  constructor(
    private readonly store: Pick<
      MonitorStore,
      'upsertSubjects' | 'listSubjects' | 'findSubject' | 'deleteSubject'
    > &
      Pick<ClusterStore, 'notifyCluster'> &
      SubjectScreeningStore,
    private readonly lists: ListState,
    /** Told after subjects were written or deleted (the process's subject index catches up). */
    private readonly onChanged: () => void = () => undefined,
  ) {}

  /** Checks, stores and screens the subjects; answers them in the order submitted. */
  async upsert(
    userId: string,
    submitted: readonly SubjectSubmission[],
    sink?: BasisSink,
  ): Promise<SubjectView[]> {
    if (submitted.length === 0) throw badRequest('subjects must hold at least one subject');
    if (submitted.length > MAX_SUBJECTS_PER_CALL)
      throw badRequest(
        `subjects holds ${submitted.length} subjects; at most ${MAX_SUBJECTS_PER_CALL} per request`,
      );
    const inputs: SubjectInput[] = submitted.map((s, i) => {
      const at = `subjects item ${i + 1}`;
      const name = checkName(`${at}.name`, s.name);
      let reference: string | null = null;
      if (s.reference !== undefined) {
        reference = s.reference.trim();
        if (reference === '') throw badRequest(`${at}.reference must not be blank (leave it out instead)`);
        if (reference.length > MAX_REFERENCE_LENGTH)
          throw badRequest(`${at}.reference is longer than ${MAX_REFERENCE_LENGTH} characters`);
      }
      const searchType = s.search_type ?? 'standard_match';
      if (!SEARCH_TYPES.includes(searchType))
        throw badRequest(`${at}.search_type must be one of ${SEARCH_TYPES.join(', ')}`);
      const qualifiers = parseQualifiers(s, `${at}.`);
      return { id: uuidv7(), reference, name, searchType, ...(qualifiers ? { qualifiers } : {}) };
    });
    // Fail closed before storing: a subject is never accepted without being screened.
    this.lists.requireSearcher('v2');
    const stored = await this.store.upsertSubjects(userId, inputs, new Date().toISOString());
    this.onChanged();
    const changed = new Map<string, Subject>();
    for (const u of stored) if (u.changed) changed.set(u.subject.id, u.subject);
    await screenSubjects(this.store, this.lists, [...changed.values()], sink);
    if (changed.size > 0) await this.#announce();
    return stored.map((u) => subjectView(u.subject));
  }

  async page(
    userId: string,
    q: { name?: string; reference?: string; cursor?: string; limit: number },
  ): Promise<SubjectsPage> {
    const rows = await this.store.listSubjects({
      userId,
      name: q.name?.trim() || null,
      reference: q.reference?.trim() || null,
      afterId: q.cursor === undefined ? null : decodeIdCursor(q.cursor),
      limit: q.limit + 1,
    });
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return {
      subjects: page.map(subjectView),
      next_cursor: rows.length > q.limit && last ? encodeCursor(last.id) : null,
    };
  }

  async get(userId: string, id: string): Promise<SubjectView> {
    const s = await this.store.findSubject(userId, id);
    if (!s) throw notFound(`no subject ${id}`);
    return subjectView(s);
  }

  /** Stops monitoring the subject; its alerts are kept. */
  async delete(userId: string, id: string): Promise<void> {
    if (!(await this.store.deleteSubject(userId, id, new Date().toISOString())))
      throw notFound(`no subject ${id}`);
    await this.#announce();
  }

  /**
   * Tells every process the subject set changed (each process's subject index catches up: see the listener in
   * main.ts). Best effort after the write: a failure to notify never fails the call (listeners that reconnect call
   * the same hook, since notices sent meanwhile are lost).
   */
  async #announce(): Promise<void> {
    await this.store.notifyCluster({ kind: 'subjects_changed' }).catch(() => undefined);
  }
}
