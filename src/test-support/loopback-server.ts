// A real HTTP server on 127.0.0.1 whose answers a test scripts per path (publishers, providers).
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void | Promise<void>;

/** A scripted loopback server: set `routes[path]`, read `hits[path]`. */
export interface LoopbackServer {
  readonly url: string;
  readonly routes: Map<string, Handler>;
  readonly hits: Map<string, number>;
  close(): Promise<void>;
}

export async function loopbackServer(): Promise<LoopbackServer> {
  const routes = new Map<string, Handler>();
  const hits = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const h = routes.get(path);
    if (!h) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    Promise.resolve(h(req, res)).catch(() => res.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routes,
    hits,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** Serves a fixed body with an ETag, answering 304 to a matching If-None-Match. */
export function staticFile(body: string | Buffer, etag?: string): Handler {
  return (req, res) => {
    if (etag && req.headers['if-none-match'] === etag) {
      res.statusCode = 304;
      res.end();
      return;
    }
    if (etag) res.setHeader('etag', etag);
    res.setHeader('content-length', Buffer.byteLength(body));
    res.end(body);
  };
}
