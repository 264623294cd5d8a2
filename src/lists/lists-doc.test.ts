// docs/lists.md carries the tables scripts/lists-table.ts writes from the registry: a stale table fails here.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LISTS_DOC, listsTables, renderListsDoc } from '../../scripts/lists-table.js';
import { SOURCES } from './registry.js';

describe('docs/lists.md', () => {
  it('holds the tables the registry gives (when this fails, run `npm run docs:lists` and commit the result)', async () => {
    const committed = fs.readFileSync(LISTS_DOC, 'utf8');
    expect(committed, 'docs/lists.md is stale: run `npm run docs:lists`').toBe(
      await renderListsDoc(committed),
    );
  });

  it('names every registered source with its official addresses, and notices a change to any of them', async () => {
    const tables = listsTables();
    for (const s of SOURCES) {
      expect(tables).toContain(`[\`${s.slug}\`](lists/${s.slug}.md)`);
      for (const f of s.fileSets.flat()) expect(tables).toContain(`]: ${f.url}`);
    }
    for (const s of SOURCES.filter((x) => x.needsOperator !== undefined))
      expect(tables).toContain(`- \`${s.slug}\`: `);
    const committed = fs.readFileSync(LISTS_DOC, 'utf8');
    const renamed = SOURCES.map((s) => (s.slug === 'un_consolidated' ? { ...s, title: 'Renamed list' } : s));
    expect(await renderListsDoc(committed, renamed)).not.toBe(committed);
  });

  it('refuses a document whose markers are missing', async () => {
    await expect(renderListsDoc('# Lists\n')).rejects.toThrow(/markers/);
  });
});
