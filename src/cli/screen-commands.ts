// `screen NAME` and `bulk FILE`: name screening from the command line, against the lists loaded in the store.
import fs from 'node:fs';
import cliProgress from 'cli-progress';
import { Command, InvalidArgumentError } from 'commander';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Config } from '../config.js';
import { createCore, createLists } from '../core.js';
import { SEARCH_TYPES, type NameSearcher, type SearchType } from '../domain/screening.js';
import { SOURCES } from '../lists/registry.js';
import { buildNameIndexAsync } from '../services/screening/build-name-index.js';
import { checkName } from '../services/screening/name-list.js';
import { NameIndexLoader } from '../services/screening/name-index-loader.js';

const searchType = (value: string): SearchType => {
  if (!(SEARCH_TYPES as readonly string[]).includes(value))
    throw new InvalidArgumentError(`must be one of ${SEARCH_TYPES.join(', ')}`);
  return value as SearchType;
};

/** Loads the committed list versions and builds the name index; fails closed naming lists not loaded. */
async function withSearcher<T>(config: Config, fn: (searcher: NameSearcher) => Promise<T>): Promise<T> {
  const core = await createCore(config);
  try {
    const { lists, listService } = await createLists(config, core.store, SOURCES);
    const loader = new NameIndexLoader(core.store, listService, lists, (entries) =>
      buildNameIndexAsync(entries, null),
    );
    listService.onChange((changed) => loader.onListsChanged(changed));
    await listService.syncFromStore();
    return await fn(lists.requireSearcher('v2'));
  } finally {
    await core.close();
  }
}

/** Names from a file: a CSV with a `name` column (else its first column), or one name per line. */
export function readNames(text: string): string[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const first = lines[0] ?? '';
  if (!first.includes(',')) return lines.map((l) => l.trim());
  const rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true }) as string[][];
  const header = rows[0]!.map((h) => h.trim().toLowerCase());
  const col = header.indexOf('name');
  const body = col >= 0 ? rows.slice(1) : rows;
  return body.map((r) => (r[col >= 0 ? col : 0] ?? '').trim()).filter((n) => n !== '');
}

export function screenCommands(config: () => Config): Command[] {
  const screen = new Command('screen')
    .description('screen one name against every loaded list')
    .argument('<name>', 'the name to screen')
    .option(
      '--type <searchType>',
      `one of ${SEARCH_TYPES.join(', ')}`,
      searchType,
      'fuzzy_search' as SearchType,
    )
    .option('--explain', 'show why each match scored as it did', false)
    .action(async (name: string, opts: { type: SearchType; explain: boolean }) => {
      const query = checkName('name', name);
      await withSearcher(config(), async (searcher) => {
        const matches = searcher.search(query, opts.type, { lists: null, explain: opts.explain });
        if (matches.length === 0) console.log(`clear: no match for "${query}" (${opts.type})`);
        else console.table(matches.map(({ explanation: _e, ...m }) => m));
        if (opts.explain)
          for (const m of matches)
            console.log(JSON.stringify({ id: m.id, explanation: m.explanation }, null, 2));
      });
    });

  const bulk = new Command('bulk')
    .description('screen every name of a file (CSV with a name column, or one name per line); CSV out')
    .argument('<file>', 'input file')
    .option(
      '--type <searchType>',
      'permissive_match, standard_match or strict_match',
      searchType,
      'permissive_match' as SearchType,
    )
    .option('--out <file>', 'write the CSV here instead of standard output')
    .action(async (file: string, opts: { type: SearchType; out?: string }) => {
      const names = readNames(fs.readFileSync(file, 'utf8'));
      await withSearcher(config(), async (searcher) => {
        const bar = new cliProgress.SingleBar(
          { format: ' screening | {bar} | {value}/{total} names', stream: process.stderr },
          cliProgress.Presets.shades_classic,
        );
        bar.start(names.length, 0);
        const rows: unknown[][] = [
          ['search_term', 'total_matches', 'id', 'name', 'list', 'source_uid', 'match_score'],
        ];
        names.forEach((term, i) => {
          const matches = searcher.search(term, opts.type, { lists: null, explain: false });
          if (matches.length === 0) rows.push([term, 0, '', '', '', '', '']);
          for (const m of matches)
            rows.push([term, matches.length, m.id, m.name, m.list, m.source_uid, m.match_score]);
          bar.update(i + 1);
        });
        bar.stop();
        const csv = stringify(rows);
        if (opts.out) fs.writeFileSync(opts.out, csv);
        else process.stdout.write(csv);
      });
    });
  return [screen, bulk];
}
