// Servers under test run as child processes, so the load generator never shares their event loop.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';

/** A server child process listening on loopback. */
export interface ServerProcess {
  readonly name: string;
  /** http://127.0.0.1:<port> */
  readonly origin: string;
  readonly logFile: string;
  readonly pid: number | undefined;
  /** True until the process has exited. */
  alive(): boolean;
  /** Sends `signal` at once (no grace period, e.g. SIGKILL) and resolves with how the process ended. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** CPU seconds (user + system) the process has used so far; null where /proc is not available. */
  cpuSeconds(): number | null;
  /** Sends SIGTERM and waits for the exit; resolves with the exit code (null when killed by a signal). */
  stop(): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }>;
}

/** A port nobody listens on right now (the kernel picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === 'object' ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

/** The last `bytes` of a log file, for error messages. */
export function logTail(file: string, bytes = 4000): string {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.length > bytes ? `...${text.slice(-bytes)}` : text;
  } catch {
    return '(no log)';
  }
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null)
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** Clock ticks per second for /proc/<pid>/stat (USER_HZ, 100 on Linux unless told otherwise). */
const CLOCK_TICKS = ((): number => {
  const out = spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' });
  const n = Number(out.stdout?.trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
})();

/** utime + stime of a process from /proc/<pid>/stat, in seconds; null when unreadable (not Linux, gone). */
export function procCpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after "(comm)": state is field 3, utime 14 and stime 15 (1-based over the whole line).
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Starts `node <args>` with stdout and stderr going to `logFile` (a file, not a pipe: nothing in this process
 * has to read it, and a full pipe would stall the server), then waits until GET /healthz gets any answer.
 */
export async function startServer(opts: {
  name: string;
  nodeArgs: string[];
  env: NodeJS.ProcessEnv;
  port: number;
  logFile: string;
  cwd: string;
  readyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const fd = fs.openSync(opts.logFile, 'a');
  const child = spawn(process.execPath, opts.nodeArgs, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  const origin = `http://127.0.0.1:${opts.port}`;
  const exit = exited(child);
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${opts.name} exited before listening (${child.exitCode ?? child.signalCode}):\n${logTail(opts.logFile)}`,
      );
    }
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${opts.name} did not listen on ${origin} in time:\n${logTail(opts.logFile)}`);
      }
      await sleep(50);
    }
  }
  let stopping: Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> | null = null;
  return {
    name: opts.name,
    origin,
    logFile: opts.logFile,
    pid: child.pid,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill(signal) {
      child.kill(signal);
      return exit;
    },
    cpuSeconds: () => procCpuSeconds(child.pid),
    stop() {
      stopping ??= (async () => {
        const t0 = performance.now();
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
        const { code, signal } = await exit;
        clearTimeout(timer);
        return { code, signal, ms: performance.now() - t0 };
      })();
      return stopping;
    },
  };
}
