// The HTTP client of list downloads and crawls: node:http/https with redirects, over connections this module
// opens itself. Not global fetch: cheerio brings undici 7, which installs itself as the dispatcher global fetch
// uses, and its HTTP/1 client throws an uncatchable AssertionError (`assert(!this.paused)`, nodejs/undici#5360,
// fixed only in undici 8, which needs Node 22) when a close-delimited body ends while reading is paused.
import http from 'node:http';
import https from 'node:https';
import type { Readable, Transform } from 'node:stream';
import zlib from 'node:zlib';

/** A request: GET unless told otherwise; `signal` aborts it at any stage (headers or body). */
export interface HttpRequestInit {
  readonly method?: 'GET' | 'POST';
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly signal?: AbortSignal;
  /** Redirects followed before failing (default 5). */
  readonly maxRedirects?: number;
}

/** A response whose headers have arrived; the body is a stream that errors if the connection breaks. */
export interface HttpResponse {
  readonly status: number;
  readonly statusText: string;
  /** The address answered, after redirects. */
  readonly url: string;
  readonly headers: Headers;
  /** The body, decoded when the publisher compressed it although we asked for identity. */
  readonly body: Readable;
  /** Bytes received on the wire so far (what Content-Length counts). */
  wireBytes(): number;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const SENSITIVE = ['authorization', 'cookie'];

function decoder(encoding: string | undefined): Transform | null {
  switch ((encoding ?? 'identity').trim().toLowerCase()) {
    case 'identity':
    case '':
      return null;
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      throw new Error(`unsupported Content-Encoding ${encoding}`);
  }
}

function toHeaders(raw: readonly string[]): Headers {
  const h = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      h.append(raw[i]!, raw[i + 1]!);
    } catch {
      // A header value Headers refuses (invalid bytes) is one nobody here reads.
    }
  }
  return h;
}

/** One exchange without redirects: resolves when the headers arrive. */
function exchange(url: URL, init: HttpRequestInit): Promise<http.IncomingMessage> {
  const client = url.protocol === 'https:' ? https : url.protocol === 'http:' ? http : null;
  if (!client) return Promise.reject(new Error(`unsupported protocol ${url.protocol}`));
  return new Promise((resolve, reject) => {
    const req = client.request(url, {
      method: init.method ?? 'GET',
      // Our own connection per request: no pool shared with anything else in the process.
      agent: false,
      headers: {
        'accept-encoding': 'identity',
        ...init.headers,
        ...(init.body !== undefined ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
      },
      ...(init.signal ? { signal: init.signal } : {}),
    });
    let response: http.IncomingMessage | null = null;
    req.once('response', (res) => {
      response = res;
      resolve(res);
    });
    // Kept for the whole exchange (an unheard 'error' event would crash the process). After the headers, a
    // socket error (a reset) fails the body: Node would otherwise end a close-delimited body as complete.
    req.on('error', (err) => {
      if (!response) reject(err);
      else if (!response.destroyed) response.destroy(err);
    });
    req.end(init.body);
  });
}

/** Sends the request, follows redirects, and resolves once the final response's headers have arrived. */
export async function httpRequest(address: string, init: HttpRequestInit = {}): Promise<HttpResponse> {
  let url = new URL(address);
  let current = init;
  for (let hops = 0; ; hops++) {
    const res = await exchange(url, current);
    const status = res.statusCode ?? 0;
    const location = res.headers.location;
    if (REDIRECTS.has(status) && location) {
      res.resume();
      res.destroy();
      if (hops >= (init.maxRedirects ?? 5)) throw new Error(`too many redirects (last to ${location})`);
      const next = new URL(location, url);
      const headers = { ...current.headers };
      if (next.origin !== url.origin)
        for (const k of Object.keys(headers)) if (SENSITIVE.includes(k.toLowerCase())) delete headers[k];
      const asGet = status === 303 || ((status === 301 || status === 302) && current.method === 'POST');
      current = asGet ? { ...current, method: 'GET', body: undefined, headers } : { ...current, headers };
      url = next;
      continue;
    }
    let wire = 0;
    res.on('data', (chunk: Buffer) => {
      wire += chunk.length;
    });
    res.pause();
    let body: Readable = res;
    let decode: Transform | null;
    try {
      decode = decoder(res.headers['content-encoding']);
    } catch (err) {
      res.destroy();
      throw err;
    }
    if (decode) {
      // pipe() does not forward errors: a broken connection must fail the decoded stream too.
      res.on('error', (err) => decode.destroy(err));
      body = res.pipe(decode);
    }
    // Errors reach whoever reads the body; one arriving when nobody reads it must not end the process.
    body.on('error', () => undefined);
    // Node ends a close-delimited body on FIN (complete) and errors it on a reset or, with Content-Length, on
    // a close before the declared length; an abort of the signal destroys it.
    if (init.signal) {
      const onAbort = () => res.destroy(abortError(init.signal!));
      init.signal.addEventListener('abort', onAbort, { once: true });
      res.once('close', () => init.signal!.removeEventListener('abort', onAbort));
    }
    return {
      status,
      statusText: res.statusMessage ?? '',
      url: url.toString(),
      headers: toHeaders(res.rawHeaders),
      body,
      wireBytes: () => wire,
    };
  }
}

function abortError(signal: AbortSignal): Error {
  const reason = signal.reason as { name?: string; message?: string } | undefined;
  const err = new Error(reason?.message ?? 'aborted');
  err.name = reason?.name === 'TimeoutError' ? 'TimeoutError' : 'AbortError';
  return err;
}

/** True when an error comes from the request's signal timing out (its reason is a TimeoutError). */
export function isTimeout(err: unknown, signal: AbortSignal): boolean {
  const e = err as { name?: string; cause?: { name?: string } } | null;
  return (
    e?.name === 'TimeoutError' ||
    e?.cause?.name === 'TimeoutError' ||
    (signal.aborted && (signal.reason as { name?: string } | undefined)?.name === 'TimeoutError')
  );
}
