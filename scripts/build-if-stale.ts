// `npm start`'s build step: builds the API (tsc) and the dashboard (vite) only when their outputs are missing or
// older than their sources, so a second `npm start` serves at once. `npm run build` (`--force`) always builds both.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');

/** A build: the paths it reads, the file whose time says when it last succeeded, and how to run it. */
export interface BuildStep {
  readonly name: string;
  readonly sources: readonly string[];
  /** Files under the sources that do not reach the output (tests, fixtures). */
  readonly ignore?: RegExp;
  readonly stamp: string;
  readonly command: readonly string[];
}

/** The newest modification time under the paths (directories count: a deleted file changes its folder). */
export function newestMtime(paths: readonly string[], ignore?: RegExp): number {
  let newest = 0;
  const visit = (p: string) => {
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (!st || ignore?.test(p)) return;
    newest = Math.max(newest, st.mtimeMs);
    if (st.isDirectory()) for (const f of fs.readdirSync(p)) visit(path.join(p, f));
  };
  paths.forEach(visit);
  return newest;
}

/** True when the stamp is missing or older than the newest source. */
export function isStale(step: BuildStep): boolean {
  const stamp = fs.statSync(step.stamp, { throwIfNoEntry: false });
  return !stamp || stamp.mtimeMs < newestMtime(step.sources, step.ignore);
}

const bin = (pkg: string) => path.join(ROOT, 'node_modules', pkg);
const CONFIG_FILES = ['package.json', 'package-lock.json', 'tsconfig.json'].map((f) => path.join(ROOT, f));

/** The two builds `npm run build` runs, with what each reads. */
export const STEPS: readonly BuildStep[] = [
  {
    name: 'API (tsc)',
    sources: [path.join(ROOT, 'src'), path.join(ROOT, 'tsconfig.build.json'), ...CONFIG_FILES],
    ignore: /\.test\.ts$|[\\/]test-support[\\/]|[\\/]fixtures[\\/]/,
    // Written only after tsc succeeds (tsc writes its outputs even when it reports errors).
    stamp: path.join(ROOT, 'dist', '.build-stamp'),
    command: [bin('typescript/bin/tsc'), '-p', 'tsconfig.build.json'],
  },
  {
    name: 'dashboard (vite)',
    sources: [path.join(ROOT, 'web'), ...CONFIG_FILES],
    ignore: /[\\/]web[\\/](dist|node_modules|\.dist-[^\\/]*|\.build-lock)([\\/]|$)|\.test\.tsx?$/,
    // Vite writes index.html last, and only on success (test/ensure-dashboard-built.ts reads it the same way).
    stamp: path.join(ROOT, 'web', 'dist', 'index.html'),
    command: [bin('vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'warn'],
  },
];

function main(force: boolean): void {
  for (const step of STEPS) {
    if (!force && !isStale(step)) continue;
    console.error(`building the ${step.name}…`);
    execFileSync(process.execPath, step.command, { cwd: ROOT, stdio: 'inherit' });
    if (step.stamp.endsWith('.build-stamp')) fs.writeFileSync(step.stamp, `${new Date().toISOString()}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    main(process.argv.includes('--force'));
  } catch {
    // The compiler has said what is wrong.
    process.exit(1);
  }
}
