// The effectiveness report (issue 17): manipulated forms of names drawn from the loaded lists and clean names,
// screened at each search type; recall per kind of manipulation and alert rate per search type. Everything is
// drawn from one seeded generator, so one seed and one set of loaded lists give one report.
import { MANIPULATIONS, MANIPULATION_DESCRIPTIONS, type Manipulation } from '../../domain/effectiveness.js';
import type { NameSearcher, SearchType } from '../../domain/screening.js';
import { badRequest, conflict } from '../../errors.js';
import type { ListState } from '../list-state.js';
import { cleanNames } from './clean-names.js';
import { manipulate, type ManipulatedName } from './name-manipulations.js';
import { seededRandom, pickIndex } from './seeded-random.js';

/** The search types a report covers unless told otherwise, strictest first (its columns). */
const ALL_TYPES: readonly SearchType[] = [
  'strict_match',
  'standard_match',
  'permissive_match',
  'fuzzy_search',
];

/** Bounds of one run (the API's are lower: it runs on the service's event loop, in slices). */
export const MAX_PER_KIND = 1000;
export const MAX_CLEAN_NAMES = 10_000;

export interface EffectivenessOptions {
  readonly seed: number;
  /** Manipulated names per kind (fewer where not enough listed names allow the kind). */
  readonly perKind: number;
  readonly cleanNames: number;
  /** Default: all four, strictest first. */
  readonly searchTypes?: readonly SearchType[];
}

/** One kind of manipulation: how many forms were screened and how many found their party, per search type. */
export interface RecallRow {
  readonly kind: Manipulation;
  readonly description: string;
  readonly cases: number;
  readonly found: Partial<Record<SearchType, number>>;
  /** found / cases; null when no listed name allowed the kind (nothing was measured). */
  readonly recall: Partial<Record<SearchType, number | null>>;
}

export interface AlertRow {
  readonly search_type: SearchType;
  readonly names: number;
  /** Clean names with at least one match. */
  readonly alerts: number;
  readonly alert_rate: number | null;
}

/** A few of the generated forms per kind, so a reader sees what was screened. */
export interface SampleForm {
  readonly kind: Manipulation;
  readonly query: string;
  readonly listed_name: string;
  readonly id: string;
}

export interface EffectivenessReport {
  readonly seed: number;
  readonly per_kind: number;
  readonly clean_names: number;
  readonly search_types: SearchType[];
  /** Listed parties the names were drawn from (every loaded name list). */
  readonly parties: number;
  readonly recall: RecallRow[];
  readonly alert_rates: AlertRow[];
  readonly samples: SampleForm[];
  readonly clean_samples: string[];
}

interface Case extends ManipulatedName {
  readonly kind: Manipulation;
  readonly id: string;
}

/** Screenings per turn of the event loop (a run inside the service must not hold up other calls). */
const SLICE = 20;
const SAMPLES_PER_KIND = 3;
/** Parties tried per wanted form before a kind gives up (kinds that rarely apply, like other_script). */
const TRIES_PER_CASE = 40;
const MIN_TRIES = 20_000;

export class EffectivenessService {
  #running = false;

  constructor(private readonly lists: Pick<ListState, 'requireSearcher'>) {}

