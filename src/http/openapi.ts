// OpenAPI annotations derived from a route's access rules, so the reference documents the auth matrix.
import type { AuthMode } from './route-access.js';

/** The OpenAPI `security` of a route: its credentials, or `[]` (explicitly open) for routes that take none. */
export function securityFor(mode: AuthMode): Array<Record<string, string[]>> {
  switch (mode) {
    case 'key':
      return [{ apiKey: [] }];
    case 'key_or_bearer':
      return [{ apiKey: [] }, { bearer: [] }];
    case 'bearer':
      return [{ bearer: [] }];
    case 'none':
      return [];
  }
}
