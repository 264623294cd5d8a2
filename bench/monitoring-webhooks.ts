// The webhook part of `npm run bench:monitoring`: alert.created events from the built service (SQLite, short retry
// bases) to a loopback receiver that fails the first two attempts of every event (500), is down (port closed) for
// 30 s, then answers slowly (1.5 s, under the 5 s timeout) for 20 s, then normally; the events are queued in three
// waves (before the receiver goes down, while it is down, as it comes back slow). Counts what the receiver got:
// events queued, delivered, duplicates received, lost (target 0), p50/p99 from the event's creation to its first
// accepted delivery.
import http from 'node:http';
import path from 'node:path';
import fs from 'node:fs';
import {
  call,
  listsFrom,
  ordinaryUser,
  smallListsDir,
  sqliteRows,
  sleep,
  startService,
  type FaultContext,
} from './faults-support.js';

export interface WebhookResult {
  readonly queued: number;
  readonly deliveredByStore: number;
  readonly failedByStore: number;
  readonly receivedUnique: number;
  readonly duplicates: number;
  readonly lost: number;
  readonly attempts: number;
  readonly p50Ms: number | null;
  readonly p99Ms: number | null;
  readonly maxMs: number | null;
  readonly elapsedMs: number;
}

const DOWN_AFTER_MS = 3_000;
const DOWN_FOR_MS = 30_000;
const SLOW_FOR_MS = 20_000;
const SLOW_ANSWER_MS = 1_500;
const CAP_MS = 5 * 60_000;

const quantile = (xs: readonly number[], q: number): number | null => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
};

export async function webhookBench(ctx: FaultContext, opts: { events: number }): Promise<WebhookResult> {
  const { dir, lines } = smallListsDir(ctx.workDir, opts.events);
  const dataDir = path.join(ctx.workDir, 'webhook-store');
  fs.mkdirSync(dataDir);
  const dbFile = path.join(dataDir, 'screening.sqlite');

  let t0 = Number.POSITIVE_INFINITY;
  const tries = new Map<string, number>();
  const accepted = new Map<string, number>();
  const latency: number[] = [];
  let duplicates = 0;
  let attempts = 0;
  const handler: http.RequestListener = (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      attempts++;
      const id = String(req.headers['screening-event-id'] ?? '');
      const n = (tries.get(id) ?? 0) + 1;
      tries.set(id, n);
      if (n <= 2) {
        res.statusCode = 500;
        res.end('not yet');
        return;
      }
      const since = Date.now() - t0;
      const slow = since > DOWN_AFTER_MS + DOWN_FOR_MS && since < DOWN_AFTER_MS + DOWN_FOR_MS + SLOW_FOR_MS;
      const answer = () => {
        if (accepted.has(id)) duplicates++;
        else {
          accepted.set(id, Date.now());
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { created_at: string };
          latency.push(Date.now() - Date.parse(body.created_at));
        }
        res.end('ok');
      };
      if (slow) setTimeout(answer, SLOW_ANSWER_MS);
      else answer();
    });
  };
  let rx = http.createServer(handler);
  await new Promise<void>((r) => rx.listen(0, '127.0.0.1', r));
  const port = (rx.address() as { port: number }).port;
  const closeRx = () =>
    new Promise<void>((r) => {
      rx.close(() => r());
      rx.closeAllConnections();
    });
  ctx.defer(closeRx);

  const service = await startService(
    ctx,
    'monitoring-webhooks',
    {
      ...listsFrom(dir),
      DATA_DIR: dataDir,
      SCREENING_RATE_LIMIT_PER_MINUTE: '1000000',
      SCREENING_WEBHOOK_ALLOW_LOOPBACK: 'true',
      SCREENING_WEBHOOK_RETRY_BASE_MS: '200',
      SCREENING_WEBHOOK_TIMEOUT_MS: '5000',
      SCREENING_WEBHOOK_POLL_MS: '100',
    },
    { ready: true },
  );
  const { keys } = await ordinaryUser(service.origin, 1);
  const key = keys[0]!;
  const hook = await call(service.origin, 'POST', '/api/v2/webhooks', {
    key,
    body: { url: `http://127.0.0.1:${port}/hook`, events: ['alert.created'] },
  });
  if (hook.status !== 200) throw new Error(`webhook answered ${hook.status}: ${hook.text}`);

  // Each listed name as a subject: each opens at least one alert, so one alert.created event at least. Queued in
  // three waves, so every phase of the receiver meets fresh events: before it goes down, while it is down, and
  // when it comes back slow.
  const wave = async (part: number) => {
    const third = Math.ceil(lines.length / 3);
    const res = await call(service.origin, 'POST', '/api/v2/subjects', {
      key,
      body: {
        subjects: lines
          .slice(part * third, (part + 1) * third)
          .map((l, i) => ({ name: l.name, reference: `w${part * third + i}` })),
      },
      timeoutMs: 120_000,
    });
    if (res.status !== 200) throw new Error(`subjects answered ${res.status}: ${res.text.slice(0, 300)}`);
  };
  t0 = Date.now();
  await wave(0);
  ctx.progress('first third of the events queued; the receiver fails the first two attempts of each');
  await sleep(Math.max(0, t0 + DOWN_AFTER_MS - Date.now()));
  await closeRx();
  ctx.progress('receiver down for 30 s; second third queued');
  await wave(1);
  await sleep(Math.max(0, t0 + DOWN_AFTER_MS + DOWN_FOR_MS - Date.now()));
  rx = http.createServer(handler);
  await new Promise<void>((r) => rx.listen(port, '127.0.0.1', r));
  ctx.progress('receiver up, answering slowly for 20 s; last third queued');
  await wave(2);
  const queued = sqliteRows<{ n: number }>(dbFile, 'select count(*) as n from webhook_deliveries')[0]!.n;
  const end = t0 + CAP_MS;
  for (;;) {
    const open = sqliteRows<{ n: number }>(
      dbFile,
      "select count(*) as n from webhook_deliveries where status = 'pending'",
    )[0]!.n;
    if ((open === 0 && accepted.size >= queued) || Date.now() > end) break;
    await sleep(250);
  }
  const elapsedMs = Date.now() - t0;
  // Anything still in flight lands (or not) before counting.
  await sleep(SLOW_ANSWER_MS + 500);
  const byStatus = new Map(
    sqliteRows<{ status: string; n: number }>(
      dbFile,
      'select status, count(*) as n from webhook_deliveries group by status',
    ).map((r) => [r.status, r.n]),
  );
  await service.stop();
  return {
    queued,
    deliveredByStore: byStatus.get('delivered') ?? 0,
    failedByStore: byStatus.get('failed') ?? 0,
    receivedUnique: accepted.size,
    duplicates,
    lost: queued - accepted.size,
    attempts,
    p50Ms: quantile(latency, 0.5),
    p99Ms: quantile(latency, 0.99),
    maxMs: quantile(latency, 1),
    elapsedMs,
  };
}
