// `compare A B` (the pairwise comparison) and `effectiveness` (the report for auditors: recall per kind of
// manipulated listed name, alert rate of clean names), in-process on the lists loaded in the store, as `screen`.
import { Command, InvalidArgumentError } from 'commander';
import type { Config } from '../config.js';
import { MANIPULATION_DESCRIPTIONS, type Manipulation } from '../domain/effectiveness.js';
import { SEARCH_TYPES, type SearchType } from '../domain/screening.js';
import {
  EffectivenessService,
  type EffectivenessReport,
} from '../services/effectiveness/effectiveness-service.js';
import { qualifyComparison } from '../matching/index.js';
import { checkName } from '../services/screening/name-list.js';
import { parseQualifiers, type QualifierInput } from '../services/screening/qualifier-input.js';
import { searchType, withSearcher } from './screen-commands.js';
import { formatTable, type Column } from './table.js';

const wholeNumber = (value: string): number => {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a whole number');
  return Number(value);
};

const pct = (x: number | null | undefined): string =>
  x === null || x === undefined ? 'n/a' : `${(100 * x).toFixed(1)}%`;

const fit = (line: string): string =>
  [...line].length <= 100 ? line : `${[...line].slice(0, 99).join('')}…`;

/** The report as the tables a compliance officer hands on. */
export function formatEffectiveness(r: EffectivenessReport): string {
  type Row = EffectivenessReport['recall'][number];
  const recallColumns: Column<Row>[] = [
    { title: 'manipulation', value: (row) => row.kind },
    { title: 'cases', value: (row) => row.cases, align: 'right' },
    ...r.search_types.map((t): Column<Row> => ({
      title: t,
      value: (row) => pct(row.recall[t]),
      align: 'right',
    })),
  ];
  type Alert = EffectivenessReport['alert_rates'][number];
  const alertColumns: Column<Alert>[] = [
    { title: 'search type', value: (a) => a.search_type },
    { title: 'clean names', value: (a) => a.names, align: 'right' },
    { title: 'alerts', value: (a) => a.alerts, align: 'right' },
    { title: 'alert rate', value: (a) => pct(a.alert_rate), align: 'right' },
  ];
  const kinds = Object.entries(MANIPULATION_DESCRIPTIONS) as [Manipulation, string][];
  return [
    `Screening effectiveness, seed ${r.seed}: up to ${r.per_kind} names per manipulation`,
    `drawn from ${r.parties.toLocaleString('en-US')} listed parties; ${r.clean_names} clean names`,
    '',
    'Recall: share of manipulated listed names that find their own listed party',
    formatTable(recallColumns, r.recall),
    '',
    'Alert rate: share of clean names (invented people and companies) with at least one match',
    formatTable(alertColumns, r.alert_rates),
    '',
    'Manipulations:',
    ...kinds.map(([k, d]) => `  ${k}: ${d}`),
    '',
    'Examples:',
    ...r.samples.map((s) => fit(`  ${s.kind}: "${s.query}" for "${s.listed_name}" (${s.id})`)),
  ].join('\n');
}

/** The qualifier checks a comparison's explanation carries (qualifyComparison). */
interface QualifierLines {
  name_score: number;
  adjustment: number;
  checks: { fact: string; outcome: string; effect: number; detail: string }[];
}

/** One side's qualifier options (`--a-…` or `--b-…`), as the API's fields. */
interface SideOptions {
  birthDate?: string;
  country?: string;
  entityType?: string;
}

/** A side's options in the API's field names; countries comma-separated as in `screen --country`. */
function qualifierInput(o: SideOptions): QualifierInput {
  return {
    birth_date: o.birthDate,
    country: o.country
      ?.split(',')
      .map((c) => c.trim())
      .filter(Boolean),
    entity_type: o.entityType,
  };
}

/** Adds `--<side>-birth-date`, `--<side>-country` and `--<side>-entity-type` to `compare`. */
function withSideQualifiers(cmd: Command, side: 'a' | 'b'): Command {
  const name = side.toUpperCase();
  return cmd
    .option(
      `--${side}-birth-date <date>`,
      `name ${name}'s date or year of birth (YYYY, YYYY-MM or YYYY-MM-DD)`,
    )
    .option(`--${side}-country <countries>`, `name ${name}'s country codes or names, comma-separated`)
    .option(`--${side}-entity-type <kind>`, `name ${name}'s kind: person, entity, vessel or aircraft`);
}

