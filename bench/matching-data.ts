// Real listed names for the matching benchmark: the ../shared/lists files parsed with our own list parsers.
import type { EntryFacts } from '../src/domain/facts.js';
import { pathFileSet } from '../src/lists/formats/local-file-set.js';
import type { EntryKind, ListEntry, ListSource } from '../src/lists/list-source.js';
import {
  DFAT_LEGACY_XLSX,
  dfatConsolidatedSource,
} from '../src/lists/sources/dfat_consolidated/dfat_consolidated-source.js';
import {
  CSL_CSV,
  itaConsolidatedSource,
} from '../src/lists/sources/ita_consolidated/ita_consolidated-source.js';
import { ofacConsolidatedSource } from '../src/lists/sources/ofac_consolidated/ofac_consolidated-source.js';
import { ofacSdnSource } from '../src/lists/sources/ofac_sdn/ofac_sdn-source.js';
import { OFSI_XLSX, ukSanctionsSource } from '../src/lists/sources/uk_sanctions/uk_sanctions-source.js';
import { unConsolidatedSource } from '../src/lists/sources/un_consolidated/un_consolidated-source.js';
import type { IndexInput } from '../src/matching/index.js';
import { sharedListFile } from '../src/test-support/shared-lists.js';

/** One listed party as the benchmark uses it: the index input plus its kind (and the facts its list publishes). */
export interface BenchEntry extends IndexInput {
  readonly kind: EntryKind;
  readonly facts?: EntryFacts;
}

/** A list file set of the benchmark: which parser reads which real files. */
interface RealList {
  readonly label: string;
  readonly source: ListSource;
  readonly paths: () => Record<string, string>;
}

/** The real files of the benchmark lists by slug and published file name (a LISTS_DIR for a server is built from these). */
export function realListPaths(): { slug: string; files: Record<string, string> }[] {
  return REAL_LISTS.map((r) => ({ slug: r.source.slug, files: r.paths() }));
}

const REAL_LISTS: readonly RealList[] = [
  {
    label: 'OFAC SDN 2024-05 (sdn.csv)',
    source: ofacSdnSource,
    paths: () => ({ 'sdn.csv': sharedListFile('ofac_sdn_2024-05', 'sdn.csv') }),
  },
  {
    label: 'OFAC consolidated non-SDN 2025-12',
    source: ofacConsolidatedSource,
    paths: () =>
      Object.fromEntries(
        ['cons_prim.csv', 'cons_alt.csv', 'cons_add.csv', 'cons_comments.csv'].map((f) => [
          f,
          sharedListFile('ofac_consolidated_nonsdn_2025-12', f),
        ]),
      ),
  },
  {
    label: 'UN consolidated (XML)',
    source: unConsolidatedSource,
    paths: () => ({ 'consolidated.xml': sharedListFile('un_consolidated', 'consolidated.xml') }),
  },
  {
    label: 'UK OFSI consolidated (XLSX)',
    source: ukSanctionsSource,
    paths: () => ({ [OFSI_XLSX]: sharedListFile('uk_ofsi_consolidated_list', 'UK_Sanctions_List.xlsx') }),
  },
  {
    label: 'AU DFAT 2024-12-06 (XLSX)',
    source: dfatConsolidatedSource,
    paths: () => ({
      [DFAT_LEGACY_XLSX]: sharedListFile('au_dfat_consolidated', 'regulation8_consolidated_2024-12-06.xlsx'),
    }),
  },
  {
    label: 'US CSL 2019-12 (ita_consolidated)',
    source: itaConsolidatedSource,
    paths: () => ({ [CSL_CSV]: sharedListFile('us_csl_subset', 'csl_subset_2019-12.csv') }),
  },
];

export interface ListLoad {
  readonly label: string;
  readonly slug: string;
  readonly entries: number;
  readonly names: number;
  readonly ms: number;
}

/** Parses every real list; returns the entries (names only, records dropped) and per-list counts. */
export async function loadRealEntries(): Promise<{ entries: BenchEntry[]; loads: ListLoad[] }> {
  const entries: BenchEntry[] = [];
  const loads: ListLoad[] = [];
  for (const real of REAL_LISTS) {
    const t0 = performance.now();
    let count = 0;
    let names = 0;
    for await (const e of real.source.parse(pathFileSet(real.paths())) as AsyncIterable<ListEntry>) {
      count++;
      const aliases = [...new Set(e.aliases)].filter((a) => a !== e.name);
      names += 1 + aliases.length;
      const input: BenchEntry = {
        list: e.list,
        sourceUid: e.sourceUid,
        name: e.name,
        aliases,
        kind: e.kind,
        ...(real.source.factsOf ? { facts: real.source.factsOf(e.record) } : {}),
        ...(e.weakAliases && e.weakAliases.length > 0 ? { weakAliases: e.weakAliases } : {}),
      };
      entries.push(input);
    }
    loads.push({
      label: real.label,
      slug: real.source.slug,
      entries: count,
      names,
      ms: performance.now() - t0,
    });
  }
  return { entries, loads };
}

/** Every name of an entry (primary first, then aliases). */
export function entryNames(e: IndexInput): string[] {
  return [e.name, ...e.aliases];
}

/** The match id our engine returns for an entry. */
export function entryId(e: IndexInput): string {
  return `${e.list}:${e.sourceUid}`;
}

/** Up to `n` items of `xs` drawn without replacement by `rng` (deterministic for a seed). */
export function sampleOf<T>(xs: readonly T[], n: number, rng: () => number): T[] {
  const pool = [...xs];
  const out: T[] = [];
  while (out.length < n && pool.length > 0) out.push(pool.splice(Math.floor(rng() * pool.length), 1)[0]!);
  return out;
}
