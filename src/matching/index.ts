// The matching engine's one face: build a name index (at once, or in stages spread over threads), search it, and
// the name normalisation and similarities other modules reuse. Nothing outside src/matching imports another of its
// files (eslint.config.js).
export { deriveKeys, keyJobs, packNameIndex } from './build-stages.js';
export type { KeyJob, KeyJobOptions, SealedIndex, TokenKeys } from './build-stages.js';
export { NameIndexBuilder } from './index-builder.js';
export type { IndexInput } from './index-builder.js';
export type { NameIndexData } from './index-data.js';
export { ENGINE_VERSION } from './engine-version.js';
export { KEYBOARD } from './keyboard.js';
export { buildNameIndex, MAX_MATCHES, NameIndex } from './name-index.js';
export type { MatchExplanation, QueryStats } from './name-index.js';
export { foldText, nameToken, normaliseName, tokenTexts } from './normalise-name.js';
export type { NameToken, NormalisedName } from './normalise-name.js';
export { tokenSimilarity } from './score-names.js';
export { jaroWinkler } from './string-similarity.js';
export {
  BIRTH_YEAR_TOLERANCE,
  checkQualifiers,
  factsView,
  QUALIFIER_PENALTIES,
  qualifiersAsFacts,
  qualifyComparison,
  qualifyMatches,
} from './qualifiers.js';
export type { FactsOf, QualifierCheck, QualifierOutcome } from './qualifiers.js';
