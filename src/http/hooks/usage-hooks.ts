// Usage recording: an id at the start of every metered call, and the record written before the response leaves.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import type { UsageRecord } from '../../domain/usage.js';
import { StoreUnavailableError } from '../../errors.js';
import { digestBody, storedBody } from '../../services/usage/stored-body.js';
import { usageOutcome } from '../../services/usage/usage-outcome.js';
import type { UsageRecorder } from '../../services/usage/usage-recorder.js';
import { usageSubject } from '../../services/usage/usage-subject.js';
import { STATUS_BY_CODE } from '../error-mapping.js';
import { isV2 } from '../route-access.js';

/** Opens the usage context of a metered call (called first, before authentication). */
export function startUsage(req: FastifyRequest): void {
  req.usage = { id: uuidv7(), createdAt: new Date().toISOString(), startedAt: performance.now() };
}

/**
 * preSerialization: keeps the response object of a metered call, so its record's outcome is read from it rather
 * than from the serialised text parsed again.
 */
export function keepResponseValue(req: FastifyRequest, payload: unknown): void {
  if (req.usage && !req.usage.inBurst && payload !== null && typeof payload === 'object')
    req.usage = { ...req.usage, responseValue: payload };
}

function jsonText(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') {
    // additional_call_info may arrive as a string of JSON (adverse media): keep it as JSON when it is.
    try {
      JSON.parse(value);
      return value;
    } catch {
      return JSON.stringify(value);
    }
  }
  return JSON.stringify(value);
}

/** The request as stored: the body without additional_call_info, which the record keeps once, in its own field. */
function requestText(req: FastifyRequest): string | null {
  if (req.method === 'GET') return JSON.stringify(req.query ?? {});
  const body = req.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && 'additional_call_info' in body) {
    const { additional_call_info: _kept, ...rest } = body as Record<string, unknown>;
    return JSON.stringify(rest);
  }
  return jsonText(body);
}

/** Builds the record of a finished call from the request and the serialized response. */
export function usageRecordOf(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  maxStoredBytes: number,
): UsageRecord {
  const usage = req.usage!;
  const access = req.routeOptions.config.access;
  const body = req.body as Record<string, unknown> | undefined;
  const p = req.principal;
  const response =
    typeof payload === 'string'
      ? payload
      : payload === null || payload === undefined
        ? null
        : String(payload);
  const digest = access?.storeResponse?.digestBecause;
  const endpoint = req.routeOptions.url ?? req.url;
  return {
    id: usage.id,
    createdAt: usage.createdAt,
    userId: p?.userId ?? null,
    apiKeyId: p?.kind === 'api_key' ? p.apiKeyId : null,
    requestId: String(req.id),
    method: req.method,
    endpoint,
    searchType: access?.searchType?.(body) ?? null,
    request: storedBody(requestText(req), maxStoredBytes),
    // Only successful reads are digested: an error body is small and says what went wrong.
    response:
      digest && reply.statusCode < 400 ? digestBody(response, digest) : storedBody(response, maxStoredBytes),
    status: reply.statusCode,
    durationMs: Math.round((performance.now() - usage.startedAt) * 1000) / 1000,
    additionalCallInfo: storedBody(
      jsonText(body && typeof body === 'object' ? body.additional_call_info : undefined),
      maxStoredBytes,
    ),
    // Read from the whole response, before it may be cut for storage.
    outcome: usageOutcome(endpoint, reply.statusCode, response, usage.responseValue),
    subject: usageSubject(endpoint, body),
    basis: usage.basis ?? null,
  };
}

/**
 * onSend: the response waits for its record. If the record cannot be written the call fails with 500
 * (the audit trail is part of the answer), or 503 when the database did not answer in time, still carrying the
 * id that was attempted.
 */
export async function writeUsage(
  req: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  recorder: UsageRecorder,
  maxStoredBytes: number,
): Promise<unknown> {
  if (!req.usage || req.usage.inBurst) return payload;
  try {
    await recorder.record(usageRecordOf(req, reply, payload, maxStoredBytes));
    return payload;
  } catch (err) {
    req.log.error({ err, usageId: req.usage.id }, 'usage record not written; failing the call');
    const unavailable = err instanceof StoreUnavailableError;
    reply.code(STATUS_BY_CODE[unavailable ? err.code : 'usage_not_recorded']);
    reply.header('content-type', 'application/json; charset=utf-8');
    const body: Record<string, string> = {
      error: unavailable
        ? `service unavailable: ${err.reason}, so the call could not be recorded and its result is withheld; retry later`
        : 'internal error: the call could not be recorded and was not completed',
    };
    if (isV2(req.url)) body.api_usage_id = req.usage.id;
    return JSON.stringify(body);
  }
}
