// The arithmetic of a name's score, shared by the scorer (score-names.ts, name-index.ts) and the candidate bound
// (name-candidates.ts): pruning loses nothing only while the bound computes the very formula the score does, with
// the same penalties and factors, so neither side declares its own.

/** Unmatched listed weight costs this much (x its share) when two or more strong tokens paired... */
export const LISTED_PENALTY_MULTI = 0.35;
/** ...else this much: "John Smith" vs "John Michael Smith" stays high, "Smith" vs "John Smith" does not. */
export const LISTED_PENALTY_SINGLE = 0.7;
/**
 * ...and this much for a rare surname with only a particle or a title ("bin Laden", "President Putin": score-names.ts
 * rareSurnameQuery; a family name few parties carry, ScoreOptions.familyName): such a query names the family,
 * however many given names the listed party has.
 */
export const LISTED_PENALTY_RARE_SURNAME = 0.2;
/** Scores of names the publisher marks weak are multiplied by this. */
export const WEAK_ALIAS_FACTOR = 0.9;

/** The listed penalty when `strongPairs` pairs of strong tokens were made (a bound passes the most there can be). */
export function listedPenalty(strongPairs: number): number {
  return strongPairs >= 2 ? LISTED_PENALTY_MULTI : LISTED_PENALTY_SINGLE;
}

/** The token score from the two coverages (or its bound from theirs): 100 x qc x (1 - penalty x (1 - lc)). */
export function coverageScore(queryCoverage: number, listedCoverage: number, penalty: number): number {
  return 100 * queryCoverage * (1 - penalty * (1 - listedCoverage));
}

/** fuzzy_search: a token score lifted by the n-gram cosine, `vectorWeight` of the way to 100 x cosine. */
export function vectorScore(tokenScore: number, cosine: number, vectorWeight: number): number {
  return Math.max(tokenScore, (1 - vectorWeight) * tokenScore + vectorWeight * 100 * cosine);
}
