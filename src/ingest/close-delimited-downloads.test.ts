// List files served without Content-Length (the body ends when the connection closes), complete and cut, many
// times over, through the real ingest path in a child process that has cheerio's undici loaded as the server
// does: the process must survive every download (undici 7's HTTP/1 client crashed it), complete files load,
// cut ones fail and the loaded version keeps serving.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, REPO_ROOT } from '../test-support/spawn-server.js';
import type { SoakPlan } from '../test-support/ingest-soak.js';
import { loopbackServer, type LoopbackServer } from '../test-support/loopback-server.js';

const ROWS = 15_000;
const ROUNDS = 10;

/** An OFAC legacy sdn.csv of ROWS entries (about 4 MB), CRLF, ending with the 0x1A byte. */
function sdnCsv(): Buffer {
  const rows: string[] = [];
  for (let i = 1; i <= ROWS; i++)
    rows.push(
      `${i},"SOAK PERSON ${i}","individual","SDGT",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,` +
        `"DOB ${1950 + (i % 50)}; POB Somewhere ${i}; nationality Nowhere; Passport ${100000 + i} issued ${i % 28} Jan 2001; ${'x'.repeat(120)}."`,
    );
  return Buffer.concat([Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1'), Buffer.from([0x1a])]);
}

const HEAD = 'HTTP/1.1 200 OK\r\nContent-Type: text/csv\r\nConnection: close\r\n\r\n';

/** Answers on the raw socket: no Content-Length, no chunking; the body ends when the connection closes. */
function closeDelimited(
  body: Buffer,
  close: 'end' | 'reset',
): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (_req, res) => {
    const socket = res.socket!;
    socket.write(HEAD);
    if (close === 'end') socket.end(body);
    else socket.write(body, () => socket.resetAndDestroy());
  };
}

describe('close-delimited list downloads, complete and cut, repeatedly', () => {
  let pub: LoopbackServer;
  let dataDir: string;
  const body = sdnCsv();
  const text = body.toString('latin1');
  // Cut at a line boundary (about 93 % of the rows, a correct file as far as HTTP can tell), and mid-line.
  const lineCut = body.subarray(0, text.lastIndexOf('\r\n', Math.floor(body.length * 0.93)) + 2);
  const midCut = body.subarray(0, Math.floor(body.length * 0.6) + 7);

  beforeAll(async () => {
    pub = await loopbackServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-'));
    pub.routes.set('/complete/ofac_sdn/sdn.csv', closeDelimited(body, 'end'));
    pub.routes.set('/cut-line/ofac_sdn/sdn.csv', closeDelimited(lineCut, 'end'));
    pub.routes.set('/cut-reset/ofac_sdn/sdn.csv', closeDelimited(midCut, 'reset'));
    pub.routes.set('/cut-length/ofac_sdn/sdn.csv', (_req, res) => {
      res.setHeader('content-length', body.length);
      res.write(body.subarray(0, body.length / 2), () => res.destroy());
    });
  });
  afterAll(async () => {
    await pub.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`${ROUNDS * 4} ingests: the process survives, complete files load, cut ones fail and the loaded version stays`, async () => {
    const kinds = ['complete', 'cut-line', 'cut-reset', 'cut-length'] as const;
    const plan: SoakPlan = {
      mirrors: Array.from({ length: ROUNDS }, () => kinds.map((k) => `${pub.url}/${k}`)).flat(),
      dataDir,
    };
    const child = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const c = execFile(
        process.execPath,
        ['--import', 'tsx', 'src/test-support/ingest-soak.ts', JSON.stringify(plan)],
        { cwd: REPO_ROOT, env: childEnv({}), timeout: 240_000, maxBuffer: 16 * 1024 * 1024 },
        (_err, stdout, stderr) => resolve({ code: c.exitCode, stdout, stderr }),
      );
    });
    expect(child.stderr).not.toMatch(/AssertionError|uncaught/i);
    expect(child.code, child.stderr).toBe(0);
    const lines = child.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { mirrorUrl?: string; status?: string; records?: number; error?: string });
    expect(lines).toHaveLength(plan.mirrors.length + 1);
    expect(lines.at(-1)).toEqual({ done: true, records: ROWS });

    const of = (kind: string) => lines.filter((l) => l.mirrorUrl === `${pub.url}/${kind}`);
    expect(of('complete').map((l) => [l.status, l.records])).toEqual([
      ['updated', ROWS],
      ...Array.from({ length: ROUNDS - 1 }, () => ['unchanged', ROWS]),
    ]);
    for (const l of of('cut-line')) {
      expect(l).toMatchObject({ status: 'failed', records: ROWS });
      expect(l.error).toMatch(/sdn\.csv: no end-of-file byte \(0x1A\)/);
    }
    // A reset may reach the client as an error (truncated, retried) or, data still queued, as a plain end:
    // then the cut row fails the parse. Either way nothing short is loaded.
    for (const l of of('cut-reset')) {
      expect(l).toMatchObject({ status: 'failed', records: ROWS });
      expect(l.error).toMatch(
        /sdn\.csv(: truncated| line \d+: expected 12 columns|: .*quote|: no end-of-file byte)/i,
      );
    }
    for (const l of of('cut-length')) {
      expect(l).toMatchObject({ status: 'failed', records: ROWS });
      expect(l.error).toMatch(/sdn\.csv: truncated/);
    }
    // Every truncated attempt was retried once.
    expect(pub.hits.get('/cut-length/ofac_sdn/sdn.csv')).toBe(ROUNDS * 2);
  }, 300_000);
});
