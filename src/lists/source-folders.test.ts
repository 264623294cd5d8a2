// Every source folder looks the same inside (STYLE habit 14), checked here rather than remembered: the ListSource
// in `<slug>-source.ts`, bytes or pages in `read-*.ts` / `crawl-*.ts`, row to entry in `*-to-entry.ts`, its own
// `fixtures/`, one test, and nothing of another source's but its `<slug>-source.ts`.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOURCES } from './registry.js';

const dir = path.join(import.meta.dirname, 'sources');
const folders = fs
  .readdirSync(dir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();
const tsFiles = (folder: string) => fs.readdirSync(path.join(dir, folder)).filter((f) => f.endsWith('.ts'));

describe('source folders', () => {
  it('one folder per registered source, named by its slug', () => {
    expect(folders).toEqual(SOURCES.map((s) => s.slug).sort());
  });

  for (const folder of folders) {
    it(`${folder}: <slug>-source.ts, read-*/crawl-*, *-to-entry, fixtures/ and one test`, async () => {
      const files = tsFiles(folder);
      const module = (await import(path.join(dir, folder, `${folder}-source.js`))) as Record<string, unknown>;
      expect(Object.values(module)).toContain(SOURCES.find((s) => s.slug === folder));
      expect(files.filter((f) => f.endsWith('.test.ts'))).toEqual([`${folder}-source.test.ts`]);
      expect(fs.statSync(path.join(dir, folder, 'fixtures')).isDirectory()).toBe(true);
      const odd = files.filter(
        (f) =>
          !f.endsWith('.test.ts') &&
          f !== `${folder}-source.ts` &&
          !/^(?:read|crawl)-[a-z0-9-]+\.ts$/.test(f) &&
          !/^[a-z0-9-]+-to-entry\.ts$/.test(f),
      );
      expect(odd, 'files that are neither <slug>-source, read-*, crawl-* nor *-to-entry').toEqual([]);
      // A source built on another folder's source (ofac_consolidated, mixer_addresses) reads through that one.
      const builtOn = /from '\.\.\/[a-z_]+\/[a-z_]+-source\.js'/.test(
        fs.readFileSync(path.join(dir, folder, `${folder}-source.ts`), 'utf8'),
      );
      if (!builtOn) {
        expect(
          files.some((f) => /^(?:read|crawl)-/.test(f)),
          'a read-* or crawl-* file',
        ).toBe(true);
        expect(
          files.some((f) => f.endsWith('-to-entry.ts')),
          'a *-to-entry file',
        ).toBe(true);
      }
    });

    it(`${folder}: reaches into no other source folder but through its <slug>-source.ts`, () => {
      for (const f of tsFiles(folder)) {
        const text = fs.readFileSync(path.join(dir, folder, f), 'utf8');
        for (const [, other, file] of text.matchAll(/from '\.\.\/([a-z_]+)\/([^']+)'/g))
          expect(`${f} imports ../${other}/${file}`).toBe(`${f} imports ../${other}/${other}-source.js`);
      }
    });
  }
});
