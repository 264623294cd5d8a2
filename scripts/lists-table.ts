// Writes the tables of lists in docs/lists.md from the registry (`npm run docs:lists`); lists-doc.test.ts fails
// when the committed tables differ from what this would write, so the docs cannot drift from the sources.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import prettier from 'prettier';
import type { ListSource, SourceFile } from '../src/lists/list-source.js';
import { SOURCES } from '../src/lists/registry.js';

/** The document the tables live in. */
export const LISTS_DOC = path.resolve(import.meta.dirname, '../docs/lists.md');

const START = '<!-- lists-table:start (generated from src/lists/registry.ts by `npm run docs:lists`) -->';
const END = '<!-- lists-table:end -->';

const cell = (s: string): string => s.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();

/** One file set as links: `[name][ref]` per file, its state in brackets; link definitions go to `refs`. */
function fileLinks(source: ListSource, set: readonly SourceFile[], refs: string[]): string {
  return set
    .map((f) => {
      const ref = `${source.slug}-${refs.length + 1}`;
      refs.push(`[${ref}]: ${f.url}`);
      const notes = [f.optional ? 'optional' : null, f.retired ? 'retired: local copy only' : null].filter(
        (n) => n !== null,
      );
      return `[\`${f.name}\`][${ref}]${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`;
    })
    .join(' + ');
}

function table(sources: readonly ListSource[], refs: string[]): string {
  const rows = sources.map((s) => {
    const files = s.fileSets.map((set) => fileLinks(s, set, refs)).join('; else ');
    const how = s.filesFrom
      ? `the \`${s.filesFrom}\` files (local mode reads its folder, no second copy): `
      : s.crawl
        ? 'crawled (paged API or web pages), saved as '
        : '';
    return `| [\`${s.slug}\`](lists/${s.slug}.md) | ${cell(s.title)} | ${cell(s.publisher)} | ${cell(s.format)} | ${cell(s.cadence)} | ${how}${files} |`;
  });
  return [
    '| list | title | publisher | format | cadence | files (official address) |',
    '| --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/** The generated part of docs/lists.md (before formatting). */
export function listsTables(sources: readonly ListSource[] = SOURCES): string {
  const refs: string[] = [];
  const names = sources.filter((s) => (s.purpose ?? 'names') === 'names');
  const wallets = sources.filter((s) => s.purpose === 'wallets');
  const needing = sources.filter((s) => s.needsOperator !== undefined);
  const parts = [
    'The nine original lists (v1 and v2 screen them):',
    table(
      names.filter((s) => s.legacy),
      refs,
    ),
    'Later lists (v2 screens them; the deprecated v1 does not):',
    table(
      names.filter((s) => !s.legacy),
      refs,
    ),
    'Wallet-only sources (wallet screening; not screened by name, not in entry details):',
    table(wallets, refs),
    'Lists that cannot load unattended from their publisher (downloading, they are left out unless they loaded ' +
      'before in this store or `SCREENING_LISTS` names them; `LISTS_DIR` carries them when it holds their folder; a ' +
      'mirror carries every list):',
    needing.map((s) => `- \`${s.slug}\`: ${cell(s.needsOperator!)}`).join('\n'),
    refs.join('\n'),
  ];
  return parts.join('\n\n');
}

/** The document with its generated part rewritten and the whole formatted as `prettier --write` would. */
export async function renderListsDoc(doc: string, sources: readonly ListSource[] = SOURCES): Promise<string> {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end < start)
    throw new Error(`${LISTS_DOC}: the markers ${START} and ${END} are missing or out of order`);
  const next = `${doc.slice(0, start + START.length)}\n\n${listsTables(sources)}\n\n${doc.slice(end)}`;
  const options = (await prettier.resolveConfig(LISTS_DOC)) ?? {};
  return prettier.format(next, { ...options, filepath: LISTS_DOC });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const current = fs.readFileSync(LISTS_DOC, 'utf8');
  const next = await renderListsDoc(current);
  if (next === current) console.log(`${path.relative(process.cwd(), LISTS_DOC)} is current`);
  else {
    fs.writeFileSync(LISTS_DOC, next);
    console.log(`${path.relative(process.cwd(), LISTS_DOC)}: tables of lists rewritten from the registry`);
  }
}
