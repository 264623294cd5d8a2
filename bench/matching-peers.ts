// Peer matchers for the matching benchmark, over the same names: PostgreSQL pg_trgm, fuse.js, and a brute-force
// token Jaro-Winkler scan (what simple screening tools such as moov-io/watchman do).
import crypto from 'node:crypto';
import anyAscii from 'any-ascii';
import Fuse from 'fuse.js';
import pg from 'pg';
// The scan peer uses the same Jaro-Winkler as our engine, so only the search strategy differs.
import { jaroWinkler } from '../src/matching/index.js';

/** One searchable name and the index of the entry it belongs to. */
export interface PeerName {
  readonly name: string;
  readonly entry: number;
}

/** A peer answers a query with the indexes of matching entries (best first, at most 50). */
export interface Peer {
  readonly label: string;
  readonly notes: string;
  search(query: string): Promise<number[]> | number[];
  close(): Promise<void>;
}

const LIMIT = 50;

function uniqueEntries(entries: Iterable<number>): number[] {
  const out: number[] = [];
  const seen = new Set<number>();
  for (const e of entries) {
    if (seen.has(e)) continue;
    seen.add(e);
    out.push(e);
    if (out.length >= LIMIT) break;
  }
  return out;
}

/** Lower case, transliterated to ASCII (any-ascii), split on anything not a letter or digit. */
export function simpleTokens(name: string): string[] {
  return anyAscii(name.normalize('NFKC'))
    .toLowerCase()
    .replace(/['`]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * For every listed name: the mean over query tokens of the best Jaro-Winkler against the name's tokens; match at
 * >= threshold. Every name is visited on every query (distinct listed tokens are compared once per query).
 */
export function jaroWinklerScan(names: readonly PeerName[], threshold = 0.9): Peer {
  const tokenIds = new Map<string, number>();
  const tokens: string[] = [];
  const nameTokens: Uint32Array[] = names.map((n) =>
    Uint32Array.from(
      simpleTokens(n.name).map((t) => {
        let id = tokenIds.get(t);
        if (id === undefined) {
          id = tokens.length;
          tokenIds.set(t, id);
          tokens.push(t);
        }
        return id;
      }),
    ),
  );
  return {
    label: 'JW token scan',
    notes: `mean over query tokens of the best Jaro-Winkler vs the listed name's tokens (any-ascii, lower case), >= ${threshold}, all ${names.length} names scanned`,
    search(query: string): number[] {
      const q = simpleTokens(query);
      if (q.length === 0) return [];
      const best = new Float64Array(tokens.length * q.length);
      for (let qi = 0; qi < q.length; qi++) {
        for (let t = 0; t < tokens.length; t++)
          best[qi * tokens.length + t] = jaroWinkler(q[qi]!, tokens[t]!);
      }
      const hits: { entry: number; score: number }[] = [];
      for (let n = 0; n < names.length; n++) {
        const toks = nameTokens[n]!;
        if (toks.length === 0) continue;
        let sum = 0;
        for (let qi = 0; qi < q.length; qi++) {
          let b = 0;
          const base = qi * tokens.length;
          for (const t of toks) if (best[base + t]! > b) b = best[base + t]!;
          sum += b;
        }
        const score = sum / q.length;
        if (score >= threshold) hits.push({ entry: names[n]!.entry, score });
      }
      hits.sort((x, y) => y.score - x.score);
      return uniqueEntries(hits.map((h) => h.entry));
    },
    close: async () => {},
  };
}

/** fuse.js over the raw names: threshold 0.3, ignoreLocation (a name matches anywhere in the string), 50 results. */
export function fusePeer(names: readonly PeerName[], threshold = 0.3): Peer {
  const fuse = new Fuse(
    names.map((n) => n.name),
    { threshold, ignoreLocation: true, includeScore: true },
  );
  return {
    label: 'fuse.js',
    notes: `new Fuse(names, { threshold: ${threshold}, ignoreLocation: true }) on the raw names (bitap, linear scan)`,
    search(query: string): number[] {
      return uniqueEntries(fuse.search(query, { limit: LIMIT * 4 }).map((r) => names[r.refIndex]!.entry));
    },
    close: async () => {},
  };
}

/**
 * pg_trgm on the local server: a fresh database, one row per name, a GIN trigram index, `name % $1` at
 * similarity_threshold 0.5, best 50 by similarity. Null (with the reason) when the server or extension is missing.
 */
export async function pgTrgmPeer(
  url: string,
  names: readonly PeerName[],
): Promise<{ peer: Peer; buildMs: number } | { skipped: string }> {
  const admin = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (err) {
    return { skipped: `PostgreSQL unreachable at ${url}: ${(err as Error).message}` };
  }
  const db = `bench_trgm_${crypto.randomBytes(4).toString('hex')}`;
  let client: pg.Client | null = null;
  const drop = async (): Promise<void> => {
    if (client) await client.end().catch(() => {});
    client = null;
    await admin.query(`drop database if exists ${db}`).catch(() => {});
    await admin.end().catch(() => {});
  };
  try {
    await admin.query(`create database ${db}`);
    const u = new URL(url);
    u.pathname = `/${db}`;
    client = new pg.Client({ connectionString: u.toString() });
    await client.connect();
    try {
      await client.query('create extension if not exists pg_trgm');
    } catch (err) {
      await drop();
      return { skipped: `pg_trgm unavailable: ${(err as Error).message}` };
    }
    const t0 = performance.now();
    await client.query('create table names (id serial primary key, entry int not null, name text not null)');
    for (let i = 0; i < names.length; i += 5000) {
      const chunk = names.slice(i, i + 5000);
      await client.query('insert into names (entry, name) select * from unnest($1::int[], $2::text[])', [
        chunk.map((n) => n.entry),
        chunk.map((n) => n.name),
      ]);
    }
    await client.query('create index names_trgm on names using gin (name gin_trgm_ops)');
    await client.query('analyze names');
    const buildMs = performance.now() - t0;
    await client.query('set pg_trgm.similarity_threshold = 0.5');
    const c = client;
    const peer: Peer = {
      label: 'pg_trgm',
      notes: `PostgreSQL ${(await c.query('show server_version')).rows[0].server_version}, database ${db} (dropped after), raw names, GIN gin_trgm_ops, where name % $1 (similarity_threshold 0.5) order by similarity desc limit 50`,
      async search(query: string): Promise<number[]> {
        const r = await c.query(
          'select entry from names where name % $1 order by similarity(name, $1) desc limit 50',
          [query],
        );
        return uniqueEntries(r.rows.map((row: { entry: number }) => row.entry));
      },
      close: drop,
    };
    return { peer, buildMs };
  } catch (err) {
    await drop();
    return { skipped: `pg_trgm peer failed: ${(err as Error).message}` };
  }
}
