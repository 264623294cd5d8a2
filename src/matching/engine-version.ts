// The matching engine's version. Bump it in the same change as anything that alters who matches or how a match
// scores (normalisation, keys, candidates, the score formula, thresholds): a deployment then sees that its monitored
// subjects were screened by an older engine and offers a full re-screen (POST /api/v2/subjects/rescreen).
/** The engine's version: a date and a counter, compared for equality only. */
export const ENGINE_VERSION = '2026-11-28.5';
