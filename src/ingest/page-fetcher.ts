// The PageFetcher given to crawling sources: fetch with a timeout per attempt and retries with backoff on
// network errors, 408, 429 and 5xx (a 4xx will not change on retry, so it fails at once). Over the project's own
// HTTP client (http-request.ts), never global fetch.
import { buffer } from 'node:stream/consumers';
import pRetry, { AbortError } from 'p-retry';
import type { PageFetcher, PageResponse } from '../lists/list-source.js';
import { DownloadError, type DownloadOptions } from './download-file.js';
import { httpRequest, isTimeout, type HttpResponse } from './http-request.js';
import { networkCause } from './network-cause.js';

export function createPageFetcher(opts: DownloadOptions): PageFetcher {
  const once = async (url: string, init: Parameters<PageFetcher['fetch']>[1] = {}): Promise<PageResponse> => {
    const signal = AbortSignal.timeout(opts.timeoutMs);
    let res: HttpResponse;
    let body: Buffer;
    try {
      res = await httpRequest(url, {
        method: init.method ?? 'GET',
        headers: { 'user-agent': opts.userAgent, accept: '*/*', ...init.headers },
        ...(init.body !== undefined ? { body: init.body } : {}),
        signal,
      });
      body = await buffer(res.body);
    } catch (err) {
      if (isTimeout(err, signal)) throw new DownloadError(`${url}: timed out after ${opts.timeoutMs} ms`);
      const cause = networkCause(url, err);
      const failure = new DownloadError(`${url}: unreachable: ${cause?.words ?? (err as Error).message}`);
      throw cause && !cause.retryable ? new AbortError(failure) : failure;
    }
    if (res.status < 200 || res.status > 299) {
      const err = new DownloadError(`${url}: HTTP ${res.status} ${res.statusText}`.trim(), res.status);
      if (res.status < 500 && res.status !== 408 && res.status !== 429) throw new AbortError(err);
      throw err;
    }
    return {
      status: res.status,
      url: res.url,
      headers: res.headers,
      body,
      text: () => body.toString('utf8'),
      json: () => {
        try {
          return JSON.parse(body.toString('utf8')) as unknown;
        } catch {
          throw new DownloadError(`${url}: the answer is not JSON`);
        }
      },
    };
  };
  return {
    async fetch(url, init) {
      try {
        return await pRetry(() => once(url, init), {
          retries: opts.retries,
          minTimeout: opts.minBackoffMs ?? 2_000,
          factor: 3,
          randomize: true,
        });
      } catch (err) {
        if (err instanceof DownloadError) throw err;
        const cause = (err as { originalError?: unknown }).originalError;
        throw cause instanceof DownloadError ? cause : new DownloadError((err as Error).message);
      }
    },
    pause: (ms) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve()),
  };
}
