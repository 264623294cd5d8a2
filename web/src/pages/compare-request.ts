// The compare form's values and the POST /api/v2/compare body they become: two names, a search type and each
// side's optional qualifiers (side A's are checked against side B's as facts). Checked before sending with the
// API's limits, in its words, each problem naming its side.
import type { CompareRequest, SearchType } from '../api/api-types.ts';
import { checkQualifiers, NO_QUALIFIERS, qualifierFields, type QualifierDraft } from './qualifier-fields.ts';

export interface CompareFormValues {
  readonly nameA: string;
  readonly nameB: string;
  readonly searchType: SearchType;
  readonly qualifiersA: QualifierDraft;
  readonly qualifiersB: QualifierDraft;
}

export const EMPTY_COMPARE: CompareFormValues = {
  nameA: '',
  nameB: '',
  searchType: 'standard_match',
  qualifiersA: NO_QUALIFIERS,
  qualifiersB: NO_QUALIFIERS,
};

/** The API's limit on each name. */
export const MAX_COMPARE_NAME_CHARS = 512;

/** What is wrong with the form before sending, or null when it can be sent. */
export function checkCompare(v: CompareFormValues): string | null {
  for (const [label, name] of [
    ['Name A', v.nameA],
    ['Name B', v.nameB],
  ] as const) {
    const n = name.trim();
    if (!n) return `Enter ${label}.`;
    if (n.length > MAX_COMPARE_NAME_CHARS)
      return `${label} is longer than ${MAX_COMPARE_NAME_CHARS} characters (${n.length}); at most ${MAX_COMPARE_NAME_CHARS}.`;
  }
  for (const [side, draft] of [
    ['A', v.qualifiersA],
    ['B', v.qualifiersB],
  ] as const) {
    const problem = checkQualifiers(draft);
    if (problem) return `Side ${side}: ${problem}`;
  }
  return null;
}

/** The request body: names trimmed, each side's qualifiers only when some are given. */
export function compareBody(v: CompareFormValues): CompareRequest {
  const body: CompareRequest = { name_a: v.nameA.trim(), name_b: v.nameB.trim(), search_type: v.searchType };
  const a = qualifierFields(v.qualifiersA);
  const b = qualifierFields(v.qualifiersB);
  if (a) body.qualifiers_a = a;
  if (b) body.qualifiers_b = b;
  return body;
}
