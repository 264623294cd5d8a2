// The list half of the store: versions written and swapped in one transaction, status, exact-name reads.
import type { ListEntry } from '../lists/list-source.js';

/** HTTP validators the publisher sent for one file, replayed on the next conditional GET. */
export interface FileValidators {
  readonly etag: string | null;
  readonly lastModified: string | null;
}

/** The serving version and refresh outcome of one source. */
export interface ListStatus {
  readonly slug: string;
  readonly currentVersionId: string | null;
  readonly recordCount: number | null;
  readonly dataDate: string | null;
  readonly fetchedAt: string | null;
  readonly checksum: string | null;
  readonly validators: Readonly<Record<string, FileValidators>>;
  readonly lastAttemptAt: string | null;
  readonly lastSuccessAt: string | null;
  /** Set when the last refresh failed (the current version, if any, keeps serving). */
  readonly lastError: string | null;
}

/** A parsed version ready to be committed. */
export interface NewListVersion {
  readonly id: string;
  readonly slug: string;
  readonly fetchedAt: string;
  readonly dataDate: string | null;
  readonly checksum: string;
  readonly validators: Readonly<Record<string, FileValidators>>;
  readonly fileSet: readonly string[];
  readonly entries: readonly ListEntry[];
}

/** A stored entry as the index and entry details read it back. */
export interface StoredEntry extends ListEntry {
  readonly slug: string;
  readonly versionId: string;
}

/** Persistence of list versions. */
export interface ListStore {
  listStatuses(): Promise<ListStatus[]>;
  /** Inserts the version and its entries and makes it current, all in one transaction; older versions but the previous are deleted. */
  commitListVersion(version: NewListVersion, at: string): Promise<void>;
  /** Records a refresh attempt: success without a new version (unchanged), or a failure with its reason. */
  recordListAttempt(slug: string, at: string, error: string | null): Promise<void>;
  /** The entries of one version, in parse order. */
  loadListEntries(versionId: string): Promise<StoredEntry[]>;
  /** Records of current versions holding this exact name (primary or alias), grouped by source slug. */
  findRecordsByExactName(name: string): Promise<Record<string, Record<string, unknown>[]>>;
}
