// What the usage trail keeps of a request or response body: the text itself up to a documented cap, and past
// it (or where the body is not worth copying, as a history read's) its size, its SHA-256 and its opening part.
import { createHash } from 'node:crypto';

/** Characters of a cut body kept so a reader can see what it was. */
export const KEPT_HEAD_CHARS = 4096;

/** The body as stored: itself when at most `maxBytes` (UTF-8), else a digest with the size of what was cut. */
export function storedBody(text: string | null, maxBytes: number): string | null {
  if (text === null) return null;
  // A UTF-8 byte is at least a third of a UTF-16 unit's worth: skip the byte count for clearly small bodies.
  if (text.length * 3 <= maxBytes) return text;
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes <= maxBytes) return text;
  return JSON.stringify({
    truncated: true,
    bytes,
    sha256: sha256(text),
    head: text.slice(0, KEPT_HEAD_CHARS),
  });
}

/** A body not copied into the trail at all (history reads): why, its size and its SHA-256. */
export function digestBody(text: string | null, why: string): string | null {
  if (text === null) return null;
  return JSON.stringify({ not_stored: why, bytes: Buffer.byteLength(text, 'utf8'), sha256: sha256(text) });
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
