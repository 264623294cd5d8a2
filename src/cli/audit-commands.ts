// `audit verify`: checks the tamper-evident usage chain end to end and names the first broken point (exit 3);
// `audit retention`: runs the retention pass now (the server runs it daily). Both read the server's environment.
import { Command } from 'commander';
import type { Config } from '../config.js';
import { verifyUsageChain, type ChainVerdict } from '../services/usage/usage-chain-verifier.js';
import { UsageRetention } from '../services/usage/usage-retention.js';
import { openStore, storeOptionsFromConfig } from '../store/open-store.js';
import { createProgress } from './progress.js';

/** Exit code of `audit verify` when the chain is broken (1 stays "the command failed", 2 "your input"). */
export const CHAIN_BROKEN_EXIT = 3;

/** The verdict in words, one fact a line. */
export function describeVerdict(v: ChainVerdict): string[] {
  const lines = [
    `checked ${v.batches.toLocaleString('en-US')} batches, ${v.records.toLocaleString('en-US')} records`,
  ];
  if (v.checkpoint)
    lines.push(
      `from retention checkpoint at batch ${v.checkpoint.seq} (hash ${v.checkpoint.hash}, records committed ` +
        `before ${v.checkpoint.cutoff} deleted on ${v.checkpoint.deletedAt})`,
    );
  if (v.broken) {
    const where = v.broken.seq === null ? 'outside the chain' : `at batch ${v.broken.seq}`;
    lines.push(
      `BROKEN ${where}${v.broken.recordId ? `, record ${v.broken.recordId}` : ''}: ${v.broken.reason}`,
    );
  } else {
    lines.push(
      v.head
        ? `intact: head batch ${v.head.seq}, hash ${v.head.hash} (record it elsewhere to pin everything before it)`
        : 'intact: the chain is empty',
    );
  }
  return lines;
}

export function auditCommands(config: () => Config): Command {
  const audit = new Command('audit').description('the tamper-evident usage trail');
  audit
    .command('verify')
    .description('check the usage chain end to end; exits 3 naming the first broken point')
    .option('--json', 'print the verdict as JSON')
    .action(async (opts: { json?: boolean }) => {
      const store = await openStore(storeOptionsFromConfig(config()));
      const progress = createProgress(process.stderr);
      try {
        const bar = progress.bar('verify', (await store.usageChainSize()).batches, 'batches');
        const verdict = await verifyUsageChain(store, (done) => bar.update(done));
        bar.finish(verdict.intact ? 'intact' : 'broken', verdict.batches);
        progress.stop();
        console.log(opts.json ? JSON.stringify(verdict, null, 2) : describeVerdict(verdict).join('\n'));
        if (!verdict.intact) process.exitCode = CHAIN_BROKEN_EXIT;
      } finally {
        progress.stop();
        await store.close();
      }
    });
  audit
    .command('retention')
    .description('delete whole usage batches older than SCREENING_RETENTION_DAYS now, leaving a checkpoint')
    .action(async () => {
      const cfg = config();
      const store = await openStore(storeOptionsFromConfig(cfg));
      try {
        const pass = await new UsageRetention(store, { retentionDays: cfg.retentionDays }).run();
        console.log(
          pass.ran
            ? `deleted ${pass.batches} batches (${pass.records} records) committed before ${pass.cutoff}`
            : 'another process is running retention; nothing done',
        );
      } finally {
        await store.close();
      }
    });
  return audit;
}
