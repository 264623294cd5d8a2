// Listens for the cluster's notifications on one dedicated PostgreSQL connection (LISTEN cannot share a pooled
// one), reconnecting with backoff when it drops. Notifications sent while it was away are lost, so every
// (re)connection is reported: the listener re-reads what it follows (the list service re-syncs from the store).
import pg from 'pg';
import type { ClusterEvent } from '../cluster-store.js';
import { CLUSTER_CHANNEL } from '../kysely-cluster-store.js';

/** Where to listen: the service's database URL and schema (notifications of other schemas are ignored). */
export interface ClusterListenerOptions {
  readonly url: string;
  readonly schema?: string;
  /** First wait before reconnecting (doubles up to `maxBackoffMs`); default 250 ms. */
  readonly minBackoffMs?: number;
  /** Default 10 s. */
  readonly maxBackoffMs?: number;
  /** How often the connection is probed with `select 1` (a silently dead one is replaced); default 30 s. */
  readonly probeMs?: number;
}

/** The `application_name` of the listening connection. */
export const LISTENER_NAME = 'screening-cluster-listener';

type Log = { warn(obj: object, msg: string): void };

/** What the listener reports to readiness and the catalog. */
export interface ClusterListenerStatus {
  readonly listening: boolean;
  /** When the current connection started listening; null while disconnected. */
  readonly since: string | null;
  readonly lastError: string | null;
}

export class PgClusterListener {
  #client: pg.Client | null = null;
  #closed = false;
  #backoff: number;
  #timer: NodeJS.Timeout | null = null;
  #since: string | null = null;
  #lastError: string | null = null;
  readonly #handlers: Array<(e: ClusterEvent) => void> = [];
  readonly #connected: Array<() => void> = [];

  #log: Log | null = null;

  constructor(private readonly opts: ClusterListenerOptions) {
    this.#backoff = opts.minBackoffMs ?? 250;
  }

  useLogger(log: Log): void {
    this.#log = log;
  }

  /** Called with every event of this schema, the process's own included. */
  onEvent(handler: (e: ClusterEvent) => void): void {
    this.#handlers.push(handler);
  }

  /** Called after every (re)connection: events may have been missed while away. */
  onConnected(handler: () => void): void {
    this.#connected.push(handler);
  }

  status(): ClusterListenerStatus {
    return { listening: this.#since !== null, since: this.#since, lastError: this.#lastError };
  }

  /** Connects in the background; resolves once the first attempt has ended (listening or scheduled to retry). */
  start(): Promise<void> {
    return this.#connect();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const c = this.#client;
    this.#client = null;
    this.#since = null;
    // A hung server never acknowledges the goodbye: shutdown does not wait on it for more than a second.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      c?.end().catch(() => undefined),
      new Promise<void>((r) => {
        timer = setTimeout(r, 1_000);
      }),
    ]);
    clearTimeout(timer);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({
      connectionString: this.opts.url,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
      // Bounds the liveness probe below: a server that stopped answering counts as a lost connection.
      query_timeout: 5_000,
      // Named, so an operator sees it in pg_stat_activity (one per process, idle in LISTEN).
      application_name: LISTENER_NAME,
      ...(this.opts.schema === undefined ? {} : { options: `-c search_path=${this.opts.schema}` }),
    });
    let dropped = false;
    const drop = (err: unknown) => {
      if (dropped) return;
      dropped = true;
      this.#lastError = err instanceof Error ? err.message : String(err);
      this.#since = null;
      if (this.#client === client) this.#client = null;
      client.end().catch(() => undefined);
      if (this.#closed) return;
      this.#log?.warn(
        { err: this.#lastError, retryInMs: this.#backoff },
        'cluster notifications lost; reconnecting (the periodic sync still runs)',
      );
      this.#timer = setTimeout(() => void this.#connect(), this.#backoff);
      this.#timer.unref();
      this.#backoff = Math.min(this.#backoff * 2, this.opts.maxBackoffMs ?? 10_000);
    };
    client.on('error', drop);
    client.on('end', () => drop(new Error('connection ended')));
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]?.schema ?? 'public';
      client.on('notification', (n) => {
        if (n.channel !== CLUSTER_CHANNEL || n.payload === undefined) return;
        const event = parse(n.payload, schema);
        if (event) for (const h of this.#handlers) h(event);
      });
      await client.query(`listen ${CLUSTER_CHANNEL}`);
      if (this.#closed) {
        await client.end().catch(() => undefined);
        return;
      }
      this.#client = client;
      this.#since = new Date().toISOString();
      this.#backoff = this.opts.minBackoffMs ?? 250;
      // A connection that died silently (no reset reached us) would hear nothing forever: probe it now and then.
      const probe = setInterval(() => {
        if (this.#client !== client) return clearInterval(probe);
        client.query('select 1').catch((err: unknown) => {
          clearInterval(probe);
          drop(err);
        });
      }, this.opts.probeMs ?? 30_000);
      probe.unref();
      for (const h of this.#connected) h();
    } catch (err) {
      drop(err);
    }
  }
}

/** The event of a payload sent on this schema; null for another schema's or an unreadable payload. */
function parse(payload: string, schema: string): ClusterEvent | null {
  try {
    const p = JSON.parse(payload) as { schema?: unknown; event?: { kind?: unknown } };
    if (p.schema !== schema || typeof p.event?.kind !== 'string') return null;
    return p.event as ClusterEvent;
  } catch {
    return null;
  }
}
