// What ships is what runs: the build (tsconfig.build.json) compiles exactly the modules the CLI and its worker thread
// import, so no test, test support, fixture builder or synthetic data generator lands in dist/.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
// The programs dist/ starts: the package's bin and the worker thread the name index loads by URL.
const ENTRIES = ['src/cli/bin.ts', 'src/services/screening/bulk-worker.ts'];

function compiledFiles(): string[] {
  const file = path.join(ROOT, 'tsconfig.build.json');
  const { config } = ts.readConfigFile(file, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).fileNames.map((f) => path.relative(ROOT, f));
}

// Every source module the entries import, statically or dynamically (relative specifiers; packages aside).
function imported(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(path.join(ROOT, file), 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = path.join(path.dirname(file), fileName).replace(/\.js$/, '.ts');
      if (fs.existsSync(path.join(ROOT, target))) stack.push(target);
    }
  }
  return seen;
}

describe('the build', () => {
  const compiled = compiledFiles();

  it('compiles no test, test support or fixture', () => {
    expect(compiled.length).toBeGreaterThan(100);
    expect(compiled.filter((f) => /\.test\.ts$|\/test-support\/|\/fixtures\/|synthetic/.test(f))).toEqual([]);
  });

  it('compiles exactly what the CLI and the index worker import', () => {
    expect([...compiled].sort()).toEqual([...imported(ENTRIES)].sort());
  });
});
