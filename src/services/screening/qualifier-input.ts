// The qualifiers a caller adds to a name (birth_date, country, entity_type), checked and normalised: a 400 naming
// the field for a malformed date, an unknown country or kind. Countries resolve from codes, names and demonyms.
import type { QueryQualifiers } from '../../domain/facts.js';
import { QUERY_ENTITY_TYPES } from '../../domain/facts.js';
import { badRequest } from '../../errors.js';
import { countryCode } from '../../lists/facts/country-codes.js';

/** The qualifier fields as the API takes them. */
export interface QualifierInput {
  readonly birth_date?: string | null;
  readonly country?: string | readonly string[] | null;
  readonly entity_type?: string | null;
}

/** At most this many countries per query. */
export const MAX_QUERY_COUNTRIES = 20;

const DATE = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

function birthDate(field: string, value: string): string {
  const m = DATE.exec(value.trim());
  const [y, mo, d] = m ? [+m[1]!, m[2] ? +m[2] : null, m[3] ? +m[3] : null] : [0, null, null];
  const days = mo === null ? 31 : new Date(Date.UTC(y, mo, 0)).getUTCDate();
  if (
    !m ||
    y < 1800 ||
    y > 2100 ||
    (mo !== null && (mo < 1 || mo > 12)) ||
    (d !== null && (d < 1 || d > days))
  )
    throw badRequest(`${field} must be a date written YYYY, YYYY-MM or YYYY-MM-DD (got '${value}')`);
  return value.trim();
}

function countries(field: string, value: string | readonly string[]): string[] {
  const given = typeof value === 'string' ? [value] : value;
  if (given.length > MAX_QUERY_COUNTRIES)
    throw badRequest(`${field} holds ${given.length} countries; at most ${MAX_QUERY_COUNTRIES}`);
  const out: string[] = [];
  for (const c of given) {
    const code = countryCode(c);
    if (code === null)
      throw badRequest(
        `${field}: unknown country '${c}' (give an ISO 3166 alpha-2 or alpha-3 code, or an English, French, German or Spanish name)`,
      );
    if (!out.includes(code)) out.push(code);
  }
  return out;
}

/** The qualifiers of one query, or undefined when none is given; `field` prefixes the names in error messages. */
export function parseQualifiers(input: QualifierInput, field = ''): QueryQualifiers | undefined {
  const q: { birthDate?: string; countries?: string[]; entityType?: QueryQualifiers['entityType'] } = {};
  if (input.birth_date !== undefined && input.birth_date !== null)
    q.birthDate = birthDate(`${field}birth_date`, input.birth_date);
  if (input.country !== undefined && input.country !== null) {
    const list = countries(`${field}country`, input.country);
    if (list.length > 0) q.countries = list;
  }
  if (input.entity_type !== undefined && input.entity_type !== null) {
    const kind = QUERY_ENTITY_TYPES.find((k) => k === input.entity_type);
    if (!kind)
      throw badRequest(
        `${field}entity_type must be one of ${QUERY_ENTITY_TYPES.join(', ')} (got '${input.entity_type}')`,
      );
    q.entityType = kind;
  }
  return Object.keys(q).length > 0 ? q : undefined;
}
