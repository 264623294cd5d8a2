// `ingest` and `lists`: refresh lists now (with a progress bar per list and a summary table), show the catalog,
// and (list-review-commands.ts) accept or reject a version held for review.
import cliProgress from 'cli-progress';
import { Command } from 'commander';
import type { Config } from '../config.js';
import { createCore, createLists } from '../core.js';
import { SOURCES } from '../lists/registry.js';
import { listReviewCommands } from './list-review-commands.js';
import { listsLayoutCommand } from './lists-layout-command.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function ingestCommand(config: () => Config): Command {
  return new Command('ingest')
    .description('download (or read from a folder), validate and load lists now')
    .option('--list <slug>', 'only this list (repeatable)', collect)
    .option('--from-dir <dir>', 'read DIR/<slug>/<file as published> instead of downloading')
    .action(async (opts: { list?: string[]; fromDir?: string }) => {
      const cfg = config();
      const core = await createCore(cfg);
      try {
        // Lists named with --list are an explicit choice, as SCREENING_LISTS is: tried even without a folder, so
        // the outcome says what is missing (unknown names are refused by the refresh).
        const named =
          opts.list && cfg.lists.enabled === null
            ? {
                ...cfg,
                lists: { ...cfg.lists, enabled: opts.list.filter((l) => SOURCES.some((s) => s.slug === l)) },
              }
            : cfg;
        const { listService } = await createLists(named, core.store, SOURCES, opts.fromDir);
        const bars = new cliProgress.MultiBar(
          { format: ' {slug} | {bar} | {value} records | {state}', hideCursor: true, clearOnComplete: false },
          cliProgress.Presets.shades_classic,
        );
        const previous = new Map((await core.store.listStatuses()).map((s) => [s.slug, s.recordCount ?? 0]));
        const byList = new Map<string, cliProgress.SingleBar>();
        const outcomes = await listService.refresh(opts.list, {
          onStart: (s) =>
            byList.set(
              s.slug,
              bars.create(Math.max(1, previous.get(s.slug) ?? 0), 0, {
                slug: s.slug.padEnd(20),
                state: 'reading',
              }),
            ),
          onProgress: (s, n) => {
            const bar = byList.get(s.slug);
            if (bar && n > bar.getTotal()) bar.setTotal(n);
            bar?.update(n);
          },
          onDone: (o) => byList.get(o.slug)?.update(o.recordCount ?? 0, { state: o.status }),
        });
        bars.stop();
        console.table(
          outcomes.map((o) => ({
            list: o.slug,
            status: o.status,
            records: o.recordCount,
            seconds: Math.round(o.durationMs / 100) / 10,
            error: o.error ?? (o.heldReason ? `held for review: ${o.heldReason}` : ''),
          })),
        );
        for (const o of outcomes.filter((x) => x.status === 'held'))
          console.log(
            `${o.slug}: version ${o.versionId} is held for review; the previous version keeps serving. ` +
              `Run \`lists accept ${o.slug} ${o.versionId}\` or \`lists reject ${o.slug} ${o.versionId}\`.`,
          );
        if (outcomes.some((o) => o.status === 'failed')) process.exitCode = 1;
      } finally {
        await core.close();
      }
    });
}

export function listsCommand(config: () => Config): Command {
  const show = new Command('show')
    .description(
      'show the list catalog: every registered list, carried or not (and why), counts, data age, last error',
    )
    .action(async () => {
      const cfg = config();
      const core = await createCore(cfg);
      try {
        const { listService } = await createLists(cfg, core.store, SOURCES);
        console.table(
          (await listService.catalog()).map((r) => ({
            list: r.slug,
            status: r.status,
            records: r.record_count,
            data_date: r.data_date,
            data_age: r.data_age_days === null ? '' : `${r.data_age_days} d`,
            fetched_at: r.fetched_at,
            held_version: r.held_version
              ? `${r.held_version.id} (${r.held_version.record_count} records: ` +
                `-${r.held_version.removed} +${r.held_version.added} ~${r.held_version.changed})`
              : '',
            why: r.reason ?? r.last_error ?? '',
          })),
        );
      } finally {
        await core.close();
      }
    });
  const lists = new Command('lists')
    .description(
      'the list catalog (`lists` alone shows it); the LISTS_DIR layout; accept or reject a version held for review',
    )
    .addCommand(show, { isDefault: true });
  lists.addCommand(listsLayoutCommand());
  for (const c of listReviewCommands(config)) lists.addCommand(c);
  return lists;
}
