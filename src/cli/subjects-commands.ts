// `subjects import FILE --email E`: loads an account's monitored subjects from a CSV (name, reference,
// search_type), upserting by reference and screening each new or changed one against the loaded lists, as
// POST /api/v2/subjects does, with progress on standard error (the CLI's progress helper).
import fs from 'node:fs';
import { Command } from 'commander';
import { parse } from 'csv-parse/sync';
import type { Config } from '../config.js';
import { createCore, createLists, type Core } from '../core.js';
import { SEARCH_TYPES, type SearchType } from '../domain/screening.js';
import { badRequest, notFound } from '../errors.js';
import { SOURCES } from '../lists/registry.js';
import type { ListState } from '../services/list-state.js';
import { Rescreen } from '../services/monitoring/rescreen.js';
import { SubjectsService, type SubjectSubmission } from '../services/monitoring/subjects-service.js';
import { buildNameIndexAsync } from '../services/screening/build-name-index.js';
import { checkName } from '../services/screening/name-list.js';
import { NameIndexLoader } from '../services/screening/name-index-loader.js';
import { createProgress, type ProgressBar } from './progress.js';

/** Subjects sent to the service per call (the API's own limit is 10,000). */
const BATCH = 1_000;

const COLUMNS = ['name', 'reference', 'search_type'] as const;

/** The subjects of a CSV with a header naming its columns; throws naming the column or row that is wrong. */
export function readSubjects(text: string): SubjectSubmission[] {
  const rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  const header = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const unknown = header.filter((h) => !(COLUMNS as readonly string[]).includes(h));
  if (unknown.length > 0)
    throw badRequest(`unknown column "${unknown[0]}" (the columns are ${COLUMNS.join(', ')})`);
  const at = (c: (typeof COLUMNS)[number]) => header.indexOf(c);
  if (at('name') < 0) throw badRequest('the header has no name column');
  return rows.slice(1).map((r, i) => {
    const cell = (c: (typeof COLUMNS)[number]) => (at(c) < 0 ? '' : (r[at(c)] ?? '').trim());
    const type = cell('search_type');
    if (type !== '' && !(SEARCH_TYPES as readonly string[]).includes(type))
      throw badRequest(`row ${i + 1}: search_type must be one of ${SEARCH_TYPES.join(', ')}`);
    return {
      name: checkName(`row ${i + 1} name`, cell('name')),
      ...(cell('reference') !== '' && { reference: cell('reference') }),
      ...(type !== '' && { search_type: type as SearchType }),
    };
  });
}

/** The lists committed in the store, with their name index built, as a server would serve them. */
async function loadedLists(cfg: Config, core: Core): Promise<ListState> {
  const { lists, listService } = await createLists(cfg, core.store, SOURCES);
  const loader = new NameIndexLoader(core.store, listService, lists, (entries) =>
    buildNameIndexAsync(entries, null),
  );
  listService.onChange((changed) => loader.onListsChanged(changed));
  await listService.syncFromStore();
  return lists;
}

export function subjectsCommand(config: () => Config): Command {
  const subjects = new Command('subjects').description("manage an account's monitored subjects");
  subjects
    .command('import')
    .description('add or update monitored subjects from a CSV (name, reference, search_type), screening each')
    .argument('<file>', 'CSV with a header: name, and optionally reference and search_type')
    .requiredOption('--email <email>', 'the account the subjects belong to')
    .action(async (file: string, opts: { email: string }) => {
      const submissions = readSubjects(fs.readFileSync(file, 'utf8'));
      const cfg = config();
      const core = await createCore(cfg);
      try {
        const user = await core.store.findUserByEmail(opts.email.trim().toLowerCase());
        if (!user) throw notFound(`no user ${opts.email}`);
        const lists = await loadedLists(cfg, core);
        const service = new SubjectsService(core.store, lists);
        const progress = createProgress(process.stderr);
        const bar = progress.bar('importing', submissions.length, 'subjects');
        let stored = 0;
        try {
          for (let i = 0; i < submissions.length; i += BATCH) {
            stored += (await service.upsert(user.id, submissions.slice(i, i + BATCH))).length;
            bar.update(Math.min(i + BATCH, submissions.length));
          }
          bar.finish('done', stored);
        } finally {
          progress.stop();
        }
        console.log(
          `${stored} subjects stored for ${user.email}; their matches are alerts (GET /api/v2/alerts)`,
        );
      } finally {
        await core.close();
      }
    });
  subjects
    .command('rescreen')
    .description(
      'screen every monitored subject of every account again (after the matching engine changed), with progress',
    )
    .action(async () => {
      const cfg = config();
      const core = await createCore(cfg);
      try {
        const rescreen = new Rescreen(core.store, await loadedLists(cfg, core));
        const before = await rescreen.status();
        const progress = createProgress(process.stderr);
        // Created at the first report, when the total is known.
        const bars: ProgressBar[] = [];
        let after;
        try {
          await rescreen.start((done, total) => {
            (bars[0] ??= progress.bar('re-screening', total, 'subjects')).update(done);
          });
          await rescreen.idle();
          after = await rescreen.status();
          bars[0]?.finish(after.status, after.done);
        } finally {
          progress.stop();
        }
        if (after.status === 'failed') throw new Error(`the re-screen failed: ${after.error}`);
        console.log(
          `${after.done} subjects screened with engine ${after.engine_version} ` +
            `(before: ${before.screened_engine_version ?? 'not recorded'}); ${after.alerts} alerts opened or reopened`,
        );
      } finally {
        await core.close();
      }
    });
  return subjects;
}
