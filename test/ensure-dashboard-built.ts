// Builds the dashboard (vite) for the tests that need it, only when web/dist is missing or older than its
// sources. Test files run in parallel processes, and other runs may be serving web/dist, so builds are
// serialised by a lock directory and land in a temporary folder that is swapped in whole.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../src/test-support/spawn-server.js';

const run = promisify(execFile);
const WEB = path.join(REPO_ROOT, 'web');
const DIST = path.join(WEB, 'dist');
const LOCK = path.join(WEB, '.build-lock');
const STALE_LOCK_MS = 5 * 60_000;

function newestSourceMtime(): number {
  let newest = 0;
  const visit = (p: string) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) for (const f of fs.readdirSync(p)) visit(path.join(p, f));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of ['src', 'index.html', 'vite.config.ts']) visit(path.join(WEB, p));
  return newest;
}

const isFresh = () => {
  const index = path.join(DIST, 'index.html');
  return fs.existsSync(index) && fs.statSync(index).mtimeMs >= newestSourceMtime();
};

async function acquireLock(): Promise<void> {
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A lock left by a killed run must not block every later run.
      if (Date.now() - fs.statSync(LOCK, { throwIfNoEntry: false })!.mtimeMs > STALE_LOCK_MS)
        fs.rmSync(LOCK, { recursive: true, force: true });
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** Makes sure web/dist holds a build of the current web/ sources; returns its path. */
export async function ensureDashboardBuilt(): Promise<string> {
  if (isFresh()) return DIST;
  await acquireLock();
  try {
    if (isFresh()) return DIST; // another process built it while we waited
    const tmp = path.join(WEB, `.dist-${process.pid}`);
    await run(
      process.execPath,
      [
        path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
        'build',
        '--config',
        'web/vite.config.ts',
        '--outDir',
        tmp,
        '--logLevel',
        'warn',
      ],
      // The test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
      { cwd: REPO_ROOT, timeout: 120_000, env: { ...process.env, NODE_ENV: 'production' } },
    );
    const old = path.join(WEB, `.dist-old-${process.pid}`);
    if (fs.existsSync(DIST)) fs.renameSync(DIST, old);
    fs.renameSync(tmp, DIST);
    fs.rmSync(old, { recursive: true, force: true });
    return DIST;
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}
