// The list half of the store: versions written and swapped in one transaction, held for review, status,
// exact-name reads.
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
  /** A version stored but not served until an admin accepts or rejects it. */
  readonly held: HeldVersion | null;
  /** Checksum of the publication an admin rejected last (the same bytes are refused, not held again). */
  readonly rejectedChecksum: string | null;
}

/** A version held for review: stored, not served, with its delta against the serving version. */
export interface HeldVersion {
  readonly id: string;
  readonly fetchedAt: string;
  readonly dataDate: string | null;
  readonly recordCount: number;
  readonly checksum: string;
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  readonly reason: string;
}

/** A version's delta counts against the version it followed. */
export interface VersionDelta {
  readonly baseVersionId: string;
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
}

/** The identity of one stored version (held, current or the one before). */
export interface StoredVersionInfo {
  readonly id: string;
  readonly slug: string;
  readonly fetchedAt: string;
  readonly recordCount: number;
  readonly checksum: string;
}

/** An entry's key and record hash as stored; entries stored before hashes were kept carry their record instead. */
export type StoredFingerprint = {
  readonly list: string;
  readonly sourceUid: string;
} & (
  | { readonly recordHash: string; readonly record: null }
  | { readonly recordHash: null; readonly record: Record<string, unknown> }
);

/** One entry a committed version added, removed or changed against the version it replaced. */
export interface ListChange {
  readonly versionId: string;
  readonly committedAt: string;
  readonly kind: 'added' | 'removed' | 'changed';
  /** The screening list the entry is on. */
  readonly list: string;
  readonly sourceUid: string;
  readonly name: string;
  /** The change's place within its version (the paging cursor's last part). */
  readonly seq: number;
}

/** A page of one list's changes, oldest version first. */
export interface ListChangesQuery {
  readonly slug: string;
  /** Only versions committed after this one (exclusive), or at or after this time. */
  readonly since:
    { readonly afterVersion: { committedAt: string; versionId: string } } | { readonly from: string } | null;
  /** Resume after this change (a previous page's last). */
  readonly after: { readonly committedAt: string; readonly versionId: string; readonly seq: number } | null;
  readonly limit: number;
}

/** A version that was made current, with when. */
export interface ListCommit {
  readonly versionId: string;
  readonly slug: string;
  readonly committedAt: string;
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
  /** Hash of each entry's record (record-hash.ts), in the order of `entries`; null entries are stored without. */
  readonly recordHashes?: readonly string[];
  /** Against the version that was current when this one was fetched; absent for a first load. */
  readonly delta?: VersionDelta;
}

/** A stored entry as the index and entry details read it back. */
export interface StoredEntry extends ListEntry {
  readonly slug: string;
  readonly versionId: string;
}

/**
 * An entry as the name index reads it: no wallets, and the published record only where the entry has no stored
 * facts (versions committed before facts were kept), since the index derives those facts from the record.
 */
export interface IndexedEntry extends Omit<StoredEntry, 'record' | 'wallets'> {
  readonly record?: Readonly<Record<string, unknown>>;
}

/** Persistence of list versions. */
export interface ListStore {
  listStatuses(): Promise<ListStatus[]>;
  /**
   * Inserts the version and its entries and makes it current, all in one transaction; older versions but the
   * previous are deleted, and so is a held version (this newer one replaces it). The same transaction records
   * the version's changes against the one it replaced (every entry added for a first version).
   */
  commitListVersion(version: NewListVersion, at: string): Promise<void>;
  /** Inserts the version as the list's held version, not served; a version held before is deleted. */
  holdListVersion(version: NewListVersion, reason: string, at: string): Promise<void>;
  /** Makes the held version current and records its changes (false when `versionId` is not the held version). */
  acceptHeldVersion(slug: string, versionId: string, at: string): Promise<boolean>;
  /**
   * Deletes the held version (false when `versionId` is not it). A rejection records the error as the list's
   * last error and remembers the version's checksum so the same publication is not held again.
   */
  dropHeldVersion(
    slug: string,
    versionId: string,
    at: string,
    rejection: { readonly error: string } | null,
  ): Promise<boolean>;
  /** A stored version by id, or null. */
  findListVersion(versionId: string): Promise<StoredVersionInfo | null>;
  /** Every entry's key and record hash, for the delta against a new version. */
  listEntryFingerprints(versionId: string): Promise<StoredFingerprint[]>;
  /** Records a refresh attempt: success without a new version (unchanged), or a failure with its reason. */
  recordListAttempt(slug: string, at: string, error: string | null): Promise<void>;
  /** The entries of one version, in parse order; only those with these source_uids when given. */
  loadListEntries(versionId: string, sourceUids?: readonly string[]): Promise<StoredEntry[]>;
  /** The entries of one version as the name index needs them, in parse order (see IndexedEntry). */
  loadIndexEntries(versionId: string): Promise<IndexedEntry[]>;
  /** The entries of one version that publish wallet addresses, in parse order. */
  loadWalletEntries(versionId: string): Promise<StoredEntry[]>;
  /** A version made current in this store, or null (never committed, or of another list). */
  findListCommit(slug: string, versionId: string): Promise<ListCommit | null>;
  /** One list's changes, oldest version first, each version's in its own order. */
  listChanges(query: ListChangesQuery): Promise<ListChange[]>;
  /** Records of current versions holding this exact name (primary or alias), grouped by source slug. */
  findRecordsByExactName(name: string): Promise<Record<string, Record<string, unknown>[]>>;
}
