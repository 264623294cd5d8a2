// One refresh of one source: acquire files, parse, validate, compare with the serving version, then commit a
// new version atomically, or hold it for review when it removes too many entries. Any failure leaves the
// serving version in place and is recorded as the list's last error.
import { v7 as uuidv7 } from 'uuid';
import type { ListEntry, ListSource } from '../lists/list-source.js';
import type { ListStatus, NewListVersion } from '../store/list-store.js';
import type { Store } from '../store/store.js';
import { acquireFiles, type FileOrigin } from './acquire-files.js';
import { holdReason, type HoldRule } from './hold-rule.js';
import {
  computeListDelta,
  deltaCounts,
  type DeltaCounts,
  type EntryFingerprint,
} from '../lists/list-delta.js';
import { recordHash } from '../lists/record-hash.js';

/** What a refresh did. */
export interface IngestOutcome {
  readonly slug: string;
  /** `held`: a new version was stored for review, the previous one keeps serving. */
  readonly status: 'updated' | 'unchanged' | 'held' | 'failed';
  /** Records of the version this outcome names (the held one when held, else the serving one). */
  readonly recordCount: number | null;
  readonly versionId: string | null;
  readonly error: string | null;
  /** The new version's delta against the serving one (updated or held after a parse); null otherwise. */
  readonly delta: DeltaCounts | null;
  /** Why the version is held (held only). */
  readonly heldReason: string | null;
  readonly durationMs: number;
}

/** Checks and settings of one run. */
export interface IngestOptions {
  readonly origin: FileOrigin;
  readonly maxRecordDrop: number;
  /** A version removing more entries than this allows is held for review instead of served. */
  readonly hold: HoldRule;
  readonly now?: () => Date;
  /** Called with the running count while parsing (progress bars). */
  readonly onProgress?: (parsed: number) => void;
  /** Runs the parse-and-commit stage one list at a time when several lists refresh at once. */
  readonly exclusive?: <T>(fn: () => Promise<T>) => Promise<T>;
}

/** Rejects a parse that lost records or produced ambiguous ids; returns a reason or null. */
export function validateEntries(
  entries: readonly ListEntry[],
  previousCount: number | null,
  maxDrop: number,
): string | null {
  if (entries.length === 0) return 'no records parsed (empty or unreadable file)';
  if (previousCount !== null && previousCount > 0 && entries.length < previousCount * (1 - maxDrop)) {
    const pct = Math.round(maxDrop * 100);
    return `record count fell from ${previousCount} to ${entries.length} (more than ${pct}%): refusing a possibly truncated file`;
  }
  const seen = new Set<string>();
  for (const e of entries) {
    if (!e.name.trim()) return `record ${e.sourceUid} has no name`;
    const key = `${e.list}\u0000${e.sourceUid}`;
    if (seen.has(key)) return `duplicate record id ${e.sourceUid} on ${e.list}`;
    seen.add(key);
  }
  return null;
}

/** The serving version's fingerprints (hashing records stored before hashes were kept). */
async function fingerprints(store: Store, versionId: string): Promise<EntryFingerprint[]> {
  return (await store.listEntryFingerprints(versionId)).map((f) => ({
    list: f.list,
    sourceUid: f.sourceUid,
    recordHash: f.recordHash ?? recordHash(f.record),
  }));
}

