// Downloads one published file to disk: conditional GET, a timeout per attempt, retries with backoff on
// network errors, 429 and 5xx, and a check that the body is complete (Content-Length) and not empty.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pRetry, { AbortError } from 'p-retry';
import type { FileValidators } from '../store/list-store.js';
import { httpRequest, isTimeout, type HttpResponse } from './http-request.js';
import { networkCause } from './network-cause.js';

/** How downloads behave; from config. */
export interface DownloadOptions {
  readonly timeoutMs: number;
  readonly retries: number;
  readonly userAgent: string;
  /** Base of the backoff in ms (tests make it small). */
  readonly minBackoffMs?: number;
}

/** A completed download, or the publisher's word that nothing changed. */
export type DownloadResult =
  | {
      readonly status: 'downloaded';
      readonly bytes: number;
      readonly sha256: string;
      readonly validators: FileValidators;
    }
  | { readonly status: 'not_modified' };

/** A download failure with the reason in words (stored as the list's last error). */
export class DownloadError extends Error {
  constructor(
    message: string,
    /** The HTTP status when the publisher answered with an error. */
    readonly httpStatus: number | null = null,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

export async function downloadFile(
  url: string,
  dest: string,
  previous: FileValidators | undefined,
  opts: DownloadOptions,
): Promise<DownloadResult> {
  const attempt = async (): Promise<DownloadResult> => {
    const headers: Record<string, string> = { 'user-agent': opts.userAgent, accept: '*/*' };
    if (previous?.etag) headers['if-none-match'] = previous.etag;
    if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;
    const signal = AbortSignal.timeout(opts.timeoutMs);
    let res: HttpResponse;
    try {
      res = await httpRequest(url, { headers, signal });
    } catch (err) {
      if (isTimeout(err, signal)) throw new DownloadError(`timed out after ${opts.timeoutMs} ms`);
      const cause = networkCause(url, err);
      const failure = new DownloadError(`unreachable: ${cause?.words ?? (err as Error).message}`);
      throw cause && !cause.retryable ? new AbortError(failure) : failure;
    }
    if (res.status === 304) {
      res.body.destroy();
      return { status: 'not_modified' };
    }
    if (res.status < 200 || res.status > 299) {
      const err = new DownloadError(`HTTP ${res.status} ${res.statusText}`.trim(), res.status);
      res.body.destroy();
      // 4xx other than 408/429 will not change on retry.
      if (res.status < 500 && res.status !== 408 && res.status !== 429) throw new AbortError(err);
      throw err;
    }
    const expected = Number(res.headers.get('content-length') ?? NaN);
    const hash = createHash('sha256');
    let bytes = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        hash.update(chunk);
        done(null, chunk);
      },
    });
    try {
      await pipeline(res.body, counter, fs.createWriteStream(dest));
    } catch (err) {
      throw new DownloadError(
        isTimeout(err, signal)
          ? `timed out after ${opts.timeoutMs} ms while reading the body`
          : `truncated: the connection broke after ${bytes} bytes (${(err as Error).message})`,
      );
    }
    // A body without Content-Length ends when the connection closes: Node errors it on a reset, so an
    // orderly close is all a close-delimited body can tell us (the format checks catch a file cut short).
    if (Number.isFinite(expected) && res.wireBytes() !== expected)
      throw new DownloadError(`truncated: received ${res.wireBytes()} of ${expected} bytes`);
    if (bytes === 0) throw new DownloadError('empty file');
    return {
      status: 'downloaded',
      bytes,
      sha256: hash.digest('hex'),
      validators: { etag: res.headers.get('etag'), lastModified: res.headers.get('last-modified') },
    };
  };
  try {
    return await pRetry(attempt, {
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
}
