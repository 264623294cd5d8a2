// Which registered lists this deployment carries (screening waits for every carried list), and why the others are
// left out. SCREENING_LISTS decides when set (fail closed on an explicit choice); otherwise LISTS_DIR carries the
// lists whose folders it holds, downloads carry every list that can load unattended, and a list that has ever
// loaded in this store stays carried (on its last good version, shown stale) so it is never dropped silently.
import { existingFolder, expectedFiles, localFolders } from '../../ingest/local-files.js';
import type { ListSource } from '../../lists/list-source.js';
import { enabledSources } from '../../lists/registry.js';

/** A registered list this deployment does not carry, and why (the catalog's `reason`). */
export interface NotCarried {
  readonly source: ListSource;
  readonly reason: string;
}

/** The outcome of the choice. */
export interface CarriedChoice {
  readonly carried: ListSource[];
  readonly notCarried: NotCarried[];
  /** Carried only because they loaded before: their files are not where this deployment looks for them. */
  readonly keptWithoutFiles: string[];
}

/** Where the choice looks. */
export interface CarriedOptions {
  /** SCREENING_LISTS; null when not set. */
  readonly enabled: readonly string[] | null;
  /** LISTS_DIR (or `ingest --from-dir`); null for downloads. */
  readonly listsDir: string | null;
  readonly mirrorUrl: string | null;
  /** Slugs with a version in this store. */
  readonly everLoaded: ReadonlySet<string>;
}

export function chooseCarried(all: readonly ListSource[], opts: CarriedOptions): CarriedChoice {
  if (opts.enabled !== null) {
    const carried = enabledSources(all, opts.enabled);
    return {
      carried,
      notCarried: all
        .filter((s) => !carried.includes(s))
        .map((source) => ({ source, reason: 'not named in SCREENING_LISTS' })),
      keptWithoutFiles: [],
    };
  }
  const carried: ListSource[] = [];
  const notCarried: NotCarried[] = [];
  const keptWithoutFiles: string[] = [];
  const { listsDir, mirrorUrl, everLoaded } = opts;
  for (const source of all) {
    const reason =
      listsDir !== null
        ? existingFolder(listsDir, source) === null
          ? `no folder ${localFolders(listsDir, source).join(' or ')} (expected ${expectedFiles(source)}; ` +
            '`screening lists layout` shows where to get them)'
          : null
        : mirrorUrl !== null
          ? null
          : (source.needsOperator ?? null);
    if (reason === null) carried.push(source);
    else if (everLoaded.has(source.slug)) {
      carried.push(source);
      keptWithoutFiles.push(source.slug);
    } else notCarried.push({ source, reason });
  }
  return { carried, notCarried, keptWithoutFiles };
}
