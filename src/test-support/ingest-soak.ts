// Child process of the close-delimited download test: loads cheerio first, as the server does (its undici 7
// becomes the dispatcher of global fetch), then ingests ofac_sdn from each mirror in turn into a SQLite store
// and prints one JSON line per outcome. An uncaught error anywhere ends the process before its last line.
import 'cheerio';
import path from 'node:path';
import { ingestSource } from '../ingest/ingest-source.js';
import { ofacSdnSource } from '../lists/sources/ofac_sdn/ofac_sdn-source.js';
import { openStore } from '../store/open-store.js';

/** What the parent asks for: mirrors to ingest from, in order, and where the store lives. */
export interface SoakPlan {
  readonly mirrors: readonly string[];
  readonly dataDir: string;
}

const plan = JSON.parse(process.argv[2] ?? '{}') as SoakPlan;
const store = await openStore({ dialect: 'sqlite', file: path.join(plan.dataDir, 'soak.sqlite') });
await store.migrate();
for (const mirrorUrl of plan.mirrors) {
  const status = (await store.listStatuses()).find((s) => s.slug === ofacSdnSource.slug);
  const out = await ingestSource(ofacSdnSource, store, status, {
    origin: {
      kind: 'remote',
      mirrorUrl,
      download: { timeoutMs: 30_000, retries: 1, userAgent: 'soak', minBackoffMs: 5 },
    },
    maxRecordDrop: 0.2,
    hold: { minRemoved: 25, removedFraction: 0.01 },
  });
  console.log(JSON.stringify({ mirrorUrl, status: out.status, records: out.recordCount, error: out.error }));
}
const final = (await store.listStatuses()).find((s) => s.slug === ofacSdnSource.slug);
console.log(JSON.stringify({ done: true, records: final?.recordCount ?? null }));
await store.close();
