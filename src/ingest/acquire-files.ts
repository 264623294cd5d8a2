// Gets a source's files: from LISTS_DIR (local mode) or by download (publisher or mirror), choosing the
// first of the source's alternative file sets that is complete (retired sets: local mode and mirrors only).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dirFileSet } from '../lists/formats/local-file-set.js';
import type { FileSet, ListSource, SourceFile } from '../lists/list-source.js';
import type { FileValidators } from '../store/list-store.js';
import { DownloadError, downloadFile, type DownloadOptions } from './download-file.js';
import { expectedFiles, findLocalFiles, localFolders } from './local-files.js';
import { createPageFetcher } from './page-fetcher.js';

/** Where files come from for one run. */
export type FileOrigin =
  | { readonly kind: 'local'; readonly dir: string }
  | { readonly kind: 'remote'; readonly mirrorUrl: string | null; readonly download: DownloadOptions };

/** The files of one run, ready to parse, or the publisher's word that nothing changed. */
export type Acquired =
  | {
      readonly status: 'ready';
      readonly files: FileSet;
      readonly names: readonly string[];
      readonly checksum: string;
      readonly validators: Readonly<Record<string, FileValidators>>;
      cleanup(): void;
    }
  | { readonly status: 'not_modified' };

const required = (set: readonly SourceFile[]) => set.filter((f) => !f.optional);

function sha256File(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

/** One checksum over every file of the set, so an unchanged publication is recognised whatever its headers say. */
function combined(parts: Array<[string, string]>): string {
  const h = createHash('sha256');
  for (const [name, sum] of parts.sort(([a], [b]) => a.localeCompare(b))) h.update(`${name}:${sum}\n`);
  return h.digest('hex');
}

export async function acquireFiles(
  source: ListSource,
  origin: FileOrigin,
  previous: Readonly<Record<string, FileValidators>>,
): Promise<Acquired> {
  if (origin.kind === 'local') {
    const found = findLocalFiles(origin.dir, source);
    if (!found) {
      const where = localFolders(origin.dir, source).join(' or ');
      throw new DownloadError(`no complete file set in ${where} (expected ${expectedFiles(source)})`);
    }
    const present = found.set.filter((f) => found.onDisk[f.name] !== undefined);
    const onDisk = (name: string) => path.join(found.folder, found.onDisk[name]!);
    for (const f of present)
      if (fs.statSync(onDisk(f.name)).size === 0) throw new DownloadError(`${f.name} is an empty file`);
    return {
      status: 'ready',
      files: dirFileSet(found.folder, found.onDisk),
      names: present.map((f) => f.name),
      checksum: combined(present.map((f) => [f.name, sha256File(onDisk(f.name))])),
      validators: {},
      cleanup: () => undefined,
    };
  }

  if (source.crawl && !origin.mirrorUrl) return crawlFiles(source, source.crawl, origin.download);

  // A retired set is never fetched from its publisher, but a mirror may hold a frozen copy: with a mirror it is
  // tried after the current sets, as local mode would read it.
  const current = source.fileSets.filter((set) => !set.some((f) => f.retired));
  const retired = source.fileSets.filter((set) => set.some((f) => f.retired));
  const failures: string[] = [];
  for (const set of origin.mirrorUrl ? [...current, ...retired] : current) {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `list-${source.slug}-`));
    const cleanup = () => fs.rmSync(tmp, { recursive: true, force: true });
    try {
      const sums: Array<[string, string]> = [];
      const validators: Record<string, FileValidators> = {};
      const names: string[] = [];
      let unchanged = 0;
      for (const f of set) {
        const url = origin.mirrorUrl
          ? `${origin.mirrorUrl.replace(/\/$/, '')}/${source.slug}/${f.name}`
          : f.url;
        let result;
        try {
          result = await downloadFile(url, path.join(tmp, f.name), previous[f.name], origin.download);
        } catch (err) {
          // An optional file the publisher does not publish (404) is skipped; any other failure fails the
          // set, so a transient error never loads a list without, say, its aliases.
          if (f.optional && err instanceof DownloadError && err.httpStatus === 404) continue;
          throw new DownloadError(`${f.name}: ${(err as Error).message}`);
        }
        if (result.status === 'not_modified') {
          unchanged++;
          continue;
        }
        sums.push([f.name, result.sha256]);
        validators[f.name] = result.validators;
        names.push(f.name);
      }
      if (unchanged > 0 && names.length === 0) {
        cleanup();
        return { status: 'not_modified' };
      }
      if (unchanged > 0) {
        // Partly unchanged: we no longer hold the unchanged files, so fetch them again unconditionally.
        cleanup();
        return acquireFiles(source, origin, {});
      }
      return {
        status: 'ready',
        files: dirFileSet(tmp),
        names,
        checksum: combined(sums),
        validators,
        cleanup,
      };
    } catch (err) {
      cleanup();
      failures.push((err as Error).message);
    }
  }
  throw new DownloadError(failures.join('; '));
}

/** A paged publication: the source crawls it into the files its parse reads; no conditional GET is possible. */
async function crawlFiles(
  source: ListSource,
  crawl: NonNullable<ListSource['crawl']>,
  download: DownloadOptions,
): Promise<Acquired> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `list-${source.slug}-`));
  const cleanup = () => fs.rmSync(tmp, { recursive: true, force: true });
  try {
    const saved: string[] = [];
    await crawl.call(source, createPageFetcher(download), async (name, data) => {
      if (name.includes('/') || name.includes('\\') || name.startsWith('.'))
        throw new Error(`${source.slug}: crawl saved a bad file name ${name}`);
      await fs.promises.writeFile(path.join(tmp, name), data);
      saved.push(name);
    });
    const set = source.fileSets.find((s) => required(s).every((f) => saved.includes(f.name)));
    if (!set)
      throw new DownloadError(`crawl saved ${saved.join(', ') || 'nothing'}, not a complete file set`);
    const present = set.filter((f) => saved.includes(f.name));
    for (const f of present)
      if (fs.statSync(path.join(tmp, f.name)).size === 0)
        throw new DownloadError(`${f.name} is an empty file`);
    return {
      status: 'ready',
      files: dirFileSet(tmp),
      names: present.map((f) => f.name),
      checksum: combined(present.map((f) => [f.name, sha256File(path.join(tmp, f.name))])),
      validators: {},
      cleanup,
    };
  } catch (err) {
    cleanup();
    throw err instanceof DownloadError ? err : new DownloadError((err as Error).message);
  }
}
