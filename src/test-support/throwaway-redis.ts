// A redis-server of a test's own on a free port (no persistence), which the test may kill and start again on the
// same port; the shared Redis on 6379 is never touched.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from './spawn-server.js';

/** A redis-server the test controls. */
export interface ThrowawayRedis {
  readonly url: string;
  readonly port: number;
  /** SIGKILLs the server (as a crash would) and waits for it to exit. */
  kill(): Promise<void>;
  /** Starts a new, empty server on the same port. */
  start(): Promise<void>;
  /** SIGSTOPs the server: connections stay open and nothing answers. */
  freeze(): void;
  /** SIGCONTs it. */
  thaw(): void;
}

/** The redis-server executable on PATH, or null. */
export function redisServerPath(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, 'redis-server');
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return file;
    } catch {
      // not here
    }
  }
  return null;
}

const started = new Set<ChildProcess>();
// A server must not outlive a test process that ends without killThrowawayRedis() (a crash, a killed worker).
process.once('exit', () => {
  for (const c of started) {
    c.kill('SIGCONT');
    c.kill('SIGKILL');
  }
});

/** Starts redis-server on a free port and waits until it answers PING. Call killThrowawayRedis() in afterAll. */
export async function startThrowawayRedis(): Promise<ThrowawayRedis> {
  const exe = redisServerPath();
  if (exe === null) throw new Error('redis-server not found on PATH');
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    const c = spawn(
      exe,
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    started.add(c);
    c.once('exit', () => started.delete(c));
    child = c;
    await waitForPong(port, 10_000);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async kill() {
      const c = child;
      child = null;
      if (c) await killChild(c);
    },
    start,
    freeze: () => child?.kill('SIGSTOP'),
    thaw: () => child?.kill('SIGCONT'),
  };
}

/** SIGKILLs every redis-server this module started that is still running. */
export async function killThrowawayRedis(): Promise<void> {
  await Promise.all([...started].map(killChild));
}

async function killChild(c: ChildProcess): Promise<void> {
  if (c.exitCode !== null || c.signalCode !== null) return;
  const exited = new Promise((r) => c.once('exit', r));
  c.kill('SIGCONT');
  c.kill('SIGKILL');
  await exited;
}

/** Sends PING over a raw socket until +PONG comes back, or throws after `timeoutMs`. */
async function waitForPong(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.setTimeout(500);
      socket.once('connect', () => socket.write('PING\r\n'));
      socket.once('data', (d) => {
        socket.destroy();
        resolve(d.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
      socket.once('timeout', () => {
        socket.destroy();
        resolve(false);
      });
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer PING in time`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
