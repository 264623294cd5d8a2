// The benches that start the built service compile it first (tsc -p tsconfig.build.json); `--skip-build` in each
// bench reuses the dist/ already there.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Builds dist/ in the foreground; exits the bench with 1 when the build fails. */
export function buildDist(progress: (msg: string) => void): void {
  progress('building dist/ (tsc -p tsconfig.build.json; --skip-build to reuse it)');
  const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  const res = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (res.status !== 0) {
    console.error('build failed; fix it or rerun with --skip-build to measure the existing dist/');
    process.exit(1);
  }
}
