// What changed between two versions of one list, by source_uid within each screening list: the entries added,
// removed and changed (same source_uid, different published record). Ingestion holds a version that removes
// too many; a change feed can store and serve the same delta.
/** An entry's identity within a source: its screening list (sec has five) and the publisher's id. */
export interface EntryKey {
  readonly list: string;
  readonly sourceUid: string;
}

/** An entry's identity and the hash of its published record (record-hash.ts). */
export interface EntryFingerprint extends EntryKey {
  readonly recordHash: string;
}

/** The delta of a new version against the one before it; keys in the order of the version they come from. */
export interface ListDelta {
  readonly added: readonly EntryKey[];
  readonly removed: readonly EntryKey[];
  readonly changed: readonly EntryKey[];
  readonly unchanged: number;
}

/** Counts of a delta, as stored with a version and shown in the catalog. */
export interface DeltaCounts {
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
}

const keyOf = (e: EntryKey) => `${e.list}\u0000${e.sourceUid}`;

/** Compares two versions' fingerprints; ids must be unique per list in each (ingestion validates that). */
export function computeListDelta(
  previous: Iterable<EntryFingerprint>,
  next: Iterable<EntryFingerprint>,
): ListDelta {
  const before = new Map<string, EntryFingerprint>();
  for (const e of previous) before.set(keyOf(e), e);
  const added: EntryKey[] = [];
  const changed: EntryKey[] = [];
  let unchanged = 0;
  for (const e of next) {
    const k = keyOf(e);
    const old = before.get(k);
    if (!old) added.push({ list: e.list, sourceUid: e.sourceUid });
    else if (old.recordHash !== e.recordHash) changed.push({ list: e.list, sourceUid: e.sourceUid });
    else unchanged++;
    before.delete(k);
  }
  const removed = [...before.values()].map((e) => ({ list: e.list, sourceUid: e.sourceUid }));
  return { added, removed, changed, unchanged };
}

/** The counts of a delta. */
export function deltaCounts(delta: ListDelta): DeltaCounts {
  return { added: delta.added.length, removed: delta.removed.length, changed: delta.changed.length };
}
