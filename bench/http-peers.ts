// Baseline servers for the HTTP benchmark, run as their own process:
//   node --import tsx bench/http-peers.ts <fastify|node> <port> <body-file>
// Both answer every GET with the same fixed JSON body the service returns for GET /api/v2/lists (the node one
// answers any method, once it has read the request body: the floor of bench/http-single.ts), with no
// auth, no rate limit, no usage record and no logging: what the framework (or Node alone) does on this machine.
import fs from 'node:fs';
import http from 'node:http';
import Fastify from 'fastify';

const [kind, portArg, bodyFile] = process.argv.slice(2);
if ((kind !== 'fastify' && kind !== 'node') || portArg === undefined || bodyFile === undefined) {
  console.error('usage: http-peers.ts <fastify|node> <port> <body-file>');
  process.exit(2);
}
const port = Number(portArg);
const body = fs.readFileSync(bodyFile);
const contentType = 'application/json; charset=utf-8';

async function startFastify(): Promise<() => Promise<void>> {
  const app = Fastify({ logger: false });
  app.get('/api/v2/lists', async (_req, reply) => reply.type(contentType).send(body));
  app.get('/healthz', async () => ({ status: 'ok' }));
  await app.listen({ port, host: '127.0.0.1' });
  return () => app.close();
}

async function startNode(): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    // The request body is read before the answer, as any server that uses it must (a POST's included).
    req.on('end', () => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
      res.end(body);
    });
    req.resume();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
}

const close = kind === 'fastify' ? await startFastify() : await startNode();
const stop = () => {
  close().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