  /** One run at a time per process (a second one while it runs is a conflict: it costs CPU the service shares). */
  async run(opts: EffectivenessOptions): Promise<EffectivenessReport> {
    if (this.#running) throw conflict('an effectiveness report is being made; try again when it is done');
    this.#running = true;
    try {
      return await this.#run(opts);
    } finally {
      this.#running = false;
    }
  }

  async #run(opts: EffectivenessOptions): Promise<EffectivenessReport> {
    const types = opts.searchTypes ?? ALL_TYPES;
    if (!Number.isSafeInteger(opts.seed)) throw badRequest('seed must be an integer');
    if (!Number.isInteger(opts.perKind) || opts.perKind < 1 || opts.perKind > MAX_PER_KIND)
      throw badRequest(`per_kind must be an integer from 1 to ${MAX_PER_KIND}`);
    if (!Number.isInteger(opts.cleanNames) || opts.cleanNames < 0 || opts.cleanNames > MAX_CLEAN_NAMES)
      throw badRequest(`clean_names must be an integer from 0 to ${MAX_CLEAN_NAMES}`);
    if (types.length === 0) throw badRequest('search_types must name at least one search type');
    const searcher = this.lists.requireSearcher('v2');
    const cases = drawCases(searcher, opts.seed, opts.perKind);
    const clean = cleanNames(opts.cleanNames, seededRandom(opts.seed ^ 0x5eed));

    const found = new Map<Manipulation, Record<string, number>>();
    for (const kind of MANIPULATIONS) found.set(kind, Object.fromEntries(types.map((t) => [t, 0])));
    const alerts: Record<string, number> = Object.fromEntries(types.map((t) => [t, 0]));
    let done = 0;
    const tick = async (): Promise<void> => {
      if (++done % SLICE === 0) await new Promise<void>((r) => setImmediate(r));
    };
    for (const c of cases)
      for (const type of types) {
        if (isFound(searcher, c, type)) found.get(c.kind)![type]!++;
        await tick();
      }
    for (const name of clean)
      for (const type of types) {
        if (searcher.search(name, type, { lists: null, explain: false }).length > 0) alerts[type]!++;
        await tick();
      }

    const rate = (n: number, of: number): number | null => (of === 0 ? null : n / of);
    return {
      seed: opts.seed,
      per_kind: opts.perKind,
      clean_names: opts.cleanNames,
      search_types: [...types],
      parties: searcher.partyCount,
      recall: MANIPULATIONS.map((kind) => {
        const n = cases.filter((c) => c.kind === kind).length;
        const f = found.get(kind)!;
        return {
          kind,
          description: MANIPULATION_DESCRIPTIONS[kind],
          cases: n,
          found: f,
          recall: Object.fromEntries(types.map((t) => [t, rate(f[t]!, n)])),
        };
      }),
      alert_rates: types.map((t) => ({
        search_type: t,
        names: clean.length,
        alerts: alerts[t]!,
        alert_rate: rate(alerts[t]!, clean.length),
      })),
      samples: MANIPULATIONS.flatMap((kind) =>
        cases
          .filter((c) => c.kind === kind)
          .slice(0, SAMPLES_PER_KIND)
          .map((c) => ({ kind, query: c.query, listed_name: c.listedName, id: c.id })),
      ),
      clean_samples: clean.slice(0, SAMPLES_PER_KIND * 2),
    };
  }
}

/**
 * Up to `perKind` forms per kind, each from a different party, parties taken in a seeded random order (a partial
 * shuffle per kind) until enough forms are made or the kind's tries run out (kinds that rarely apply, like
 * other_script, look further).
 */
function drawCases(searcher: NameSearcher, seed: number, perKind: number): Case[] {
  const random = seededRandom(seed);
  const parties = searcher.partyCount;
  const cases: Case[] = [];
  const order = new Uint32Array(parties);
  for (const kind of MANIPULATIONS) {
    for (let i = 0; i < parties; i++) order[i] = i;
    const tries = Math.min(parties, Math.max(perKind * TRIES_PER_CASE, MIN_TRIES));
    let made = 0;
    for (let t = 0; t < tries && made < perKind; t++) {
      const j = t + pickIndex(random, parties - t);
      const i = order[j]!;
      order[j] = order[t]!;
      order[t] = i;
      const party = searcher.party(i);
      const form = manipulate(kind, party, random);
      if (form === null) continue;
      cases.push({ ...form, kind, id: party.id });
      made++;
    }
  }
  return cases;
}

/**
 * Whether the form finds its party: among a search's results, or, for another script (whose form the list holds
 * verbatim, so a search would find that alias itself), in a pairwise comparison with one of its Latin names.
 */
function isFound(searcher: NameSearcher, c: Case, type: SearchType): boolean {
  if (c.compareWith !== undefined)
    return c.compareWith.some((name) => searcher.compare(c.query, name, type).match);
  return searcher.search(c.query, type, { lists: null, explain: false }).some((m) => m.id === c.id);
}
