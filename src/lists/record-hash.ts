// The fingerprint of a published record: SHA-256 of its canonical JSON (keys sorted at every depth), so the
// same record hashes the same whatever order its parser built the keys in.
import { createHash } from 'node:crypto';
import { stringify } from 'safe-stable-stringify';

/** Hex SHA-256 of the record's canonical JSON. */
export function recordHash(record: Readonly<Record<string, unknown>>): string {
  return createHash('sha256')
    .update(stringify(record) ?? 'null')
    .digest('hex');
}