const side = (o: Record<string, string | undefined>, s: 'a' | 'b'): SideOptions => ({
  birthDate: o[`${s}BirthDate`],
  country: o[`${s}Country`],
  entityType: o[`${s}EntityType`],
});

export function compareCommands(config: () => Config): Command[] {
  const base = new Command('compare')
    .description(
      'score name A against name B as a search for A would score a listed B, and explain it; with qualifiers ' +
        '(--a-… against --b-…), a contradiction lowers the score as in POST /api/v2/compare',
    )
    .argument('<nameA>', 'the name screened')
    .argument('<nameB>', 'the name it is compared with (the listed side)')
    .option(
      '--search-type <searchType>',
      `one of ${SEARCH_TYPES.join(', ')}`,
      searchType,
      'standard_match' as SearchType,
    )
    .option('--json', 'print the comparison as JSON', false);
  const compare = withSideQualifiers(withSideQualifiers(base, 'a'), 'b').action(
    async (nameA: string, nameB: string, opts: { searchType: SearchType; json: boolean }) => {
      const a = checkName('name A', nameA);
      const b = checkName('name B', nameB);
      const raw = opts as unknown as Record<string, string | undefined>;
      // The API's parsing, the fields named by their flags' side ("a.birth_date").
      const qa = parseQualifiers(qualifierInput(side(raw, 'a')), 'a.');
      const qb = parseQualifiers(qualifierInput(side(raw, 'b')), 'b.');
      await withSearcher(config(), async (searcher) => {
        const result = qualifyComparison(searcher.compare(a, b, opts.searchType), qa, qb);
        if (opts.json) {
          console.log(JSON.stringify(result, null, 2));
          return;
        }
        console.log(
          `${result.match ? 'match' : 'no match'}: score ${result.score} ` +
            `(${opts.searchType} threshold ${result.threshold})`,
        );
        const e = result.explanation as {
          pairs: { query: string; listed: string; similarity: number; weight: number }[];
          unmatched_query: string[];
          unmatched_listed: string[];
        };
        if (e.pairs.length > 0)
          console.log(
            formatTable(
              [
                { title: 'A token', value: (p) => p.query },
                { title: 'B token', value: (p) => p.listed },
                { title: 'similarity', value: (p) => p.similarity.toFixed(3), align: 'right' },
                { title: 'weight', value: (p) => p.weight.toFixed(2), align: 'right' },
              ],
              e.pairs,
            ),
          );
        if (e.unmatched_query.length > 0) console.log(`unmatched in A: ${e.unmatched_query.join(' ')}`);
        if (e.unmatched_listed.length > 0) console.log(`unmatched in B: ${e.unmatched_listed.join(' ')}`);
        const q = (result.explanation as { qualifiers?: QualifierLines }).qualifiers;
        if (q) {
          console.log(`qualifiers: name score ${q.name_score}, adjustment ${q.adjustment}`);
          for (const c of q.checks) console.log(`  ${c.fact}: ${c.outcome} (${c.effect}): ${c.detail}`);
        }
      });
    },
  );

  const effectiveness = new Command('effectiveness')
    .description(
      'screen manipulated forms of listed names and clean names; print recall per manipulation and alert rate per search type',
    )
    .option(
      '--seed <n>',
      'the seed every sample is drawn from (same seed, same lists: same report)',
      wholeNumber,
      1,
    )
    .option('--per-kind <n>', 'manipulated names per kind of manipulation', wholeNumber, 100)
    .option('--clean <n>', 'clean names screened for the alert rates', wholeNumber, 500)
    .option('--json', 'print the report as JSON', false)
    .action(async (opts: { seed: number; perKind: number; clean: number; json: boolean }) => {
      await withSearcher(config(), async (searcher) => {
        const report = await new EffectivenessService({ requireSearcher: () => searcher }).run({
          seed: opts.seed,
          perKind: opts.perKind,
          cleanNames: opts.clean,
        });
        console.log(opts.json ? JSON.stringify(report, null, 2) : formatEffectiveness(report));
      });
    });
  return [compare, effectiveness];
}
