// Every source refuses its own fixture files cut short, the way a download cut by an orderly close (which HTTP
// cannot tell from a complete one) arrives: XML without its closing root element (and the OFAC SDN XML's
// Record_Count), CSV cut mid-record (and OFAC's legacy CSV at a line boundary, without its 0x1A byte), JSON
// without its closing bracket, XLSX without its zip directory, RSS without </rss>. HTML pages are not checked:
// their end tags are optional, and rows a cut page loses count towards the hold rule instead.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileSet, ListSource } from './list-source.js';
import { SOURCES } from './registry.js';
import { memoryFileSet } from '../test-support/memory-file-set.js';

const sourcesDir = path.join(import.meta.dirname, 'sources');

/** The fixture folders of a source that hold one of its complete file sets, with that set's file names. */
function fixtureSets(source: ListSource): Array<{ dir: string; files: string[] }> {
  const base = path.join(sourcesDir, source.slug, 'fixtures');
  if (!fs.existsSync(base)) return [];
  const dirs = [base, ...fs.readdirSync(base).map((d) => path.join(base, d))].filter((d) =>
    fs.statSync(d).isDirectory(),
  );
  const out: Array<{ dir: string; files: string[] }> = [];
  for (const dir of dirs)
    for (const set of source.fileSets) {
      if (!set.every((f) => f.optional || fs.existsSync(path.join(dir, f.name)))) continue;
      out.push({ dir, files: set.map((f) => f.name).filter((n) => fs.existsSync(path.join(dir, n))) });
      break;
    }
  return out;
}

/** The file cut short the way its format would hide it best. */
function cut(name: string, data: Buffer): Buffer {
  const text = data.toString('latin1');
  const ext = path.extname(name).toLowerCase();
  if (ext === '.xml') return Buffer.from(text.slice(0, text.lastIndexOf('</')), 'latin1');
  if (ext === '.json') return Buffer.from(text.slice(0, text.lastIndexOf('}')), 'latin1');
  if (ext === '.csv') {
    let end = text.length;
    while (end > 0 && '\r\n\u001a'.includes(text[end - 1]!)) end--;
    const body = text.slice(0, end);
    // Mid-record: the last record loses its last third.
    const lastLine = body.slice(body.lastIndexOf('\n') + 1);
    return Buffer.from(body.slice(0, body.length - Math.ceil(lastLine.length / 3)), 'latin1');
  }
  return data.subarray(0, Math.floor(data.length * 0.8));
}

async function parseAll(source: ListSource, files: FileSet): Promise<number> {
  let n = 0;
  for await (const _ of source.parse(files)) n++;
  return n;
}

/**
 * Files no check can tell cut: HTML (its end tags are optional; a page cut short loses rows the hold rule then
 * counts), metadata that adds no entry, and an empty file (nothing to cut).
 */
const UNCHECKED: Readonly<Record<string, string>> = {
  'bd_per.resource.json': 'CKAN resource metadata: read for the data date only',
};
const checked = (dir: string, file: string) =>
  !file.endsWith('.html') && !(file in UNCHECKED) && fs.statSync(path.join(dir, file)).size > 0;

describe('files cut short are refused, source by source', () => {
  const cases = SOURCES.flatMap((source) =>
    fixtureSets(source).flatMap(({ dir, files }) =>
      files
        .filter((file) => checked(dir, file))
        .map((file) => ({
          source,
          dir,
          files,
          file,
          label: `${source.slug} ${path.basename(dir) === 'fixtures' ? '' : `${path.basename(dir)}/`}${file}`,
        })),
    ),
  );

  it('finds fixture file sets for the file-based sources', () => {
    const slugs = new Set(cases.map((c) => c.source.slug));
    for (const slug of [
      'ofac_sdn',
      'ofac_consolidated',
      'un_consolidated',
      'eu_consolidated',
      'uk_sanctions',
      'ita_consolidated',
      'dfat_consolidated',
      'seco_consolidated',
      'sec',
      'hhs_oig_leie',
      'ebrd_ineligible',
      'interpol_red_notices',
      'ransomwhere',
    ])
      expect(slugs).toContain(slug);
  });

  it.each(cases)('$label', async ({ source, dir, files, file }) => {
    const contents = new Map<string, Buffer>(files.map((f) => [f, fs.readFileSync(path.join(dir, f))]));
    expect(await parseAll(source, memoryFileSet(contents))).toBeGreaterThan(0);
    contents.set(file, cut(file, contents.get(file)!));
    await expect(parseAll(source, memoryFileSet(contents))).rejects.toThrow();
  });
});
