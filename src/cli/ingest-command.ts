// `ingest` and `lists`: refresh lists now (with progress per list and a summary table), show the catalog,
// and (list-review-commands.ts) accept or reject a version held for review.
import { Command } from 'commander';
import type { Config } from '../config.js';
import { createCore, createLists } from '../core.js';
import { badRequest } from '../errors.js';
import type { IngestOutcome } from '../ingest/ingest-source.js';
import { SOURCES } from '../lists/registry.js';
import type { CatalogRow } from '../services/lists/list-service.js';
import { listReviewCommands } from './list-review-commands.js';
import { createProgress, type ProgressBar } from './progress.js';
import { formatTable, type Column } from './table.js';
import { listsLayoutCommand } from './lists-layout-command.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** Refuses list slugs that are not registered, or registered but not carried by this configuration. */
export function checkListSlugs(asked: readonly string[], carried: readonly string[]): void {
  const unknown = asked.filter((s) => !SOURCES.some((x) => x.slug === s));
  if (unknown.length > 0)
    throw badRequest(
      `--list: unknown list ${unknown.join(', ')}; the lists are: ${SOURCES.map((s) => s.slug).join(', ')}`,
    );
  const off = asked.filter((s) => !carried.includes(s));
  if (off.length > 0)
    throw badRequest(
      `--list: ${off.join(', ')} not carried by this configuration (see SCREENING_LISTS, ` +
        'SCREENING_LIST_API_KEYS and LISTS_DIR in the README)',
    );
}

const OUTCOME_COLUMNS: readonly Column<IngestOutcome>[] = [
  { title: 'list', value: (o) => o.slug },
  { title: 'status', value: (o) => o.status },
  { title: 'records', value: (o) => o.recordCount, align: 'right' },
  { title: 'seconds', value: (o) => (Math.round(o.durationMs / 100) / 10).toFixed(1), align: 'right' },
  {
    title: 'note',
    value: (o) => o.error ?? (o.heldReason ? `held for review: ${o.heldReason}` : ''),
    shrink: true,
  },
];

export function ingestCommand(config: () => Config): Command {
  return new Command('ingest')
    .description('download (or read from a folder), validate and load lists now')
    .option('--list <slug>', 'only this list (repeatable)', collect)
    .option('--from-dir <dir>', 'read DIR/<slug>/<file as published> instead of downloading')
    .option('--json', 'print the outcomes as JSON instead of a table', false)
    .action(async (opts: { list?: string[]; fromDir?: string; json: boolean }) => {
      const cfg = config();
      const core = await createCore(cfg);
      try {
        // Lists named with --list are an explicit choice, as SCREENING_LISTS is: tried even without a folder, so
        // the outcome says what is missing (checkListSlugs refuses names the registry does not know).
        const named =
          opts.list && cfg.lists.enabled === null
            ? {
                ...cfg,
                lists: { ...cfg.lists, enabled: opts.list.filter((l) => SOURCES.some((s) => s.slug === l)) },
              }
            : cfg;
        const { listService } = await createLists(named, core.store, SOURCES, opts.fromDir);
        checkListSlugs(
          opts.list ?? [],
          listService.sources.map((s) => s.slug),
        );
        const progress = createProgress(process.stderr);
        const previous = new Map((await core.store.listStatuses()).map((s) => [s.slug, s.recordCount ?? 0]));
        const byList = new Map<string, ProgressBar>();
        const outcomes = await listService.refresh(opts.list, {
          onStart: (s) => byList.set(s.slug, progress.bar(s.slug, previous.get(s.slug) ?? 0, 'records')),
          onProgress: (s, n) => byList.get(s.slug)?.update(n),
          onDone: (o) => byList.get(o.slug)?.finish(o.status, o.recordCount ?? 0),
        });
        progress.stop();
        if (outcomes.some((o) => o.status === 'failed')) process.exitCode = 1;
        if (opts.json) {
          console.log(JSON.stringify(outcomes, null, 2));
          return;
        }
        console.log(formatTable(OUTCOME_COLUMNS, outcomes));
        // Below the table, in full: what the operator must do or know (the table may cut the note).
        for (const o of outcomes.filter((x) => x.status === 'held'))
          console.log(
            `${o.slug}: version ${o.versionId} is held for review; the previous version keeps serving. ` +
              `Run \`lists accept ${o.slug} ${o.versionId}\` or \`lists reject ${o.slug} ${o.versionId}\`.`,
          );
        for (const o of outcomes.filter((x) => x.status === 'failed'))
          console.log(`${o.slug}: failed: ${o.error ?? 'no reason given'}`);
      } finally {
        await core.close();
      }
    });
}

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

const CATALOG_COLUMNS: readonly Column<CatalogRow>[] = [
  { title: 'list', value: (r) => r.slug },
  { title: 'title', value: (r) => r.title, shrink: true },
  { title: 'status', value: (r) => r.status },
  { title: 'records', value: (r) => r.record_count, align: 'right' },
  { title: 'data date', value: (r) => day(r.data_date) },
  { title: 'age', value: (r) => (r.data_age_days === null ? '' : `${r.data_age_days} d`), align: 'right' },
  { title: 'fetched', value: (r) => day(r.fetched_at) },
];

export function listsCommand(config: () => Config): Command {
  const show = new Command('show')
    .description(
      'show the list catalog: every registered list, carried or not (and why), counts, data age, last error',
    )
    .option('--json', 'print every field of the catalog as JSON', false)
    .action(async (opts: { json: boolean }) => {
      const cfg = config();
      const core = await createCore(cfg);
      try {
        const { listService } = await createLists(cfg, core.store, SOURCES);
        const rows = await listService.catalog();
        if (opts.json) {
          console.log(JSON.stringify(rows, null, 2));
          return;
        }
        console.log(formatTable(CATALOG_COLUMNS, rows));
        // What needs the operator, below the table in full (the table cuts nothing it shows here).
        for (const r of rows) {
          if (r.held_version)
            console.log(
              `${r.slug}: version ${r.held_version.id} held for review (${r.held_version.record_count} records: ` +
                `-${r.held_version.removed} +${r.held_version.added} ~${r.held_version.changed}): ${r.held_version.reason}`,
            );
          if (r.reason) console.log(`${r.slug}: not carried: ${r.reason}`);
          if (r.last_error) console.log(`${r.slug}: last error: ${r.last_error}`);
        }
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
