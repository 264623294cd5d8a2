// A pg.Pool as Kysely sees it, whose timeouts and lost connections surface as StoreUnavailableError.
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { isTimeout, unavailableError } from './unavailable-error.js';

/** The bounds the pool was built with, named in the errors: connecting or waiting for a connection, and one statement. */
export interface PoolBounds {
  readonly connectMs: number;
  readonly statementMs: number;
}

/** Wraps `pool` (which already enforces the bounds through its pg options) for Kysely's PostgresDialect. */
export function boundedPool(pool: pg.Pool, bounds: PoolBounds): PostgresPool {
  return {
    async connect() {
      try {
        return new BoundedClient(await pool.connect(), bounds.statementMs);
      } catch (err) {
        throw unavailableError(err, bounds.connectMs);
      }
    },
    end: () => pool.end(),
  };
}

/** One checkout of a pooled client. */
class BoundedClient implements PostgresPoolClient {
  // Set when a statement got no answer in time: the connection may still be busy with it (or the server hung),
  // so later statements on this checkout fail at once and the client is discarded on release, not reused.
  #stuck: unknown = undefined;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly statementMs: number,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // The dialect is built without a cursor class, so Kysely never streams through this client.
    if (typeof sqlOrCursor !== 'string') throw new Error('streaming queries are not supported');
    return this.#run<R>(sqlOrCursor, parameters ?? []);
  }

  async #run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    if (this.#stuck !== undefined) throw unavailableError(this.#stuck, this.statementMs);
    try {
      const res = await this.client.query({ text: sql, values: [...parameters] });
      return res as unknown as PostgresQueryResult<R>;
    } catch (err) {
      // A server-side statement timeout leaves the connection usable; only a client-side one leaves it stuck.
      if (isTimeout(err) && (err as { code?: unknown }).code === undefined) this.#stuck = err;
      throw unavailableError(err, this.statementMs);
    }
  }

  release(): void {
    // pg-pool destroys a client released with an error instead of returning it to the idle set.
    this.client.release(this.#stuck === undefined ? undefined : (this.#stuck as Error));
  }
}
