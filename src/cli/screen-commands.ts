// `screen NAME` and `bulk FILE`: name screening from the command line, against the lists loaded in the store.
import fs from 'node:fs';
import { Command, InvalidArgumentError } from 'commander';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import type { Config } from '../config.js';
import { createCore, createLists } from '../core.js';
import { SEARCH_TYPES, type Match, type NameSearcher, type SearchType } from '../domain/screening.js';
import { badRequest } from '../errors.js';
import { SOURCES } from '../lists/registry.js';
import { buildNameIndexAsync } from '../services/screening/build-name-index.js';
import { MAX_NAME_LENGTH, checkName, unscreenable } from '../services/screening/name-list.js';
import { NameIndexLoader } from '../services/screening/name-index-loader.js';
import { parseQualifiers } from '../services/screening/qualifier-input.js';
import { createProgress } from './progress.js';
import { spreadsheetSafe } from './spreadsheet-safe.js';
import { formatTable, type Column } from './table.js';

export const searchType = (value: string): SearchType => {
  if (!(SEARCH_TYPES as readonly string[]).includes(value))
    throw new InvalidArgumentError(`must be one of ${SEARCH_TYPES.join(', ')}`);
  return value as SearchType;
};

/** Loads the committed list versions and builds the name index; fails closed naming lists not loaded. */
export async function withSearcher<T>(
  config: Config,
  fn: (searcher: NameSearcher) => Promise<T>,
): Promise<T> {
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

/** One name read from a file, with the line it starts on (counted from 1) for messages. */
export interface NameRow {
  readonly name: string;
  readonly line: number;
}

/**
 * Names from a file: a CSV with a `name` column (else its first column), or one name per line. A malformed CSV
 * or a name too long to screen is a user error naming the file and line.
 */
export function readNames(text: string, file = 'input'): NameRow[] {
  const lines = text.split(/\r?\n/);
  const firstIndex = lines.findIndex((l) => l.trim() !== '');
  const rows: NameRow[] = [];
  if (firstIndex < 0 || !lines[firstIndex]!.includes(',')) {
    lines.forEach((l, i) => {
      if (l.trim() !== '') rows.push({ name: l.trim(), line: i + 1 });
    });
  } else {
    let records: { record: string[]; info: { lines: number } }[];
    try {
      records = parse(text, {
        bom: true,
        skip_empty_lines: true,
        relax_column_count: true,
        info: true,
      }) as unknown as { record: string[]; info: { lines: number } }[];
    } catch (err) {
      throw badRequest(`${file}: not a readable CSV: ${(err as Error).message}`);
    }
    const header = records[0]!.record.map((h) => h.trim().toLowerCase());
    const col = header.indexOf('name');
    for (const { record, info } of col >= 0 ? records.slice(1) : records) {
      const name = (record[col >= 0 ? col : 0] ?? '').trim();
      if (name !== '') rows.push({ name, line: info.lines });
    }
  }
  for (const r of rows)
    if (r.name.length > MAX_NAME_LENGTH)
      throw badRequest(
        `${file}: line ${r.line}: name longer than ${MAX_NAME_LENGTH} characters (${r.name.length}); ` +
          `at most ${MAX_NAME_LENGTH}`,
      );
  return rows;
}

/** Reads an input file; a missing or unreadable file is a user error naming it. */
function readInput(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw badRequest(`cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
  }
}

const MATCH_COLUMNS: readonly Column<Match>[] = [
  { title: 'score', value: (m) => m.match_score, align: 'right' },
  { title: 'name', value: (m) => m.name, shrink: true },
  { title: 'list', value: (m) => m.list },
  { title: 'id', value: (m) => m.id, shrink: true },
];

const BULK_HEADER = [
  'search_term',
  'total_matches',
  'id',
  'name',
  'list',
  'source_uid',
  'match_score',
  'error',
];

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
    .option('--json', 'print the matches as JSON', false)
    .option(
      '--birth-date <date>',
      'date or year of birth (YYYY, YYYY-MM or YYYY-MM-DD): a contradiction lowers scores',
    )
    .option(
      '--country <countries>',
      'country codes or names, comma-separated: no listed one in common lowers scores',
    )
    .option('--entity-type <kind>', 'person, entity, vessel or aircraft: another listed kind lowers scores')
    .action(
      async (
        name: string,
        opts: {
          type: SearchType;
          explain: boolean;
          json: boolean;
          birthDate?: string;
          country?: string;
          entityType?: string;
        },
      ) => {
        const query = checkName('name', name);
        const qualifiers = parseQualifiers({
          birth_date: opts.birthDate,
          country: opts.country
            ?.split(',')
            .map((c) => c.trim())
            .filter(Boolean),
          entity_type: opts.entityType,
        });
        await withSearcher(config(), async (searcher) => {
          const matches = searcher.search(query, opts.type, {
            lists: null,
            explain: opts.explain,
            qualifiers,
          });
          if (opts.json) console.log(JSON.stringify(matches, null, 2));
          else if (matches.length === 0) console.log(`clear: no match for "${query}" (${opts.type})`);
          else {
            console.log(formatTable(MATCH_COLUMNS, matches));
            if (opts.explain)
              for (const m of matches)
                console.log(JSON.stringify({ id: m.id, explanation: m.explanation }, null, 2));
          }
        });
      },
    );

  const bulk = new Command('bulk')
    .description('screen every name of a file (CSV with a name column, or one name per line); CSV out')
    .argument('<file>', 'input file')
    .option(
      '--type <searchType>',
      'permissive_match, standard_match or strict_match',
      searchType,
      'permissive_match' as SearchType,
    )
    .option('--out <file>', 'write the output here instead of standard output')
    .option('--json', 'write JSON (each name with its matches) instead of CSV', false)
    .action(async (file: string, opts: { type: SearchType; out?: string; json: boolean }) => {
      const names = readNames(readInput(file), file);
      await withSearcher(config(), async (searcher) => {
        const progress = createProgress(process.stderr);
        const bar = progress.bar('screening', names.length, 'names');
        const results = names.map(({ name, line }, i) => {
          const error = unscreenable(name);
          const matches = error ? [] : searcher.search(name, opts.type, { lists: null, explain: false });
          bar.update(i + 1);
          return { search_term: name, line, matches, error };
        });
        bar.finish('done', names.length);
        progress.stop();
        let text: string;
        if (opts.json) text = JSON.stringify(results, null, 2) + '\n';
        else {
          const rows: unknown[][] = [BULK_HEADER];
          for (const { search_term: term, matches, error } of results) {
            // A name with nothing to screen is not a clear: its row says why it was not screened.
            if (matches.length === 0) rows.push([term, 0, '', '', '', '', '', error ?? '']);
            for (const m of matches)
              rows.push([term, matches.length, m.id, m.name, m.list, m.source_uid, m.match_score, '']);
          }
          text = stringify(rows.map((r) => r.map(spreadsheetSafe)));
        }
        if (opts.out) fs.writeFileSync(opts.out, text);
        else process.stdout.write(text);
      });
    });
  return [screen, bulk];
}
