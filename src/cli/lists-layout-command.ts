// `lists layout`: the LISTS_DIR folder layout, file names and official download addresses of every registered
// list (from the registry's fileSets), so an operator can fetch the files on another machine and run offline.
import { Command } from 'commander';
import type { ListSource } from '../lists/list-source.js';
import { SOURCES } from '../lists/registry.js';

/** One list's place in LISTS_DIR, as `lists layout --json` prints it. */
export interface LayoutRow {
  readonly slug: string;
  readonly title: string;
  /** The folder under LISTS_DIR that holds its files (another list's folder when it reads that publication). */
  readonly folder: string;
  /** Alternative file sets, in the order they are tried; the first complete one is read. */
  readonly file_sets: ReadonlyArray<
    ReadonlyArray<{ name: string; url: string; optional: boolean; retired: boolean }>
  >;
  /** Published page by page (an API or web pages): no single file to download. */
  readonly paged: boolean;
  /** Why it does not load unattended from its publisher, if so. */
  readonly needs_operator: string | null;
}

/** The layout rows of the given sources, in registry order. */
export function layoutRows(sources: readonly ListSource[]): LayoutRow[] {
  return sources.map((s) => ({
    slug: s.slug,
    title: s.title,
    folder: s.filesFrom ?? s.slug,
    file_sets: s.fileSets.map((set) =>
      set.map((f) => ({
        name: f.name,
        url: f.url,
        optional: f.optional === true,
        retired: f.retired === true,
      })),
    ),
    paged: s.crawl !== undefined,
    needs_operator: s.needsOperator ?? null,
  }));
}

/** The layout as text: one block per list. */
export function layoutText(rows: readonly LayoutRow[]): string {
  const out = [
    'LISTS_DIR layout: one folder per list, named by its slug, holding the files as their publisher names them',
    '(any letter case: CONS_PRIM.CSV is cons_prim.csv). With LISTS_DIR set and SCREENING_LISTS unset, the',
    'service carries every list whose folder is there. Alternatives are tried in order; the first whose required',
    'files are all present is read. (optional) files may be left out.',
    '',
  ];
  for (const r of rows) {
    out.push(
      `${r.folder}/  ${r.slug === r.folder ? r.title : `${r.slug}: ${r.title} (reads ${r.folder}'s files)`}`,
    );
    if (r.slug !== r.folder) {
      out.push('');
      continue;
    }
    r.file_sets.forEach((set, i) => {
      if (r.file_sets.length > 1) out.push(`  ${i === 0 ? 'either' : 'or'}:`);
      for (const f of set) {
        const notes = [f.optional ? 'optional' : '', f.retired ? 'retired: a frozen copy only' : '']
          .filter(Boolean)
          .join(', ');
        out.push(`    ${f.name}${notes ? ` (${notes})` : ''}`);
        out.push(`      ${r.paged ? 'gathered page by page from' : 'from'} ${f.url}`);
      }
    });
    if (r.paged)
      out.push(
        '  published as pages, not one file: the service saves them under this name when it crawls; copy it',
        '  from a mirror or from a connected deployment',
      );
    if (r.needs_operator) out.push(`  note: ${r.needs_operator}`);
    out.push('');
  }
  return out.join('\n');
}

/** The `layout` verb under `lists`. */
export function listsLayoutCommand(): Command {
  return new Command('layout')
    .description('print the LISTS_DIR folder layout, file names and official download addresses')
    .option('--json', 'print the layout as JSON')
    .action((opts: { json?: boolean }) => {
      const rows = layoutRows(SOURCES);
      console.log(opts.json ? JSON.stringify(rows, null, 2) : layoutText(rows));
    });
}
