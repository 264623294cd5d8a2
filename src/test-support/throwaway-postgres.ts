// A PostgreSQL cluster of a test's own (initdb + pg_ctl on a free port), which the test may freeze and thaw
// with SIGSTOP/SIGCONT; the shared server on 5432 is never touched.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './spawn-server.js';

const run = promisify(execFile);
const PG_ROOT = '/usr/lib/postgresql';

/** A running throwaway cluster. */
export interface ThrowawayPostgres {
  readonly url: string;
  readonly port: number;
  /** SIGSTOPs the postmaster and every backend and auxiliary process of this cluster. */
  freeze(): void;
  /** SIGCONTs every process of this cluster. */
  thaw(): void;
  /** Thaws, stops the cluster (immediate mode, SIGKILL past 20 s) and deletes its directory; safe to call twice. */
  destroy(): Promise<void>;
}

/** The bin directory of the newest PostgreSQL installed under /usr/lib/postgresql, or null. */
function binDir(): string | null {
  let versions: string[];
  try {
    versions = fs.readdirSync(PG_ROOT).filter((v) => /^\d+$/.test(v));
  } catch {
    return null;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const v of versions) {
    const dir = path.join(PG_ROOT, v, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return null;
}

/** Why throwaway clusters cannot run here, or null when they can. */
export function throwawayPostgresUnavailable(): string | null {
  if (process.platform !== 'linux') return 'throwaway PostgreSQL needs Linux (/proc)';
  if (binDir() === null) return `no PostgreSQL binaries under ${PG_ROOT}/*/bin`;
  if (process.getuid?.() === 0) {
    try {
      fs.accessSync('/usr/sbin/runuser', fs.constants.X_OK);
    } catch {
      return 'running as root without runuser to start PostgreSQL as the postgres user';
    }
  }
  return null;
}

/** initdb into a fresh temporary directory and start it on a free port (loopback and a socket in that directory). */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  if (bin === null) throw new Error(throwawayPostgresUnavailable() ?? 'no PostgreSQL');
  const asRoot = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as root, run its tools as the postgres user, who must own the directory.
  const tool = (name: string, args: string[]) =>
    asRoot
      ? run('/usr/sbin/runuser', ['-u', 'postgres', '--', path.join(bin, name), ...args], { timeout: 60_000 })
      : run(path.join(bin, name), args, { timeout: 60_000 });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'throwaway-pg-'));
  const data = path.join(dir, 'data');
  if (asRoot) await run('chown', ['postgres:', dir]);
  let started = false;
  const port = await freePort();
  const processes = (): number[] => clusterProcesses(data);
  const signalAll = (signal: NodeJS.Signals, pids: readonly number[]) => {
    for (const pid of pids) {
      try {
        process.kill(pid, signal);
      } catch {
        // already gone
      }
    }
  };
  // If the test process ends without destroy() (a crash, a killed worker), a frozen cluster must not outlive it.
  const onExit = () => {
    signalAll('SIGCONT', processes());
    signalAll('SIGKILL', processes());
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  let destroyed: Promise<void> | undefined;
  const destroy = () =>
    (destroyed ??= (async () => {
      process.off('exit', onExit);
      if (started) {
        signalAll('SIGCONT', processes());
        try {
          await tool('pg_ctl', ['-D', data, '-m', 'immediate', '-w', '-t', '20', 'stop']);
        } catch {
          signalAll('SIGKILL', processes());
        }
      }
      fs.rmSync(dir, { recursive: true, force: true });
    })());
  try {
    await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync']);
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=30`;
    started = true;
    await tool('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', '-t', '30', 'start']);
  } catch (err) {
    await destroy();
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    freeze() {
      // The postmaster first, so it forks no new backend while the others are being stopped.
      const [postmaster, ...rest] = processes();
      if (postmaster === undefined) throw new Error('throwaway PostgreSQL is not running');
      signalAll('SIGSTOP', [postmaster]);
      signalAll('SIGSTOP', rest);
      signalAll('SIGSTOP', processes());
    },
    thaw() {
      signalAll('SIGCONT', processes());
    },
    destroy,
  };
}

/** The postmaster of the cluster in `data` (from postmaster.pid) followed by every process it forked. */
function clusterProcesses(data: string): number[] {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return [];
  }
  if (!Number.isInteger(postmaster) || postmaster <= 0) return [];
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces or parentheses, so split after the last ')'.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return [postmaster, ...children];
}