export async function ingestSource(
  source: ListSource,
  store: Store,
  status: ListStatus | undefined,
  opts: IngestOptions,
): Promise<IngestOutcome> {
  const now = opts.now ?? (() => new Date());
  const started = performance.now();
  const done = (
    o: Omit<IngestOutcome, 'slug' | 'durationMs' | 'delta' | 'heldReason'> &
      Partial<Pick<IngestOutcome, 'delta' | 'heldReason'>>,
  ): IngestOutcome => ({
    slug: source.slug,
    delta: null,
    heldReason: null,
    durationMs: Math.round(performance.now() - started),
    ...o,
  });
  const held = status?.held ?? null;
  const stillHeld = async () => {
    await store.recordListAttempt(source.slug, now().toISOString(), null);
    return done({ status: 'held', recordCount: held!.recordCount, versionId: held!.id, error: null });
  };
  let cleanup = () => undefined as void;
  try {
    const acquired = await acquireFiles(source, opts.origin, status?.validators ?? {});
    if (acquired.status === 'not_modified') {
      // The serving version's validators matched: a version held since is no longer published.
      if (held) await store.dropHeldVersion(source.slug, held.id, now().toISOString(), null);
      await store.recordListAttempt(source.slug, now().toISOString(), null);
      return done({
        status: 'unchanged',
        recordCount: status?.recordCount ?? null,
        versionId: status?.currentVersionId ?? null,
        error: null,
      });
    }
    cleanup = acquired.cleanup;
    // Downloads of several lists run side by side; parsing and committing take turns (memory, CPU, the store).
    return await (opts.exclusive ?? ((fn) => fn()))(async () => {
      if (status?.currentVersionId && status.checksum === acquired.checksum) {
        // The publisher serves the current version again: a version held since is no longer published.
        if (held) await store.dropHeldVersion(source.slug, held.id, now().toISOString(), null);
        await store.recordListAttempt(source.slug, now().toISOString(), null);
        return done({
          status: 'unchanged',
          recordCount: status.recordCount,
          versionId: status.currentVersionId,
          error: null,
        });
      }
      // The same publication as the one held: it stays held, no second copy.
      if (held && held.checksum === acquired.checksum) return await stillHeld();
      if (status?.rejectedChecksum === acquired.checksum)
        throw new Error(
          `this publication (checksum ${acquired.checksum.slice(0, 12)}…) was rejected by an admin; ` +
            'the previous version keeps serving until the publisher changes it',
        );
      const entries: ListEntry[] = [];
      for await (const e of source.parse(acquired.files)) {
        // Facts are extracted here, at ingestion, and stored with the entry (kept as set when the parser set them).
        entries.push(source.factsOf && !e.facts ? { ...e, facts: source.factsOf(e.record) } : e);
        if (entries.length % 1000 === 0) opts.onProgress?.(entries.length);
      }
      opts.onProgress?.(entries.length);
      const invalid = validateEntries(entries, status?.recordCount ?? null, opts.maxRecordDrop);
      if (invalid) throw new Error(invalid);
      const hashes = entries.map((e) => recordHash(e.record));
      const base = status?.currentVersionId ?? null;
      const delta = base
        ? deltaCounts(
            computeListDelta(
              await fingerprints(store, base),
              entries.map((e, i) => ({ list: e.list, sourceUid: e.sourceUid, recordHash: hashes[i]! })),
            ),
          )
        : null;
      const dataDate = source.dataDate ? await source.dataDate(acquired.files) : null;
      const at = now().toISOString();
      const version: NewListVersion = {
        id: uuidv7(),
        slug: source.slug,
        fetchedAt: at,
        dataDate,
        checksum: acquired.checksum,
        validators: acquired.validators,
        fileSet: acquired.names,
        entries,
        recordHashes: hashes,
        ...(base && delta ? { delta: { baseVersionId: base, ...delta } } : {}),
      };
      const reason = delta ? holdReason(delta, status?.recordCount ?? 0, opts.hold) : null;
      if (reason) {
        await store.holdListVersion(version, reason, at);
        return done({
          status: 'held',
          recordCount: entries.length,
          versionId: version.id,
          error: null,
          delta,
          heldReason: reason,
        });
      }
      await store.commitListVersion(version, at);
      return done({
        status: 'updated',
        recordCount: entries.length,
        versionId: version.id,
        error: null,
        delta,
      });
    });
  } catch (err) {
    const message = (err as Error).message || String(err);
    await store.recordListAttempt(source.slug, now().toISOString(), message);
    return done({
      status: 'failed',
      recordCount: status?.recordCount ?? null,
      versionId: status?.currentVersionId ?? null,
      error: message,
    });
  } finally {
    cleanup();
  }
}
