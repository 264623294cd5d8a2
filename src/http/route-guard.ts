// Checked once, when a route is registered: every /api/ route declares who may call it, or the server does not
// start; its OpenAPI `security` is derived from that declaration, and the declarations are kept for the auth matrix.
import type { FastifyInstance, RouteOptions } from 'fastify';
import { securityFor } from './openapi.js';
import type { RouteAccess } from './route-access.js';

/** One registered route and its access declaration (the generated auth-matrix tests loop over these). */
export interface DeclaredRoute {
  readonly method: string;
  readonly url: string;
  readonly access: RouteAccess | null;
}

/** Thrown at registration for an /api/ route without `config.access`: fail closed, at boot, not per call. */
export class UndeclaredAccessError extends Error {
  constructor(method: string, url: string) {
    super(
      `route ${method} ${url} has no access declaration (config.access): every /api/ route must say who may call it`,
    );
    this.name = 'UndeclaredAccessError';
  }
}

const methodsOf = (r: RouteOptions): string[] => (Array.isArray(r.method) ? r.method : [r.method]);

/** Installs the check (before any route is registered) and returns the list it fills. */
export function guardRouteAccess(app: FastifyInstance): readonly DeclaredRoute[] {
  const declared: DeclaredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: RouteAccess } | undefined)?.access ?? null;
    // HEAD routes Fastify adds for each GET carry the GET's config.
    for (const method of methodsOf(route)) {
      if (method === 'HEAD') continue;
      if (route.url.startsWith('/api/') && access === null)
        throw new UndeclaredAccessError(method, route.url);
      declared.push({ method, url: route.url, access });
    }
    if (access && route.schema && !route.schema.hide) {
      const security = securityFor(access.auth);
      (route.schema as { security?: unknown }).security = security;
    }
  });
  return declared;
}
