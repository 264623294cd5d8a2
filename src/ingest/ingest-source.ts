// One refresh of one source: acquire files, parse, validate, commit a new version atomically. Any failure
// leaves the serving version in place and is recorded as the list's last error.
import { v7 as uuidv7 } from 'uuid';
import type { ListEntry, ListSource } from '../lists/list-source.js';
import type { ListStatus } from '../store/list-store.js';
import type { Store } from '../store/store.js';
import { acquireFiles, type FileOrigin } from './acquire-files.js';

/** What a refresh did. */
export interface IngestOutcome {
  readonly slug: string;
  readonly status: 'updated' | 'unchanged' | 'failed';
  readonly recordCount: number | null;
  readonly versionId: string | null;
  readonly error: string | null;
  readonly durationMs: number;
}

/** Checks and settings of one run. */
export interface IngestOptions {
  readonly origin: FileOrigin;
  readonly maxRecordDrop: number;
  readonly now?: () => Date;
  /** Called with the running count while parsing (progress bars). */
  readonly onProgress?: (parsed: number) => void;
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

export async function ingestSource(
  source: ListSource,
  store: Store,
  status: ListStatus | undefined,
  opts: IngestOptions,
): Promise<IngestOutcome> {
  const now = opts.now ?? (() => new Date());
  const started = performance.now();
  const done = (o: Omit<IngestOutcome, 'slug' | 'durationMs'>): IngestOutcome => ({
    slug: source.slug,
    durationMs: Math.round(performance.now() - started),
    ...o,
  });
  let cleanup = () => undefined as void;
  try {
    const acquired = await acquireFiles(source, opts.origin, status?.validators ?? {});
    if (acquired.status === 'not_modified') {
      await store.recordListAttempt(source.slug, now().toISOString(), null);
      return done({
        status: 'unchanged',
        recordCount: status?.recordCount ?? null,
        versionId: status?.currentVersionId ?? null,
        error: null,
      });
    }
    cleanup = acquired.cleanup;
    if (status?.currentVersionId && status.checksum === acquired.checksum) {
      await store.recordListAttempt(source.slug, now().toISOString(), null);
      return done({
        status: 'unchanged',
        recordCount: status.recordCount,
        versionId: status.currentVersionId,
        error: null,
      });
    }
    const entries: ListEntry[] = [];
    for await (const e of source.parse(acquired.files)) {
      entries.push(e);
      if (entries.length % 1000 === 0) opts.onProgress?.(entries.length);
    }
    opts.onProgress?.(entries.length);
    const invalid = validateEntries(entries, status?.recordCount ?? null, opts.maxRecordDrop);
    if (invalid) throw new Error(invalid);
    const dataDate = source.dataDate ? await source.dataDate(acquired.files) : null;
    const versionId = uuidv7();
    const at = now().toISOString();
    await store.commitListVersion(
      {
        id: versionId,
        slug: source.slug,
        fetchedAt: at,
        dataDate,
        checksum: acquired.checksum,
        validators: acquired.validators,
        fileSet: acquired.names,
        entries,
      },
      at,
    );
    return done({ status: 'updated', recordCount: entries.length, versionId, error: null });
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
