// The change feed of one list: what each committed version added, removed and changed, oldest version first, paged
// by an opaque cursor. Recorded by the store when a version becomes current, so the feed outlives the versions.
import { badRequest, notFound } from '../../errors.js';
import type { ListChange, ListChangesQuery, ListStore } from '../../store/list-store.js';

/** One change as the API answers it. */
export interface ChangeView {
  readonly version_id: string;
  readonly committed_at: string;
  readonly kind: ListChange['kind'];
  readonly source_uid: string;
  readonly name: string;
}

/** A page of changes and the cursor of the next (null on the last page). */
export interface ChangesPage {
  readonly changes: ChangeView[];
  readonly next_cursor: string | null;
}

/** A request for one page of a list's changes. */
export interface ChangesRequest {
  readonly slug: string;
  /** A version id of this list (changes after it) or an ISO 8601 time (versions committed at or after it). */
  readonly since?: string;
  readonly cursor?: string;
  readonly limit: number;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2}))?$/;

const encodeCursor = (c: ListChange) =>
  Buffer.from(JSON.stringify([c.committedAt, c.versionId, c.seq])).toString('base64url');

function decodeCursor(cursor: string): NonNullable<ListChangesQuery['after']> {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(v) && v.length === 3) {
      const [committedAt, versionId, seq] = v as unknown[];
      if (typeof committedAt === 'string' && typeof versionId === 'string' && Number.isInteger(seq))
        return { committedAt, versionId, seq: seq as number };
    }
  } catch {
    // Falls through to the error below.
  }
  throw badRequest('cursor: not a cursor this endpoint gave (pass next_cursor as it came)');
}

/** Reads the change feed of the registered lists. */
export class ListChanges {
  readonly #store: Pick<ListStore, 'findListCommit' | 'listChanges'>;
  readonly #slugs: ReadonlySet<string>;

  constructor(store: Pick<ListStore, 'findListCommit' | 'listChanges'>, slugs: Iterable<string>) {
    this.#store = store;
    this.#slugs = new Set(slugs);
  }

  async page(req: ChangesRequest): Promise<ChangesPage> {
    if (!this.#slugs.has(req.slug)) throw notFound(`unknown list '${req.slug}'`);
    const rows = await this.#store.listChanges({
      slug: req.slug,
      since: await this.#since(req.slug, req.since),
      after: req.cursor === undefined ? null : decodeCursor(req.cursor),
      limit: req.limit + 1,
    });
    const page = rows.slice(0, req.limit);
    const last = page.at(-1);
    return {
      changes: page.map((c) => ({
        version_id: c.versionId,
        committed_at: c.committedAt,
        kind: c.kind,
        source_uid: c.sourceUid,
        name: c.name,
      })),
      next_cursor: rows.length > req.limit && last ? encodeCursor(last) : null,
    };
  }

  async #since(slug: string, since: string | undefined): Promise<ListChangesQuery['since']> {
    if (since === undefined) return null;
    if (ISO_TIME.test(since)) {
      const t = Date.parse(since);
      if (Number.isNaN(t)) throw badRequest(`since: '${since}' is not a valid time`);
      return { from: new Date(t).toISOString() };
    }
    const commit = await this.#store.findListCommit(slug, since);
    if (!commit)
      throw badRequest(
        `since: '${since}' is neither an ISO 8601 time nor a version id committed for list '${slug}'`,
      );
    return { afterVersion: { committedAt: commit.committedAt, versionId: commit.versionId } };
  }
}
