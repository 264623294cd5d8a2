// Recognises the pg driver's timeout and connection errors and turns them into StoreUnavailableError.
import { StoreUnavailableError } from '../../errors.js';

/** Where an error arose: getting a connection (pool wait or connect) or running a statement. */
export type PgErrorStage = 'connect' | 'query';

// Client-side timeouts of pg and pg-pool, by message (the driver gives them no code).
const TIMEOUT_MESSAGES = new Set([
  'timeout exceeded when trying to connect', // pg-pool: no pooled connection came free in time
  'Connection terminated due to connection timeout', // pg-pool: a new connection did not open in time
  'timeout expired', // pg: the same, when the client's own timer fires first
  'Query read timeout', // pg: query_timeout, the server sent no answer
]);
// The connection was lost or refused: the database is down, restarting or out of connections.
const CONNECTION_MESSAGES = new Set([
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
]);
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections.
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const QUERY_CANCELED = '57014';

/** True when the driver reports a client-side timeout or a server-side statement timeout. */
export function isTimeout(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  if (TIMEOUT_MESSAGES.has(err.message)) return true;
  // 57014 is also a cancel asked for by someone; only the statement_timeout one says so in its message.
  return codeOf(err) === QUERY_CANCELED && err.message.includes('statement timeout');
}

/**
 * The StoreUnavailableError for a timeout or a lost connection, naming the bound that was exceeded
 * (`boundMs`, the one of the stage that failed); any other error (a constraint, a syntax error) is returned as is.
 */
export function unavailableError(err: unknown, boundMs: number): unknown {
  if (err instanceof StoreUnavailableError || !(err instanceof Error)) return err;
  if (isTimeout(err))
    return new StoreUnavailableError(`the database did not answer within ${boundMs} ms`, err);
  const code = codeOf(err);
  if (
    CONNECTION_MESSAGES.has(err.message) ||
    (code !== undefined && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code)))
  )
    return new StoreUnavailableError('the database cannot be reached', err);
  return err;
}

function codeOf(err: Error): string | undefined {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
