// The optional qualifiers a screened name may carry (date of birth, countries, kind of party), as the forms take
// them and as the API takes them (`birth_date`, `country`, `entity_type` on bulk records and on subjects). Checked
// here with the API's own rules, in its words, so a mistake is said before anything is sent; a country name the
// server does not know is still its 400 ("unknown country"), since the names it reads live on the server.
import type { SubjectInput } from '../api/api-types.ts';

export type EntityType = NonNullable<SubjectInput['entity_type']>;

/** The kinds of party a query may name, in the order the forms offer them (checked against the API's set). */
export const ENTITY_TYPES = [
  'person',
  'entity',
  'vessel',
  'aircraft',
] as const satisfies readonly EntityType[];

/** The qualifier inputs as typed: the countries as one line, the kind '' when not given. */
export interface QualifierDraft {
  readonly birthDate: string;
  readonly countries: string;
  readonly entityType: EntityType | '';
}

export const NO_QUALIFIERS: QualifierDraft = { birthDate: '', countries: '', entityType: '' };

/** The qualifier fields of a bulk record or a subject. */
export interface QualifierFields {
  birth_date?: string;
  country?: string[];
  entity_type?: EntityType;
}

/** The API's limits: at most 20 countries, each at most 100 characters. */
export const MAX_COUNTRIES = 20;
export const MAX_COUNTRY_CHARS = 100;

/** The countries typed, split on commas and semicolons ("RU, BY"), blanks dropped. */
export function splitCountries(text: string): string[] {
  return text
    .split(/[,;]/)
    .map((c) => c.trim())
    .filter(Boolean);
}

/** Whether the API reads this as a date of birth (YYYY, YYYY-MM or YYYY-MM-DD, a real date, 1800–2100). */
export function isBirthDate(value: string): boolean {
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(value);
  const y = m ? Number(m[1]) : 0;
  const mo = m?.[2] ? Number(m[2]) : null;
  const d = m?.[3] ? Number(m[3]) : null;
  const days = mo === null ? 31 : new Date(Date.UTC(y, mo, 0)).getUTCDate();
  const ok =
    m !== null &&
    y >= 1800 &&
    y <= 2100 &&
    (mo === null || (mo >= 1 && mo <= 12)) &&
    (d === null || (d >= 1 && d <= days));
  return ok;
}

/** What is wrong with the qualifiers typed, in the API's words, or null when they can be sent. */
export function checkQualifiers(draft: QualifierDraft): string | null {
  const birth = draft.birthDate.trim();
  if (birth && !isBirthDate(birth))
    return `Date of birth must be a date written YYYY, YYYY-MM or YYYY-MM-DD (got “${birth}”).`;
  const countries = splitCountries(draft.countries);
  if (countries.length > MAX_COUNTRIES)
    return `Country holds ${countries.length} countries; at most ${MAX_COUNTRIES}.`;
  const long = countries.find((c) => c.length > MAX_COUNTRY_CHARS);
  if (long !== undefined)
    return `Country “${long.slice(0, 40)}…” is longer than ${MAX_COUNTRY_CHARS} characters; give its ISO code or name.`;
  return null;
}

/** A qualifier cell the API would refuse: its column and what is wrong, in the API's words. */
export interface QualifierCellProblem {
  readonly column: 'birth_date' | 'country' | 'entity_type';
  readonly problem: string;
}

/**
 * The first of one imported row's qualifier cells the API would refuse, with its column and the problem in the API's
 * field names as its 400s say them ("birth_date must be …"), or null. The kind is checked here too: a CSV cell is
 * free text.
 */
export function rowQualifierCellProblem(
  birthDate: string,
  countries: string,
  entityType: string,
): QualifierCellProblem | null {
  if (birthDate && !isBirthDate(birthDate))
    return {
      column: 'birth_date',
      problem: `birth_date must be a date written YYYY, YYYY-MM or YYYY-MM-DD (got '${birthDate}')`,
    };
  const list = splitCountries(countries);
  if (list.length > MAX_COUNTRIES)
    return { column: 'country', problem: `country holds ${list.length} countries; at most ${MAX_COUNTRIES}` };
  if (list.some((c) => c.length > MAX_COUNTRY_CHARS))
    return {
      column: 'country',
      problem: `country: a country is longer than ${MAX_COUNTRY_CHARS} characters`,
    };
  if (entityType && !(ENTITY_TYPES as readonly string[]).includes(entityType))
    return {
      column: 'entity_type',
      problem: `entity_type must be one of ${ENTITY_TYPES.join(', ')} (got '${entityType}')`,
    };
  return null;
}

/** What is wrong with one imported row's qualifier cells (rowQualifierCellProblem without the column), or null. */
export function rowQualifierProblem(birthDate: string, countries: string, entityType: string): string | null {
  return rowQualifierCellProblem(birthDate, countries, entityType)?.problem ?? null;
}

/** The fields to send, or null when no qualifier is given (the screening is by name only). */
export function qualifierFields(draft: QualifierDraft): QualifierFields | null {
  const out: QualifierFields = {};
  const birth = draft.birthDate.trim();
  if (birth) out.birth_date = birth;
  const countries = splitCountries(draft.countries);
  if (countries.length > 0) out.country = countries;
  if (draft.entityType) out.entity_type = draft.entityType;
  return Object.keys(out).length > 0 ? out : null;
}

/** The qualifiers sent, in words for a results line: "date of birth 1952 · country RU, BY · kind person". */
export function describeQualifiers(q: QualifierFields): string {
  const parts: string[] = [];
  if (q.birth_date) parts.push(`date of birth ${q.birth_date}`);
  if (q.country && q.country.length > 0)
    parts.push(`${q.country.length === 1 ? 'country' : 'countries'} ${q.country.join(', ')}`);
  if (q.entity_type) parts.push(`kind ${q.entity_type}`);
  return parts.join(' · ');
}
