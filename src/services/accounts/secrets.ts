// Opaque credentials: random tokens shown once, stored only as SHA-256 (they carry 256 bits, so no slow hash is needed).
import { hash, randomBytes } from 'node:crypto';

export const API_KEY_PREFIX = 'sk_';
export const SESSION_TOKEN_PREFIX = 'st_';
/** How many leading characters of a key are stored in clear so users can tell keys apart. */
export const VISIBLE_PREFIX_LENGTH = 11;

/** A new random secret with a recognisable prefix (so leaked keys are easy to scan for). */
export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a secret, the only form in which it is stored. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}
