// Cross-origin access to the API: none unless the operator lists origins (SCREENING_CORS_ORIGINS). For a listed
// origin, /api/ responses (errors included) name it in Access-Control-Allow-Origin and a preflight is answered
// 204; any other origin gets no CORS header at all, so browsers keep the API to same-origin pages. Credentials
// (cookies) are never allowed cross-origin: callers send their API key or bearer token in a header.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Request headers a listed origin may send. */
export const CORS_ALLOWED_HEADERS = 'authorization, content-type, x-api-key, x-request-id';
/** Methods the API answers. */
export const CORS_ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';
/** Response headers a listed origin's script may read beyond the safelisted ones. */
export const CORS_EXPOSED_HEADERS =
  'x-request-id, retry-after, ratelimit-limit, ratelimit-remaining, ratelimit-reset, ratelimit-policy';
/** How long a browser may cache a preflight answer. */
export const CORS_MAX_AGE_SECONDS = 600;

const isApi = (url: string) => url.startsWith('/api/');

/** The listed origin the request comes from, or null (not an /api/ call, no Origin, or an origin not listed). */
function allowedOrigin(req: FastifyRequest, origins: ReadonlySet<string>): string | null {
  const origin = req.headers.origin;
  return typeof origin === 'string' && origins.has(origin) && isApi(req.url) ? origin : null;
}

function allow(reply: FastifyReply, origin: string): void {
  reply.header('access-control-allow-origin', origin);
  reply.header('access-control-expose-headers', CORS_EXPOSED_HEADERS);
}

/**
 * Registers CORS for `origins` (exact `scheme://host[:port]` strings); does nothing when the list is empty. Call
 * after the hook that sets the security headers, so a preflight answer carries them too.
 */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const listed = new Set(origins);
  app.addHook('onRequest', async (req, reply) => {
    // No route answers OPTIONS: a preflight from a listed origin is answered here, before authentication (a
    // browser sends no credentials with it); one from elsewhere falls through to the 404.
    if (req.method !== 'OPTIONS' || typeof req.headers['access-control-request-method'] !== 'string') return;
    const origin = allowedOrigin(req, listed);
    if (origin === null) return;
    allow(reply, origin);
    reply.header('access-control-allow-methods', CORS_ALLOWED_METHODS);
    reply.header('access-control-allow-headers', CORS_ALLOWED_HEADERS);
    reply.header('access-control-max-age', CORS_MAX_AGE_SECONDS);
    reply.header('vary', 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
    return reply.code(204).send();
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!isApi(req.url)) return payload;
    // Answers differ by Origin: caches must keep them apart.
    const vary = reply.getHeader('vary');
    if (vary === undefined) reply.header('vary', 'Origin');
    else if (!/\borigin\b/i.test(String(vary))) reply.header('vary', `${String(vary)}, Origin`);
    const origin = allowedOrigin(req, listed);
    if (origin !== null && !reply.hasHeader('access-control-allow-origin')) allow(reply, origin);
    return payload;
  });
}
