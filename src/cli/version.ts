// The package version (`screening --version`), read from package.json beside src/ and dist/ alike.
import fs from 'node:fs';

/** The `version` field of the package.json two folders up from this file (src/cli or dist/cli). */
export function packageVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}
