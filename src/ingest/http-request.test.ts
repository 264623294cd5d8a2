// The download client against a loopback server: redirects, compressed answers, broken connections, aborts.
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackServer, type LoopbackServer } from '../test-support/loopback-server.js';
import { httpRequest, isTimeout } from './http-request.js';

describe('httpRequest', () => {
  let a: LoopbackServer;
  let b: LoopbackServer;
  beforeAll(async () => {
    a = await loopbackServer();
    b = await loopbackServer();
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('follows relative and cross-origin redirects, dropping credentials across origins; a 303 turns a POST into a GET', async () => {
    const seen: Array<{ method?: string; auth?: string; agent?: string }> = [];
    a.routes.set('/start', (_req, res) => {
      res.writeHead(302, { location: '/moved' }).end();
    });
    a.routes.set('/moved', (req, res) => {
      seen.push({ method: req.method, auth: req.headers.authorization });
      res.writeHead(307, { location: `${b.url}/final` }).end();
    });
    b.routes.set('/final', (req, res) => {
      seen.push({ method: req.method, auth: req.headers.authorization, agent: req.headers['user-agent'] });
      res.end('done');
    });
    const res = await httpRequest(`${a.url}/start`, {
      headers: { authorization: 'Bearer x', 'user-agent': 'ua/1' },
    });
    expect([res.status, res.url, (await buffer(res.body)).toString()]).toEqual([
      200,
      `${b.url}/final`,
      'done',
    ]);
    expect(seen).toEqual([
      { method: 'GET', auth: 'Bearer x' },
      { method: 'GET', auth: undefined, agent: 'ua/1' },
    ]);

    a.routes.set('/form', (req, res) => {
      res.writeHead(303, { location: '/result' }).end();
      req.resume();
    });
    a.routes.set('/result', (req, res) => {
      res.end(req.method);
    });
    const posted = await httpRequest(`${a.url}/form`, { method: 'POST', body: 'q=1' });
    expect((await buffer(posted.body)).toString()).toBe('GET');
  });

  it('gives up after too many redirects', async () => {
    a.routes.set('/loop', (_req, res) => {
      res.writeHead(301, { location: '/loop' }).end();
    });
    await expect(httpRequest(`${a.url}/loop`, { maxRedirects: 3 })).rejects.toThrow(/too many redirects/);
    await expect(httpRequest('ftp://127.0.0.1/x')).rejects.toThrow(/unsupported protocol ftp:/);
  });

  it('asks for identity, yet decodes a gzip answer and counts the bytes on the wire', async () => {
    const plain = Buffer.from('x'.repeat(10_000));
    const gz = zlib.gzipSync(plain);
    let asked: string | undefined;
    a.routes.set('/gz', (req, res) => {
      asked = req.headers['accept-encoding'];
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': gz.length }).end(gz);
    });
    const res = await httpRequest(`${a.url}/gz`);
    expect(await buffer(res.body)).toEqual(plain);
    expect(asked).toBe('identity');
    expect(res.wireBytes()).toBe(gz.length);
  });

  it('a body cut short of its Content-Length errors the stream', async () => {
    a.routes.set('/short', (_req, res) => {
      res.setHeader('content-length', 1000);
      res.write('x'.repeat(100), () => res.destroy());
    });
    const res = await httpRequest(`${a.url}/short`);
    await expect(buffer(res.body)).rejects.toThrow();
  });

  it('a body failing while nobody reads it (its timeout fires) ends nothing but that body', async () => {
    a.routes.set('/unread', (_req, res) => {
      // Compressed, so the body read is the decoder's stream, which Node does not shield as it does its own.
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-length': 1000 });
      res.write(zlib.gzipSync('x'.repeat(100)).subarray(0, 20)); // and stalls
    });
    const res = await httpRequest(`${a.url}/unread`, { signal: AbortSignal.timeout(100) });
    // Not read: the timeout destroys the body with an error (vitest fails the run on an uncaught error).
    await new Promise((r) => res.body.once('close', r));
    expect(res.body.errored?.name).toBe('TimeoutError');
  });

  it('a timeout before the headers or during the body is reported as a timeout', async () => {
    a.routes.set('/slow', () => undefined); // never answers
    const s1 = AbortSignal.timeout(100);
    const e1 = await httpRequest(`${a.url}/slow`, { signal: s1 }).catch((e: unknown) => e);
    expect(isTimeout(e1, s1)).toBe(true);
    a.routes.set('/stall', (_req, res) => {
      res.setHeader('content-length', 1000);
      res.write('x'); // and stalls
    });
    const s2 = AbortSignal.timeout(200);
    const res = await httpRequest(`${a.url}/stall`, { signal: s2 });
    const e2 = await buffer(res.body).catch((e: unknown) => e);
    expect(isTimeout(e2, s2)).toBe(true);
  });
});
