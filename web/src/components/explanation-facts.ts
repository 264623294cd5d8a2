// The facts and qualifier checks an explanation may carry (src/matching/qualifiers.ts), read defensively: the
// listed party's facts as label/value rows, the checks as rows in words. Absent or malformed parts read as none.

/** One qualifier check as the dashboard shows it. */
export interface CheckRow {
  readonly fact: string;
  readonly outcome: string;
  readonly effect: number;
  readonly detail: string;
}

/** The qualifier checks of a match: the name score before them, their summed effect and each check. */
export interface QualifierSummary {
  readonly nameScore: number | null;
  readonly adjustment: number;
  readonly checks: readonly CheckRow[];
}

const FACT_LABELS: Readonly<Record<string, string>> = {
  birth_date: 'Date of birth',
  country: 'Country',
  entity_type: 'Kind of party',
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

/** The listed party's facts as [label, value] rows; only those the listing publishes (a kind `unknown` is left out). */
export function listedFacts(explanation: unknown): [string, string][] {
  if (!isObject(explanation) || !isObject(explanation['facts'])) return [];
  const f = explanation['facts'];
  const rows: [string, string][] = [];
  const births = strings(f['birth_dates']);
  if (births.length > 0) rows.push(['Listed dates of birth', births.join(', ')]);
  const countries = strings(f['countries']);
  if (countries.length > 0) rows.push(['Listed countries', countries.join(', ')]);
  const kind = f['entity_type'];
  if (typeof kind === 'string' && kind !== 'unknown') rows.push(['Listed kind of party', kind]);
  return rows;
}

/** The qualifier checks, or null when the query gave no qualifiers. */
export function qualifierSummary(explanation: unknown): QualifierSummary | null {
  if (!isObject(explanation) || !isObject(explanation['qualifiers'])) return null;
  const q = explanation['qualifiers'];
  const checks = (Array.isArray(q['checks']) ? q['checks'] : []).filter(isObject).map((c) => ({
    fact: typeof c['fact'] === 'string' ? c['fact'] : '?',
    outcome: typeof c['outcome'] === 'string' ? c['outcome'] : '?',
    effect: typeof c['effect'] === 'number' ? c['effect'] : 0,
    detail: typeof c['detail'] === 'string' ? c['detail'] : '',
  }));
  return {
    nameScore: typeof q['name_score'] === 'number' ? q['name_score'] : null,
    adjustment: typeof q['adjustment'] === 'number' ? q['adjustment'] : 0,
    checks,
  };
}

/** A fact's name in words (`birth_date` → "Date of birth"). */
export const factLabel = (fact: string): string => FACT_LABELS[fact] ?? fact;

/** A check's outcome in words. */
export function outcomeText(c: CheckRow): string {
  if (c.outcome === 'contradicts') return `contradicts (${c.effect} points)`;
  if (c.outcome === 'match') return 'agrees (no change)';
  if (c.outcome === 'unknown') return 'not published (no change)';
  return c.outcome;
}
