// `npm run bench:wallets`: 10,000 addresses in one bulk-wallet-search over HTTP against a server that loaded the
// real SDN (May 2024) and ransomwhere files, and the same 10,000 screened in-process by our index and by a
// naive scan (the peer: what comparing with every listing costs) on the same data.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sqliteBackend } from './http-backends.js';
import { freePort, startServer } from './http-processes.js';
import { dirFileSet } from '../src/lists/formats/local-file-set.js';
import type { ListEntry } from '../src/lists/list-source.js';
import { ofacSdnSource } from '../src/lists/sources/ofac_sdn/ofac_sdn-source.js';
import { ransomwhereSource } from '../src/lists/sources/ransomwhere/ransomwhere-source.js';
import { sharedListFile, sharedListsDir } from '../src/test-support/shared-lists.js';
import { buildWalletIndex, type WalletListing } from '../src/wallets/wallet-index.js';
import { walletListings } from '../src/wallets/wallet-listings.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = 5;

async function collect(source: typeof ofacSdnSource, dir: string): Promise<ListEntry[]> {
  const out: ListEntry[] = [];
  for await (const e of source.parse(dirFileSet(dir))) out.push(e);
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function main(): Promise<void> {
  if (!sharedListsDir) {
    console.log('../shared/lists not present: wallet benchmark skipped');
    return;
  }
  if (!process.argv.includes('--skip-build'))
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-wallets-'));
  const lists = path.join(tmp, 'lists');
  for (const slug of ['ofac_sdn', 'mixer_addresses', 'ransomwhere'])
    fs.mkdirSync(path.join(lists, slug), { recursive: true });
  fs.symlinkSync(sharedListFile('ofac_sdn_2024-05', 'sdn.csv'), path.join(lists, 'ofac_sdn', 'sdn.csv'));
  fs.symlinkSync(
    sharedListFile('ofac_sdn_2024-05', 'sdn.csv'),
    path.join(lists, 'mixer_addresses', 'sdn.csv'),
  );
  fs.symlinkSync(
    sharedListFile('ransomwhere', 'ransomwhere_export_result.json'),
    path.join(lists, 'ransomwhere', 'export.json'),
  );

  // The same data the server loads, read here for the in-process rows and to pick listed addresses.
  const sdn = await collect(ofacSdnSource, path.join(lists, 'ofac_sdn'));
  const ransom = await collect(ransomwhereSource, path.join(lists, 'ransomwhere'));
  const listings: WalletListing[] = [
    ...sdn.flatMap((e) => walletListings(e, 'names')),
    ...ransom.flatMap((e) => walletListings(e, 'wallets')),
  ];
  const listed = [...new Set(listings.map((l) => l.address))].slice(0, 5_000);
  // EVM addresses sent lower-cased, as callers often do; unlisted ones shaped like real addresses.
  const sent = listed.map((a) => (a.startsWith('0x') ? a.toLowerCase() : a));
  for (let i = 0; sent.length < 10_000; i++)
    sent.push(`1Unlisted${String(i).padStart(8, '0')}xxxxxxxxxxxxxxxx`);

  const backend = await sqliteBackend(tmp);
  const port = await freePort();
  const server = await startServer({
    name: 'service',
    nodeArgs: ['dist/cli/bin.js', 'serve'],
    env: {
      ...process.env,
      ...backend.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      LISTS_DIR: lists,
      SCREENING_LISTS: 'ofac_sdn,mixer_addresses,ransomwhere',
      SCREENING_REFRESH_INTERVAL_MINUTES: '0',
      SCREENING_BODY_LIMIT_BYTES: String(20 * 1024 * 1024),
    },
    port,
    logFile: path.join(tmp, 'server.log'),
    cwd: ROOT,
  });
  const headers = { 'x-api-key': backend.apiKey, 'content-type': 'application/json' };
  const body = JSON.stringify({ addresses: sent.join('\n') });
  try {
    // Wait until every wallet source has loaded (the endpoint answers 503 until then).
    for (let i = 0; ; i++) {
      const r = await fetch(`${server.origin}/api/v2/wallet-search`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ address: 'x' }),
      });
      await r.arrayBuffer();
      if (r.status === 200) break;
      if (i > 600) throw new Error(`wallet sources did not load: ${r.status}`);
      await new Promise((res) => setTimeout(res, 100));
    }
    const times: number[] = [];
    let listedCount = 0;
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      const r = await fetch(`${server.origin}/api/v2/bulk-wallet-search`, { method: 'POST', headers, body });
      const json = (await r.json()) as { summary: { screened: number; listed: number } };
      const ms = performance.now() - t0;
      if (r.status !== 200) throw new Error(`bulk answered ${r.status}`);
      if (run > 0) times.push(ms);
      listedCount = json.summary.listed;
    }

    const index = buildWalletIndex(listings, ['ofac_sdn', 'mixer_addresses', 'ransomwhere']);
    const t1 = performance.now();
    const indexListed = sent.filter((a) => index.lookup(a).listed).length;
    const indexMs = performance.now() - t1;
    const t2 = performance.now();
    const naiveListed = sent.filter((a) =>
      listings.some((l) => l.address === a || l.address === a.toLowerCase()),
    ).length;
    const naiveMs = performance.now() - t2;

    console.log(
      `\n10,000 addresses (${listed.length} listed, EVM sent lower-cased), ${listings.length} listings loaded\n`,
    );
    console.table([
      {
        target: 'service: POST /api/v2/bulk-wallet-search over HTTP (median of 5)',
        ms: +median(times).toFixed(1),
        'min ms': +Math.min(...times).toFixed(1),
        listed: listedCount,
      },
      {
        target: 'in-process: our wallet index',
        ms: +indexMs.toFixed(1),
        'min ms': null,
        listed: indexListed,
      },
      {
        target: 'peer: naive scan of every listing (as sent / lowercased)',
        ms: +naiveMs.toFixed(1),
        'min ms': null,
        listed: naiveListed,
      },
    ]);
    console.log(
      `target: under 1,000 ms for 10,000 addresses over HTTP -> ${median(times) < 1000 ? 'met' : 'NOT met'}`,
    );
    if (listedCount !== indexListed) {
      console.log(`MISMATCH: the service listed ${listedCount}, the index ${indexListed}`);
      process.exitCode = 1;
    }
  } finally {
    await server.stop();
    await backend.cleanup();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
