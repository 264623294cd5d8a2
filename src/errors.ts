// Typed application errors with stable codes. No HTTP here: http/error-mapping.ts maps codes to statuses.

export const ERROR_CODES = [
  'bad_request',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'payload_too_large',
  'unsupported_media_type',
  'lists_not_loaded',
  'not_configured',
  'upstream_unreachable',
  'upstream_busy',
  'upstream_timeout',
  'usage_not_recorded',
  'store_unavailable',
  'internal',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** An error the service expects and can explain to the caller; `message` is safe to return. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError('bad_request', message);
export const unauthorized = (message = 'missing or invalid credentials') =>
  new AppError('unauthorized', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** Raised when the caller's per-minute budget is spent; retryAfterSeconds is whole seconds, at least 1. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    readonly limit: number,
    /** The budget that ran out (its limiter key), so throttled calls can be recorded as one burst. */
    readonly budgetKey: string | null = null,
    /** Whose budget, in words ("for this API key"). */
    whose = '',
  ) {
    super(
      'rate_limited',
      `rate limit of ${limit} requests per minute${whose ? ` ${whose}` : ''} exceeded; retry in ${retryAfterSeconds} s`,
    );
    this.name = 'RateLimitedError';
  }
}

/** Why an upstream call failed: unreachable (502), busy or rate-limited (503), too slow (504). */
export type UpstreamFailure = 'upstream_unreachable' | 'upstream_busy' | 'upstream_timeout';

/**
 * The adverse media search could not be done, so nothing was screened. The message reaches the caller and the
 * log, so it never names the provider or its address.
 */
export class SearchUnavailableError extends AppError {
  constructor(code: UpstreamFailure, message: string) {
    super(code, message);
    this.name = 'SearchUnavailableError';
  }
}

/** Fail-closed: screening refuses to answer "clear" while a list it must consult has not loaded. */
export class ListsNotLoadedError extends AppError {
  /**
   * @param missing the lists (or parts, such as the name index) a screening waits for
   * @param failures why each failed list failed, by slug: those are reported as failed, never as "not loaded yet"
   * @param note said after them once (what an operator can do about the failures)
   */
  constructor(
    readonly missing: readonly string[],
    readonly failures: Readonly<Record<string, string>> = {},
    note: string | null = null,
  ) {
    const failed = missing.filter((s) => failures[s] !== undefined);
    const loading = missing.filter((s) => failures[s] === undefined);
    const parts = [
      ...(failed.length > 0
        ? [`lists failed to load: ${failed.map((s) => `${s} (${failures[s]})`).join('; ')}`]
        : []),
      ...(loading.length > 0 ? [`lists not loaded yet: ${loading.join(', ')}`] : []),
      ...(note !== null ? [note] : []),
    ];
    super('lists_not_loaded', `screening unavailable: ${parts.join('; ')}`);
    this.name = 'ListsNotLoadedError';
  }
}

/**
 * The database did not answer in time (or could not be reached), so the call was not completed. Raised by the
 * store adapter in place of the driver's own error, so no SDK type leaves it.
 */
export class StoreUnavailableError extends AppError {
  /** `reason` says what the database did ("the database did not answer within 5000 ms"). */
  constructor(
    readonly reason: string,
    cause?: unknown,
  ) {
    super('store_unavailable', `${reason}; the call was not completed`);
    this.name = 'StoreUnavailableError';
    // The driver's own error, for the log; never part of the message the caller sees.
    if (cause !== undefined) this.cause = cause;
  }
}
