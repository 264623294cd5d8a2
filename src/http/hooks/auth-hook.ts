// Authenticates each call per its route's auth mode: x-api-key everywhere, bearer only where the spec allows.
import type { FastifyRequest } from 'fastify';
import type { Principal } from '../../domain/accounts.js';
import { unauthorized } from '../../errors.js';
import type { AccountsService } from '../../services/accounts/accounts-service.js';
import type { AuthMode } from '../route-access.js';

function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(h);
  return m?.[1] ?? null;
}

function apiKey(req: FastifyRequest): string | null {
  const h = req.headers['x-api-key'];
  if (Array.isArray(h)) return h[0] ?? null;
  return typeof h === 'string' && h.trim() !== '' ? h.trim() : null;
}

/** Resolves the caller or throws 401; an x-api-key header, when present, always decides. */
export async function authenticate(
  req: FastifyRequest,
  mode: AuthMode,
  accounts: AccountsService,
): Promise<Principal> {
  const key = apiKey(req);
  const token = bearerToken(req);
  if (mode !== 'bearer' && key !== null) {
    const p = await accounts.authenticateApiKey(key);
    if (!p) throw unauthorized('invalid API key');
    return p;
  }
  if (mode === 'key') {
    throw unauthorized(
      token !== null
        ? 'this endpoint accepts an API key only: send it in the x-api-key header (bearer tokens are not accepted here)'
        : 'missing API key: send it in the x-api-key header',
    );
  }
  if (token === null)
    throw unauthorized(
      mode === 'bearer'
        ? 'missing bearer token: sign in and send Authorization: Bearer <token>'
        : 'missing credentials: send an API key in x-api-key or a bearer token in Authorization',
    );
  const p = await accounts.authenticateBearer(token);
  if (!p) throw unauthorized('invalid or expired bearer token; sign in again');
  return p;
}
