// The one table from error code to HTTP status, and the conversion of any thrown value to an AppError.
import type { FastifyError } from 'fastify';
import { AppError, type ErrorCode } from '../errors.js';
import { formatValidationErrors } from './validation.js';

export const STATUS_BY_CODE: Readonly<Record<ErrorCode, number>> = {
  bad_request: 400,
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
  usage_not_recorded: 500,
  upstream_unreachable: 502,
  lists_not_loaded: 503,
  not_configured: 503,
  upstream_busy: 503,
  store_unavailable: 503,
  upstream_timeout: 504,
};

/** Turns Fastify's own errors (parsing, validation, limits) and anything unexpected into an AppError. */
export function toAppError(err: unknown, bodyLimit: number): AppError {
  if (err instanceof AppError) return err;
  const e = err as Partial<FastifyError> & { validation?: unknown[]; validationContext?: string };
  if (Array.isArray(e.validation))
    return new AppError('validation_failed', formatValidationErrors(e.validation, e.validationContext));
  switch (e.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('unsupported_media_type', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', `request body exceeds the limit of ${bodyLimit} bytes`);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('bad_request', 'request body is empty; send a JSON object');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('bad_request', 'Content-Length does not match the body');
  }
  if (err instanceof SyntaxError || e.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return new AppError('bad_request', `malformed JSON body: ${(err as Error).message}`);
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500)
    return new AppError('bad_request', e.message ?? 'bad request');
  return new AppError('internal', 'internal error: the request was not screened');
}
