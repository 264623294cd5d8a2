// Serves the dashboard (web/dist, built by `npm run build`) at /: its files as they are, and index.html for any
// other GET so client-side routes survive a reload. The server's own paths are never shadowed: an unknown
// /api, /docs, /healthz, /readyz or /metrics path stays the JSON 404 every other unknown route gets.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

/** web/dist beside src/ or dist/: this file sits three levels below the repository root in both. */
export const DASHBOARD_ROOT = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** Path prefixes that belong to the API server, never to the dashboard. */
export const RESERVED_PREFIXES = ['/api', '/docs', '/healthz', '/readyz', '/metrics'] as const;

const isReserved = (p: string) => RESERVED_PREFIXES.some((r) => p === r || p.startsWith(`${r}/`));

// Built assets carry a content hash in their names, so they can be cached for good; index.html names the
// current hashes, so it must be revalidated every time or a deploy would leave browsers on the old bundle.
const HTML_HEADERS = {
  'cache-control': 'no-cache',
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; " +
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
} as const;

export interface DashboardOptions {
  /** The built dashboard folder (index.html and assets/); tests point it elsewhere. */
  readonly root?: string;
}

export const dashboardRoutes =
  (opts: DashboardOptions = {}): FastifyPluginAsync =>
  async (app) => {
    const root = path.resolve(opts.root ?? DASHBOARD_ROOT);
    // serve: false: the catch-all below decides between a file, index.html and a 404, so only the reply
    // decorator is wanted (a second wildcard route would clash with it).
    await app.register(fastifyStatic, { root, serve: false, wildcard: false, index: false });

    const sendIndex = (reply: FastifyReply) => {
      // Checked per request so a server started before `npm run build` finished starts serving once it has.
      if (!fs.existsSync(path.join(root, 'index.html')))
        return reply
          .code(503)
          .type('text/plain; charset=utf-8')
          .send('The dashboard has not been built. Run `npm run build`, then reload.');
      return reply.headers(HTML_HEADERS).sendFile('index.html', { maxAge: 0, cacheControl: false });
    };

    const handler = async (req: FastifyRequest, reply: FastifyReply) => {
      const pathname = req.url.split('?')[0]!;
      // The server's own not-found handler answers, so these 404s are identical to any other unknown route.
      if (isReserved(pathname)) return reply.callNotFound();
      const last = pathname.slice(pathname.lastIndexOf('/') + 1);
      // A path naming a file (it has an extension) is a file or a 404; anything else is a client route.
      if (last.includes('.')) {
        let file: string;
        try {
          file = decodeURIComponent(pathname.slice(1));
        } catch {
          return reply.callNotFound();
        }
        const immutable = pathname.startsWith('/assets/');
        // sendFile confines the path to the root and hands a missing file to the JSON not-found handler.
        return reply.header('x-content-type-options', 'nosniff').sendFile(file, {
          maxAge: immutable ? '365d' : 0,
          immutable,
        });
      }
      return sendIndex(reply);
    };

    const route = { schema: { hide: true } };
    app.get('/', route, handler);
    app.get('/*', route, handler);
  };
